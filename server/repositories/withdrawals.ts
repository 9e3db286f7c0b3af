// Withdrawals (decision 0019): the amount is held the moment the request is stored, under the customer's row lock and
// only if it fits what can be withdrawn now, so concurrent requests can never together take more than the free
// margin; a rejection or a cancellation releases the hold, a payout captures it. Every change of status is one
// conditional UPDATE on the status it leaves, so each takes effect once, and its ledger row commits with it.
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Withdrawal, WithdrawalStatus } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { deposits, users, withdrawals } from '../db/schema'
import { withdrawalReference } from '../funds/references'
import { moneyToJson } from '../lib/money'
import { postToLedger, type LedgerExecutor } from './ledger'
import { openPositionsOf, type Position } from './trades'

export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>
export type WithdrawalRow = typeof withdrawals.$inferSelect
type Executor = Pick<Db, 'select' | 'update' | 'insert'>

export const WITHDRAWALS_LIST_LIMIT = 100
/** Held: in review or approved (not yet paid out). */
export const HOLDING_STATUSES = ['in_review', 'approved'] as const satisfies readonly WithdrawalStatus[]

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    status: row.status,
    method: row.method,
    amount: moneyToJson(row.amountUsd),
    reference: row.reference,
    destination: row.destination,
    reason: row.decisionReason,
    payout_reference: row.payoutReference,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  }
}

/** Where the money goes, as stored: the method's own columns (bank details whole, for the payout). */
export type WithdrawalTarget =
  | { method: 'card'; cardDepositId: number }
  | {
      method: 'crypto'
      coin: 'bitcoin' | 'ethereum' | 'tether'
      network: 'bitcoin' | 'erc20' | 'trc20'
      address: string
    }
  | { method: 'bank'; holder: string; iban: string; bic: string; bankName: string }

export interface WithdrawalDraft {
  userId: number
  amountUsd: string
  target: WithdrawalTarget
  /** Already masked for people. */
  destination: string
  idempotencyKey: string
  requestHash: string
  now: Date
}

/** What the check sees, read under the customer's row lock. */
export interface AccountForWithdrawal {
  status: 'pending' | 'active' | 'deactivated'
  balanceUsd: string
  openPositions: Position[]
}

export type CreateWithdrawalResult =
  | { kind: 'created'; row: WithdrawalRow }
  | { kind: 'replayed'; row: WithdrawalRow }
  | { kind: 'key_reused' }
  | { kind: 'refused'; message: string }

/**
 * Reverses a withdrawal's hold: a 'withdrawal_release' row (the unique index books it at most once) in the caller's
 * transaction, after the conditional UPDATE that left a holding status.
 */
async function release(tx: LedgerExecutor, row: WithdrawalRow, now: Date): Promise<void> {
  await postToLedger(tx, {
    userId: row.userId,
    account: 'trading',
    kind: 'withdrawal_release',
    amountUsd: row.amountUsd,
    floorAtZero: false,
    withdrawalId: row.id,
    now,
  })
}

/** in_review to approved or rejected (the request queue's decision); a rejection releases the hold. */
export async function decideWithdrawal(
  tx: Executor & LedgerExecutor,
  id: number,
  decision: 'approve' | 'reject',
  context: { adminId: number; reason: string | null; now: Date },
): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .update(withdrawals)
    .set({
      status: decision === 'approve' ? 'approved' : 'rejected',
      decidedById: context.adminId,
      decidedAt: context.now,
      decisionReason: context.reason,
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'in_review')))
    .returning()
  if (row && decision === 'reject') await release(tx, row, context.now)
  return row
}

export function createWithdrawalsRepository(db: Db) {
  return {
    async list(userId: number, limit = WITHDRAWALS_LIST_LIMIT): Promise<Withdrawal[]> {
      const rows = await db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.userId, userId))
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit)
      return rows.map(toWithdrawal)
    },

    async find(id: number, userId?: number): Promise<WithdrawalRow | undefined> {
      const [row] = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.id, id), userId === undefined ? undefined : eq(withdrawals.userId, userId)))
      return row
    },

    /** USD held for the customer's withdrawals not yet paid out (already out of the balance). */
    async reservedUsd(userId: number): Promise<string> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${withdrawals.amountUsd}), 0)::numeric(18, 2)::text` })
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, [...HOLDING_STATUSES])))
      return row?.total ?? '0.00'
    },

    /** The completed card deposit a card withdrawal goes back to, if it is the customer's. */
    async cardOfDeposit(userId: number, depositId: number) {
      const [row] = await db
        .select({ brand: deposits.cardBrand, last4: deposits.cardLast4 })
        .from(deposits)
        .where(
          and(
            eq(deposits.id, depositId),
            eq(deposits.userId, userId),
            eq(deposits.method, 'card'),
            eq(deposits.status, 'completed'),
          ),
        )
      return row?.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : undefined
    },

    /**
     * Stores the request as in_review and holds its amount, in one transaction under the customer's row lock: the
     * key is looked up first (same request: the first answer; another: key_reused), then `check` sees the balance
     * and open positions as they are under the lock and may refuse. The hold's UPDATE refuses a balance below zero
     * as a last guard.
     */
    async create(
      draft: WithdrawalDraft,
      check: (account: AccountForWithdrawal) => string | undefined,
    ): Promise<CreateWithdrawalResult> {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select({ status: users.status, balanceUsd: users.balanceUsd })
          .from(users)
          .where(eq(users.id, draft.userId))
          .for('update')
        if (!account) return { kind: 'refused', message: 'Your account no longer exists.' }

        const [existing] = await tx
          .select()
          .from(withdrawals)
          .where(
            and(eq(withdrawals.userId, draft.userId), eq(withdrawals.idempotencyKey, draft.idempotencyKey)),
          )
        if (existing) {
          return existing.requestHash === draft.requestHash
            ? { kind: 'replayed', row: existing }
            : { kind: 'key_reused' }
        }

        const refusal = check({ ...account, openPositions: await openPositionsOf(tx, draft.userId) })
        if (refusal !== undefined) return { kind: 'refused', message: refusal }

        const { target } = draft
        const [row] = await tx
          .insert(withdrawals)
          .values({
            userId: draft.userId,
            status: 'in_review',
            method: target.method,
            amountUsd: draft.amountUsd,
            reference: withdrawalReference(),
            destination: draft.destination,
            cardDepositId: target.method === 'card' ? target.cardDepositId : null,
            cryptoCoin: target.method === 'crypto' ? target.coin : null,
            cryptoNetwork: target.method === 'crypto' ? target.network : null,
            cryptoAddress: target.method === 'crypto' ? target.address : null,
            bankHolder: target.method === 'bank' ? target.holder : null,
            bankIban: target.method === 'bank' ? target.iban : null,
            bankBic: target.method === 'bank' ? target.bic : null,
            bankName: target.method === 'bank' ? target.bankName : null,
            idempotencyKey: draft.idempotencyKey,
            requestHash: draft.requestHash,
            createdAt: draft.now,
          })
          .returning()
        if (!row) throw new Error('insert into withdrawals returned no row')
        const hold = await postToLedger(tx, {
          userId: draft.userId,
          account: 'trading',
          kind: 'withdrawal_hold',
          amountUsd: `-${draft.amountUsd}`,
          floorAtZero: true,
          withdrawalId: row.id,
          now: draft.now,
        })
        // The check above already kept the amount within the balance; this is the database's word on it.
        if (!hold) throw new Error(`withdrawal ${row.id} would take the balance below zero`)
        return { kind: 'created', row }
      })
    },

    /** The customer's cancel while in review: releases the hold. Undefined when not (or no longer) in review. */
    async cancel(userId: number, id: number, now: Date): Promise<WithdrawalRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(withdrawals)
          .set({ status: 'cancelled', cancelledAt: now })
          .where(
            and(eq(withdrawals.id, id), eq(withdrawals.userId, userId), eq(withdrawals.status, 'in_review')),
          )
          .returning()
        if (row) await release(tx, row, now)
        return row
      })
    },

    /**
     * approved to sent with the payout's reference: the hold is captured (nothing more is booked). `audit` writes
     * the admin's audit row in the same transaction. Undefined when the withdrawal is not approved.
     */
    async markSent(
      id: number,
      payoutReference: string,
      now: Date,
      audit: (tx: Executor, row: WithdrawalRow) => Promise<void>,
    ): Promise<WithdrawalRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(withdrawals)
          .set({ status: 'sent', sentAt: now, payoutReference })
          .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'approved')))
          .returning()
        if (row) await audit(tx, row)
        return row
      })
    },
  }
}

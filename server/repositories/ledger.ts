// The ledger as the back office reads and writes it (docs/architecture.md#money-requests-files-and-mail: every
// movement of money is a ledger row written in the same transaction as its cause). An adjustment locks the customer's
// row, so adjustments to one account are applied one at a time; the Idempotency-Key is unique per customer in the
// database, so a retried or raced request books once; the balance can never be taken below zero; and its audit row
// commits with it.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { AdjustmentKind, LedgerEntry } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { ledgerEntries, users } from '../db/schema'
import { moneyToJson } from '../lib/money'
import { recordAudit, type AuditActor } from './audit'

export type LedgerRepository = ReturnType<typeof createLedgerRepository>
type LedgerRow = typeof ledgerEntries.$inferSelect

export interface Adjustment {
  userId: number
  /** Signed, at most two decimals, as the contract validated it: never through a float. */
  amountUsd: string
  kind: AdjustmentKind
  reason: string
  idempotencyKey: string
  actor: AuditActor
  now: Date
}

export type AdjustmentResult =
  | { kind: 'adjusted'; entry: LedgerEntry; balanceUsd: string }
  | { kind: 'replayed'; entry: LedgerEntry; balanceUsd: string }
  /** The key was used for a different adjustment of this customer. */
  | { kind: 'key_reused' }
  | { kind: 'below_zero' }
  | { kind: 'not_a_customer' }
  | { kind: 'not_found' }

/** How many movements the client page shows. */
export const LEDGER_VIEW_LIMIT = 50

export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    adjustment_kind: row.adjustmentKind,
    amount: moneyToJson(row.amountUsd),
    balance_after: moneyToJson(row.balanceAfterUsd),
    reason: row.reason,
    trade_id: row.tradeId,
    account: row.account,
    created_at: row.createdAt.toISOString(),
  }
}

/** A database handle or an open transaction. */
export type LedgerExecutor = Pick<Db, 'update' | 'insert'>

export interface Posting {
  userId: number
  account: LedgerRow['account']
  kind: LedgerRow['kind']
  /** Signed, numeric(18,2) as text (or an SQL expression of one): never through a float. */
  amountUsd: string
  /** Refuse (answer undefined, nothing written) when the account's balance would go below zero. */
  floorAtZero: boolean
  depositId?: number
  withdrawalId?: number
  reason?: string
  idempotencyKey?: string
  now: Date
}

/**
 * Moves one of the customer's balances (trading: users.balance, savings: users.savings_balance) and books the
 * movement with the balance it left, in the caller's transaction: the one way the cashier (decision 0019) touches
 * money. The UPDATE takes the customer's row lock, so postings of one customer are applied one at a time.
 */
export async function postToLedger(
  executor: LedgerExecutor,
  posting: Posting,
): Promise<LedgerRow | undefined> {
  const amount = sql`cast(${posting.amountUsd} as numeric(18, 2))`
  const column = posting.account === 'savings' ? users.savingsBalanceUsd : users.balanceUsd
  const [updated] = await executor
    .update(users)
    .set(
      posting.account === 'savings'
        ? { savingsBalanceUsd: sql`${column} + ${amount}` }
        : { balanceUsd: sql`${column} + ${amount}` },
    )
    .where(
      and(eq(users.id, posting.userId), posting.floorAtZero ? sql`${column} + ${amount} >= 0` : undefined),
    )
    .returning({ balanceUsd: column })
  if (!updated) return undefined
  const [entry] = await executor
    .insert(ledgerEntries)
    .values({
      userId: posting.userId,
      kind: posting.kind,
      account: posting.account,
      amountUsd: posting.amountUsd,
      balanceAfterUsd: updated.balanceUsd,
      depositId: posting.depositId,
      withdrawalId: posting.withdrawalId,
      reason: posting.reason,
      idempotencyKey: posting.idempotencyKey,
      createdAt: posting.now,
    })
    .returning()
  if (!entry) throw new Error('insert into ledger_entries returned no row')
  return entry
}

export function createLedgerRepository(db: Db) {
  return {
    async latest(userId: number, limit = LEDGER_VIEW_LIMIT): Promise<LedgerEntry[]> {
      const rows = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(limit)
      return rows.map(toLedgerEntry)
    },

    async adjust(adjustment: Adjustment): Promise<AdjustmentResult> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({ role: users.role, balanceUsd: users.balanceUsd })
          .from(users)
          .where(eq(users.id, adjustment.userId))
          .for('update')
        if (!user) return { kind: 'not_found' }
        if (user.role !== 'customer') return { kind: 'not_a_customer' }

        const [existing] = await tx
          .select()
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.userId, adjustment.userId),
              eq(ledgerEntries.kind, 'adjustment'),
              eq(ledgerEntries.idempotencyKey, adjustment.idempotencyKey),
            ),
          )
        if (existing) {
          const same =
            existing.adjustmentKind === adjustment.kind &&
            existing.reason === adjustment.reason &&
            Number(existing.amountUsd) === Number(adjustment.amountUsd)
          return same
            ? { kind: 'replayed', entry: toLedgerEntry(existing), balanceUsd: user.balanceUsd }
            : { kind: 'key_reused' }
        }

        const amount = sql`cast(${adjustment.amountUsd} as numeric(18, 2))`
        const [updated] = await tx
          .update(users)
          .set({ balanceUsd: sql`${users.balanceUsd} + ${amount}` })
          .where(and(eq(users.id, adjustment.userId), sql`${users.balanceUsd} + ${amount} >= 0`))
          .returning({ balanceUsd: users.balanceUsd })
        if (!updated) return { kind: 'below_zero' }

        const [entry] = await tx
          .insert(ledgerEntries)
          .values({
            userId: adjustment.userId,
            kind: 'adjustment',
            adjustmentKind: adjustment.kind,
            amountUsd: adjustment.amountUsd,
            balanceAfterUsd: updated.balanceUsd,
            reason: adjustment.reason,
            actorId: adjustment.actor.actorId,
            idempotencyKey: adjustment.idempotencyKey,
            createdAt: adjustment.now,
          })
          .returning()
        if (!entry) throw new Error('insert into ledger_entries returned no row')
        await recordAudit(tx, adjustment.actor, {
          action: 'balance.adjusted',
          targetUserId: adjustment.userId,
          before: { balance: moneyToJson(user.balanceUsd) },
          after: {
            balance: moneyToJson(updated.balanceUsd),
            amount: moneyToJson(adjustment.amountUsd),
            kind: adjustment.kind,
            ledger_entry_id: entry.id,
          },
          reason: adjustment.reason,
        })
        return { kind: 'adjusted', entry: toLedgerEntry(entry), balanceUsd: updated.balanceUsd }
      })
    },
  }
}

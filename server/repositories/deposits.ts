// Deposits (decision 0019): card charges, transfers on the sandbox chain and bank wires, and the customer's deposit
// addresses and wire references. A deposit is pending until settled; settling is one conditional UPDATE (`where
// status = 'pending'`) and, when it completes, its one 'deposit' ledger row in the same transaction, so a deposit is
// credited once whoever races to settle it (a second click, a second instance's job, two admins).
import { and, desc, eq, isNull, lte, sql, type SQL } from 'drizzle-orm'
import {
  REQUIRED_CONFIRMATIONS,
  type CryptoCoin,
  type CryptoNetwork,
  type Deposit,
} from '../../src/domain/contract'
import type { Db } from '../db/client'
import { cryptoAddresses, deposits, users, wireIntents } from '../db/schema'
import { depositReference, wireReference } from '../funds/references'
import { MONEY_COLUMN_BOUND, moneyToCents, moneyToJson } from '../lib/money'
import type { AuditExecutor } from './audit'
import { postToLedger, type LedgerExecutor } from './ledger'

export type DepositsRepository = ReturnType<typeof createDepositsRepository>
export type DepositRow = typeof deposits.$inferSelect
type Executor = Pick<Db, 'select' | 'update' | 'insert'>

/** How many of a customer's deposits the history page gets, newest first. */
export const DEPOSITS_LIST_LIMIT = 100

export function toDeposit(row: DepositRow): Deposit {
  const card =
    row.method === 'card' && row.cardBrand && row.cardLast4 && row.cardExpMonth && row.cardExpYear
      ? { brand: row.cardBrand, last4: row.cardLast4, exp_month: row.cardExpMonth, exp_year: row.cardExpYear }
      : null
  const crypto =
    row.method === 'crypto' &&
    row.cryptoCoin &&
    row.cryptoNetwork &&
    row.cryptoAddress &&
    row.coinAmount &&
    row.txHash
      ? {
          coin: row.cryptoCoin,
          network: row.cryptoNetwork,
          address: row.cryptoAddress,
          // numeric(28,8) as text, trailing zeros dropped: '0.50000000' reads '0.5'.
          coin_amount: trimDecimals(row.coinAmount),
          tx_hash: row.txHash,
          confirmations: row.confirmations,
          required_confirmations: REQUIRED_CONFIRMATIONS,
        }
      : null
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    amount: moneyToJson(row.amountUsd),
    reference: row.reference,
    failure_reason: row.failureReason,
    next_action: row.nextAction ?? null,
    card,
    crypto,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  }
}

export function trimDecimals(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value
}

export interface CardDepositDraft {
  userId: number
  amountUsd: string
  brand: string
  last4: string
  expMonth: number
  expYear: number
  idempotencyKey: string
  now: Date
}

export interface CryptoTransferDraft {
  userId: number
  coin: CryptoCoin['slug']
  network: CryptoNetwork['id']
  address: string
  /** Up to 8 decimals, as the contract validated it. */
  coinAmount: string
  /** The coin's USD price now (1 for a stable coin): the transfer's value as first seen. */
  priceUsd: number
  txHash: string
  now: Date
  firstConfirmationAt: Date
}

/** USD for a coin amount at a price, rounded to cents in SQL. */
const usdValue = (coinAmount: SQL | string, priceUsd: number) =>
  sql`round(cast(${coinAmount} as numeric(28, 8)) * cast(${String(priceUsd)} as numeric), 2)`

/**
 * Settles a pending deposit as completed and credits it: the conditional UPDATE decides who settles, then the
 * 'deposit' ledger row and the balance move in the caller's transaction. `amountUsd` replaces the amount (a transfer
 * valued at the price when it completes). Undefined when the deposit was no longer pending.
 */
export async function completeDeposit(
  tx: Executor & LedgerExecutor,
  id: number,
  now: Date,
  options: { amountUsd?: SQL; decidedById?: number; where?: SQL } = {},
): Promise<DepositRow | undefined> {
  const [row] = await tx
    .update(deposits)
    .set({
      status: 'completed',
      completedAt: now,
      nextAction: null,
      nextConfirmationAt: null,
      ...(options.amountUsd ? { amountUsd: options.amountUsd } : {}),
      ...(options.decidedById === undefined ? {} : { decidedById: options.decidedById, decidedAt: now }),
    })
    .where(and(eq(deposits.id, id), eq(deposits.status, 'pending'), options.where))
    .returning()
  if (!row) return undefined
  await postToLedger(tx, {
    userId: row.userId,
    account: 'trading',
    kind: 'deposit',
    amountUsd: row.amountUsd,
    floorAtZero: false,
    depositId: row.id,
    now,
  })
  return row
}

/** Settles a pending deposit as failed (card declined, 3-D Secure failed, transfer below the minimum). */
export async function failDeposit(
  executor: Executor,
  id: number,
  reason: string,
  where?: SQL,
): Promise<DepositRow | undefined> {
  const [row] = await executor
    .update(deposits)
    .set({ status: 'failed', failureReason: reason, nextAction: null, nextConfirmationAt: null })
    .where(and(eq(deposits.id, id), eq(deposits.status, 'pending'), where))
    .returning()
  return row
}

/** Card deposits: the pending row under its Idempotency-Key, then the charge and 3-D Secure settling it. */
function cardDepositQueries(db: Db) {
  return {
    /**
     * Writes the card deposit as pending before the card is charged, under the customer's Idempotency-Key: a
     * retried or doubled submit finds the first row (the unique index decides between racing ones) and is never
     * charged twice.
     */
    async startCard(draft: CardDepositDraft): Promise<{ created: boolean; row: DepositRow }> {
      const [inserted] = await db
        .insert(deposits)
        .values({
          userId: draft.userId,
          method: 'card',
          status: 'pending',
          amountUsd: draft.amountUsd,
          reference: depositReference(),
          cardBrand: draft.brand,
          cardLast4: draft.last4,
          cardExpMonth: draft.expMonth,
          cardExpYear: draft.expYear,
          idempotencyKey: draft.idempotencyKey,
          createdAt: draft.now,
        })
        .onConflictDoNothing({ target: [deposits.userId, deposits.idempotencyKey] })
        .returning()
      if (inserted) return { created: true, row: inserted }
      const [existing] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.userId, draft.userId), eq(deposits.idempotencyKey, draft.idempotencyKey)))
      if (!existing) throw new Error('a card deposit under a seen key could not be read back')
      return { created: false, row: existing }
    },

    /** The provider's answer to a charge, written down: credited, failed, or waiting for 3-D Secure. */
    async settleCharge(
      id: number,
      outcome:
        { status: 'succeeded' } | { status: 'declined'; message: string } | { status: 'requires_action' },
      now: Date,
    ): Promise<DepositRow | undefined> {
      if (outcome.status === 'succeeded') return db.transaction((tx) => completeDeposit(tx, id, now))
      if (outcome.status === 'declined') return failDeposit(db, id, outcome.message)
      const [row] = await db
        .update(deposits)
        .set({ nextAction: 'three_ds' })
        .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
        .returning()
      return row
    },

    /** The outcome of the 3-D Secure step, if the deposit is still waiting for it. */
    async settleThreeDs(
      id: number,
      outcome: { status: 'succeeded' } | { status: 'declined'; message: string },
      now: Date,
    ): Promise<DepositRow | undefined> {
      const waiting = eq(deposits.nextAction, 'three_ds')
      if (outcome.status === 'succeeded') {
        return db.transaction((tx) => completeDeposit(tx, id, now, { where: waiting }))
      }
      return failDeposit(db, id, outcome.message, waiting)
    },
  }
}

/** Bank wires: the reference to quote, then the reported transfer as a pending deposit. */
function wireDepositQueries(db: Db) {
  return {
    async createWireIntent(userId: number, now: Date): Promise<string> {
      const [intent] = await db
        .insert(wireIntents)
        .values({ userId, reference: wireReference(), createdAt: now })
        .returning({ reference: wireIntents.reference })
      if (!intent) throw new Error('insert into wire_intents returned no row')
      return intent.reference
    },

    /**
     * 'I have sent the transfer': uses the customer's own unused reference and stores the pending deposit, in one
     * transaction. The same reference and amount again (a double click, a retried request) finds that deposit;
     * 'unknown' for a reference that is unknown, another customer's, or used for another amount.
     */
    async createWireDeposit(
      userId: number,
      reference: string,
      amountUsd: string,
      now: Date,
    ): Promise<{ kind: 'created' | 'replayed'; row: DepositRow } | { kind: 'unknown' }> {
      const normalised = reference.toUpperCase()
      return db.transaction(async (tx) => {
        const [intent] = await tx
          .update(wireIntents)
          .set({ usedAt: now })
          .where(
            and(
              eq(wireIntents.reference, normalised),
              eq(wireIntents.userId, userId),
              isNull(wireIntents.usedAt),
            ),
          )
          .returning({ reference: wireIntents.reference })
        if (!intent) {
          const [existing] = await tx
            .select()
            .from(deposits)
            .where(
              and(
                eq(deposits.reference, normalised),
                eq(deposits.userId, userId),
                eq(deposits.method, 'wire'),
              ),
            )
          return existing && moneyToCents(existing.amountUsd) === moneyToCents(amountUsd)
            ? { kind: 'replayed', row: existing }
            : { kind: 'unknown' }
        }
        const [row] = await tx
          .insert(deposits)
          .values({
            userId,
            method: 'wire',
            status: 'pending',
            amountUsd,
            reference: intent.reference,
            createdAt: now,
          })
          .returning()
        if (!row) throw new Error('insert into deposits returned no row')
        return { kind: 'created', row }
      })
    },
  }
}

/** Crypto: the customer's address per coin and network, the transfers seen on it, and their confirmations. */
function cryptoDepositQueries(db: Db) {
  return {
    /** The customer's address for this coin on this network: made (by `derive`) the first time, then the same. */
    async cryptoAddress(
      userId: number,
      coin: CryptoCoin['slug'],
      network: CryptoNetwork['id'],
      derive: () => string,
    ): Promise<string> {
      const mine = and(
        eq(cryptoAddresses.userId, userId),
        eq(cryptoAddresses.coin, coin),
        eq(cryptoAddresses.network, network),
      )
      const [existing] = await db
        .select({ address: cryptoAddresses.address })
        .from(cryptoAddresses)
        .where(mine)
      if (existing) return existing.address
      await db
        .insert(cryptoAddresses)
        .values({ userId, coin, network, address: derive() })
        .onConflictDoNothing({
          target: [cryptoAddresses.userId, cryptoAddresses.coin, cryptoAddresses.network],
        })
      const [stored] = await db.select({ address: cryptoAddresses.address }).from(cryptoAddresses).where(mine)
      if (!stored) throw new Error('a deposit address just written could not be read back')
      return stored.address
    },

    /**
     * A transfer seen on the sandbox chain: pending with no confirmation yet, valued at the price now.
     * `afterInsert` writes the admin's audit row in the same transaction. 'too_large' (nothing written) when the
     * customer's balance, their transfers still confirming and this one would not fit the balance column: checked
     * under the customer's row lock, so two transfers at once are checked one after the other.
     */
    async createCryptoTransfer(
      draft: CryptoTransferDraft,
      afterInsert: (tx: AuditExecutor, row: DepositRow) => Promise<void>,
    ): Promise<{ kind: 'created'; row: DepositRow } | { kind: 'too_large' }> {
      return db.transaction(async (tx) => {
        const confirming = tx
          .select({ total: sql`coalesce(sum(${deposits.amountUsd}), 0)` })
          .from(deposits)
          .where(
            and(
              eq(deposits.userId, draft.userId),
              eq(deposits.status, 'pending'),
              eq(deposits.method, 'crypto'),
            ),
          )
        const [account] = await tx
          .select({
            fits: sql<boolean>`${users.balanceUsd} + (${confirming}) + ${usdValue(draft.coinAmount, draft.priceUsd)} < cast(${MONEY_COLUMN_BOUND} as numeric)`,
          })
          .from(users)
          .where(eq(users.id, draft.userId))
          .for('update')
        if (!account?.fits) return { kind: 'too_large' as const }
        const [row] = await tx
          .insert(deposits)
          .values({
            userId: draft.userId,
            method: 'crypto',
            status: 'pending',
            amountUsd: usdValue(draft.coinAmount, draft.priceUsd),
            reference: draft.txHash,
            cryptoCoin: draft.coin,
            cryptoNetwork: draft.network,
            cryptoAddress: draft.address,
            coinAmount: draft.coinAmount,
            txHash: draft.txHash,
            confirmations: 0,
            nextConfirmationAt: draft.firstConfirmationAt,
            createdAt: draft.now,
          })
          .returning()
        if (!row) throw new Error('insert into deposits returned no row')
        await afterInsert(tx, row)
        return { kind: 'created' as const, row }
      })
    },

    /** Transfers whose next confirmation is due, oldest due first. */
    async dueConfirmations(now: Date, limit: number): Promise<DepositRow[]> {
      return db
        .select()
        .from(deposits)
        .where(
          and(
            eq(deposits.status, 'pending'),
            eq(deposits.method, 'crypto'),
            lte(deposits.nextConfirmationAt, now),
          ),
        )
        .orderBy(deposits.nextConfirmationAt, deposits.id)
        .limit(limit)
    },

    /**
     * Counts one confirmation of a transfer that still has `seen` of them: the conditional UPDATE (`confirmations =
     * seen`) lets exactly one of several instances count it. At the last one the transfer settles in the same
     * transaction: completed and credited at `priceUsd`, or failed when below the coin's minimum.
     */
    async confirmOnce(
      row: DepositRow,
      step: { now: Date; nextAt: Date; priceUsd: number | null; minimum: string; belowMinimumReason: string },
    ): Promise<{ kind: 'confirmed' | 'completed' | 'failed'; row: DepositRow } | undefined> {
      const seen = row.confirmations
      const reached = seen + 1 >= REQUIRED_CONFIRMATIONS
      return db.transaction(async (tx) => {
        const [counted] = await tx
          .update(deposits)
          .set({ confirmations: seen + 1, nextConfirmationAt: reached ? null : step.nextAt })
          .where(
            and(
              eq(deposits.id, row.id),
              eq(deposits.status, 'pending'),
              eq(deposits.method, 'crypto'),
              eq(deposits.confirmations, seen),
            ),
          )
          .returning()
        if (!counted) return undefined
        if (!reached) return { kind: 'confirmed' as const, row: counted }
        const belowMinimum = sql`${deposits.coinAmount} < cast(${step.minimum} as numeric(28, 8))`
        const failed = await failDeposit(tx, row.id, step.belowMinimumReason, belowMinimum)
        if (failed) return { kind: 'failed' as const, row: failed }
        const amountUsd =
          step.priceUsd === null ? undefined : usdValue(sql`${deposits.coinAmount}`, step.priceUsd)
        const completed = await completeDeposit(tx, row.id, step.now, { amountUsd })
        if (!completed) throw new Error(`transfer ${row.id} was settled by someone else mid-transaction`)
        return { kind: 'completed' as const, row: completed }
      })
    },

    /**
     * Counts a failed pass of the sandbox chain on a transfer still confirming, in one statement: at `tries`
     * failures it is set aside (failed, with `reason`, no longer due). Undefined when it is no longer pending.
     */
    async countConfirmationFailure(
      id: number,
      tries: number,
      reason: string,
    ): Promise<DepositRow | undefined> {
      const failures = sql`${deposits.confirmationFailures} + 1`
      const setAside = sql`${failures} >= ${tries}`
      const [row] = await db
        .update(deposits)
        .set({
          confirmationFailures: failures,
          status: sql`case when ${setAside} then 'failed' else ${deposits.status} end`,
          failureReason: sql`case when ${setAside} then ${reason} else ${deposits.failureReason} end`,
          nextConfirmationAt: sql`case when ${setAside} then null else ${deposits.nextConfirmationAt} end`,
        })
        .where(and(eq(deposits.id, id), eq(deposits.status, 'pending'), eq(deposits.method, 'crypto')))
        .returning()
      return row
    },
  }
}

export function createDepositsRepository(db: Db) {
  return {
    async list(userId: number, limit = DEPOSITS_LIST_LIMIT): Promise<Deposit[]> {
      const rows = await db
        .select()
        .from(deposits)
        .where(eq(deposits.userId, userId))
        .orderBy(desc(deposits.createdAt), desc(deposits.id))
        .limit(limit)
      return rows.map(toDeposit)
    },

    /** The customer's own deposit; another's answers as a missing one. */
    async findOwned(userId: number, id: number): Promise<DepositRow | undefined> {
      const [row] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.id, id), eq(deposits.userId, userId)))
      return row
    },

    ...cardDepositQueries(db),
    ...wireDepositQueries(db),
    ...cryptoDepositQueries(db),
  }
}

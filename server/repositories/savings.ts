// Flexible savings (decision 0019): moves between the trading balance and savings (two ledger rows, one per account,
// in one transaction under the customer's row lock), the daily accrual (one row per customer per day, the unique
// (user_id, day) making the job once-only across instances) and the credit of accrued interest (one conditional
// UPDATE of the unpaid accruals, so each is paid once, then one 'savings_interest' row for their sum).
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { ledgerEntries, savingsAccruals, users } from '../db/schema'
import { centsToMoney, moneyToCents, moneyToJson } from '../lib/money'
import { postToLedger, type LedgerExecutor, type Posting } from './ledger'
import { openPositionsOf, type Position } from './trades'

export type SavingsRepository = ReturnType<typeof createSavingsRepository>
type Executor = Pick<Db, 'select' | 'update' | 'insert'>

/** How many days of accruals the savings page lists, newest first. */
export const ACCRUALS_LIST_LIMIT = 90

export interface SavingsTransferDraft {
  userId: number
  direction: 'in' | 'out'
  /** Positive, at most two decimals, as the contract validated it. */
  amountUsd: string
  idempotencyKey: string
  now: Date
}

export interface AccountForSavings {
  status: 'pending' | 'active' | 'deactivated'
  balanceUsd: string
  openPositions: Position[]
}

export type SavingsTransferResult =
  { kind: 'moved' } | { kind: 'replayed' } | { kind: 'key_reused' } | { kind: 'refused'; message: string }

/**
 * Pays the customer's unpaid accruals (the savings job's: those before `beforeDay` and not set aside; else all, as a
 * move out of savings pays them) into savings in the caller's transaction: the UPDATE of `credited_at is null` rows
 * decides which are paid, so none is paid twice, and their sum is one 'savings_interest' row. Answers the cents paid.
 */
export async function creditAccruals(
  tx: Executor & LedgerExecutor,
  userId: number,
  now: Date,
  beforeDay?: string,
): Promise<bigint> {
  const paid = await tx
    .update(savingsAccruals)
    .set({ creditedAt: now })
    .where(
      and(
        eq(savingsAccruals.userId, userId),
        isNull(savingsAccruals.creditedAt),
        beforeDay === undefined
          ? undefined
          : and(lt(savingsAccruals.day, beforeDay), isNull(savingsAccruals.setAsideReason)),
      ),
    )
    .returning({ id: savingsAccruals.id, day: savingsAccruals.day, amountUsd: savingsAccruals.amountUsd })
  const cents = paid.reduce((sum, accrual) => sum + moneyToCents(accrual.amountUsd), 0n)
  if (paid.length === 0 || cents === 0n) return 0n
  const days = paid.map((accrual) => accrual.day).sort()
  const entry = await postToLedger(tx, {
    userId,
    account: 'savings',
    kind: 'savings_interest',
    amountUsd: centsToMoney(cents),
    floorAtZero: false,
    reason: days.length === 1 ? `Interest for ${days[0]}` : `Interest for ${days[0]} to ${days.at(-1)}`,
    now,
  })
  if (!entry) throw new Error(`user ${userId} vanished while crediting interest`)
  await tx
    .update(savingsAccruals)
    .set({ ledgerEntryId: entry.id })
    .where(
      inArray(
        savingsAccruals.id,
        paid.map((accrual) => accrual.id),
      ),
    )
  return cents
}

/** Interest: the daily accrual on every balance, and the monthly credit of past months' accruals (the job). */
function interestQueries(db: Db) {
  return {
    /**
     * One day's interest for every customer with savings, at `aprPercent`: inserted with ON CONFLICT DO NOTHING on
     * (user_id, day), so a second run that day (or another instance's) adds nothing. Answers the rows added.
     */
    async accrue(day: string, aprPercent: number, amountCents: (balanceUsd: string) => number, now: Date) {
      const savers = await db
        .select({ id: users.id, savingsUsd: users.savingsBalanceUsd })
        .from(users)
        .where(and(eq(users.role, 'customer'), gt(users.savingsBalanceUsd, '0')))
      const rows = savers
        .map((saver) => ({ saver, cents: amountCents(saver.savingsUsd) }))
        .filter(({ cents }) => cents > 0)
        .map(({ saver, cents }) => ({
          userId: saver.id,
          day,
          balanceUsd: saver.savingsUsd,
          aprPercent: String(aprPercent),
          amountUsd: centsToMoney(BigInt(cents)),
          createdAt: now,
        }))
      if (rows.length === 0) return 0
      const inserted = await db
        .insert(savingsAccruals)
        .values(rows)
        .onConflictDoNothing({ target: [savingsAccruals.userId, savingsAccruals.day] })
        .returning({ id: savingsAccruals.id })
      return inserted.length
    },

    /**
     * The customers with accruals from before `monthStart` (past months) still to credit, by id; those set aside
     * (countCreditFailure) are left out.
     */
    async dueForCredit(monthStart: string): Promise<number[]> {
      const due = await db
        .selectDistinct({ userId: savingsAccruals.userId })
        .from(savingsAccruals)
        .where(
          and(
            isNull(savingsAccruals.creditedAt),
            isNull(savingsAccruals.setAsideReason),
            lt(savingsAccruals.day, monthStart),
          ),
        )
        .orderBy(savingsAccruals.userId)
      return due.map((row) => row.userId)
    },

    /** Credits one customer's accruals from past months under their row lock; answers the cents paid. */
    async creditPastMonths(userId: number, monthStart: string, now: Date): Promise<bigint> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
        return creditAccruals(tx, userId, now, monthStart)
      })
    },

    /**
     * Counts a failed credit on the customer's past-month accruals, in one statement: at `tries` failures they are
     * set aside with `reason` (the job stops trying them; a move out of savings still pays them). Answers the
     * failures counted so far and whether they are now set aside.
     */
    async countCreditFailure(userId: number, monthStart: string, tries: number, reason: string) {
      const failures = sql`${savingsAccruals.creditFailures} + 1`
      const rows = await db
        .update(savingsAccruals)
        .set({
          creditFailures: failures,
          setAsideReason: sql`case when ${failures} >= ${tries} then ${reason} end`,
        })
        .where(
          and(
            eq(savingsAccruals.userId, userId),
            isNull(savingsAccruals.creditedAt),
            isNull(savingsAccruals.setAsideReason),
            lt(savingsAccruals.day, monthStart),
          ),
        )
        .returning({
          failures: savingsAccruals.creditFailures,
          setAsideReason: savingsAccruals.setAsideReason,
        })
      return {
        failures: Math.max(0, ...rows.map((row) => row.failures)),
        setAside: rows.some((row) => row.setAsideReason !== null),
      }
    },
  }
}

export function createSavingsRepository(db: Db) {
  return {
    /** The savings page's figures: balance, unpaid and this month's interest, and the latest accruals. */
    async view(userId: number, monthStart: string) {
      const [balance, sums, accruals] = await Promise.all([
        db.select({ savingsUsd: users.savingsBalanceUsd }).from(users).where(eq(users.id, userId)),
        db
          .select({
            unpaid: sql<string>`coalesce(sum(${savingsAccruals.amountUsd}) filter (where ${savingsAccruals.creditedAt} is null), 0)::text`,
            thisMonth: sql<string>`coalesce(sum(${savingsAccruals.amountUsd}) filter (where ${savingsAccruals.day} >= ${monthStart}), 0)::text`,
          })
          .from(savingsAccruals)
          .where(eq(savingsAccruals.userId, userId)),
        db
          .select({
            day: savingsAccruals.day,
            amountUsd: savingsAccruals.amountUsd,
            creditedAt: savingsAccruals.creditedAt,
          })
          .from(savingsAccruals)
          .where(eq(savingsAccruals.userId, userId))
          .orderBy(desc(savingsAccruals.day))
          .limit(ACCRUALS_LIST_LIMIT),
      ])
      return {
        balance: moneyToJson(balance[0]?.savingsUsd ?? '0'),
        accrued_unpaid: moneyToJson(sums[0]?.unpaid ?? '0'),
        accrued_this_month: moneyToJson(sums[0]?.thisMonth ?? '0'),
        accruals: accruals.map((accrual) => ({
          day: accrual.day,
          amount: moneyToJson(accrual.amountUsd),
          credited: accrual.creditedAt !== null,
        })),
      }
    },

    /**
     * Moves money between the trading balance and savings under the customer's row lock, with the key looked up
     * first (the same move again: replayed; another move under it: key_reused). In: `check` (what can be withdrawn
     * now) may refuse. Out: the unpaid interest is credited first, then the savings must cover the amount.
     */
    async transfer(
      draft: SavingsTransferDraft,
      check: (account: AccountForSavings) => string | undefined,
      messages: { overSavings: string },
    ): Promise<SavingsTransferResult> {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select({ status: users.status, balanceUsd: users.balanceUsd, savingsUsd: users.savingsBalanceUsd })
          .from(users)
          .where(eq(users.id, draft.userId))
          .for('update')
        if (!account) return { kind: 'refused', message: 'Your account no longer exists.' }

        const [existing] = await tx
          .select({ amountUsd: ledgerEntries.amountUsd })
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.userId, draft.userId),
              eq(ledgerEntries.kind, 'savings_transfer'),
              eq(ledgerEntries.account, 'trading'),
              eq(ledgerEntries.idempotencyKey, draft.idempotencyKey),
            ),
          )
        if (existing) {
          // The trading row says it all: money out of trading is a move in, and its size.
          const cents = moneyToCents(existing.amountUsd)
          const same =
            (cents < 0n ? 'in' : 'out') === draft.direction &&
            (cents < 0n ? -cents : cents) === moneyToCents(draft.amountUsd)
          return same ? { kind: 'replayed' } : { kind: 'key_reused' }
        }

        const legs = (from: 'trading' | 'savings'): { out: Posting; in: Posting } => {
          const to = from === 'trading' ? 'savings' : 'trading'
          const common = {
            userId: draft.userId,
            kind: 'savings_transfer' as const,
            idempotencyKey: draft.idempotencyKey,
            now: draft.now,
          }
          return {
            out: { ...common, account: from, amountUsd: `-${draft.amountUsd}`, floorAtZero: true },
            in: { ...common, account: to, amountUsd: draft.amountUsd, floorAtZero: false },
          }
        }

        if (draft.direction === 'in') {
          const refusal = check({ ...account, openPositions: await openPositionsOf(tx, draft.userId) })
          if (refusal !== undefined) return { kind: 'refused', message: refusal }
          const { out, in: into } = legs('trading')
          if (!(await postToLedger(tx, out))) throw new Error('a checked move to savings went below zero')
          await postToLedger(tx, into)
          return { kind: 'moved' }
        }

        // Refused before anything is written: a refused move out pays no interest either.
        const [unpaid] = await tx
          .select({ total: sql<string>`coalesce(sum(${savingsAccruals.amountUsd}), 0)::text` })
          .from(savingsAccruals)
          .where(and(eq(savingsAccruals.userId, draft.userId), isNull(savingsAccruals.creditedAt)))
        const availableCents = moneyToCents(account.savingsUsd) + moneyToCents(unpaid?.total ?? '0')
        if (moneyToCents(draft.amountUsd) > availableCents)
          return { kind: 'refused', message: messages.overSavings }
        await creditAccruals(tx, draft.userId, draft.now)
        const { out, in: into } = legs('savings')
        if (!(await postToLedger(tx, out))) throw new Error('a checked move out of savings went below zero')
        await postToLedger(tx, into)
        return { kind: 'moved' }
      })
    },

    ...interestQueries(db),
  }
}

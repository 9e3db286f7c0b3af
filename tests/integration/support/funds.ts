// Helpers for the cashier's tests (decision 0019): the calls as the /main pages make them, the sandbox cards, roomy
// rate limits, and the ledger invariants every test checks: each balance is the sum of its account's ledger rows,
// never below zero, and the reserved amount is exactly the holds of the withdrawals still open.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { ledgerEntries, users, withdrawals } from '../../../server/db/schema'
import type { AllRateLimits } from '../../../server/plugins/rate-limit'
import {
  DepositResponseSchema,
  FundsSummaryResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  WithdrawalResponseSchema,
  type CardDepositRequest,
  type WithdrawalRequest,
} from '../../../src/domain/contract'
import { call } from './back-office'
import { newKey, ROOMY_RATE_LIMITS } from './trading'

export const CARDS = {
  SUCCEEDS: '4242 4242 4242 4242',
  DECLINED: '4000 0000 0000 0002',
  THREE_DS: '4000 0000 0000 3220',
} as const

const ROOMY = { max: 100_000, windowMs: 60_000 }
/** These tests move money far more often than a person; the limits themselves have their own test. */
export const FUNDS_RATE_LIMITS: Partial<AllRateLimits> = {
  ...ROOMY_RATE_LIMITS,
  cardDeposit: ROOMY,
  wireDeposit: ROOMY,
  withdrawal: ROOMY,
  savingsTransfer: ROOMY,
  tradeStore: ROOMY,
}

export function cardBody(amount: string | number, number: string = CARDS.SUCCEEDS): CardDepositRequest {
  return { card_number: number, expiry: '12/39', cvc: '123', name: 'Ada Lovelace', amount }
}

export const postCard = (app: FastifyInstance, token: string, body: object, key: string = newKey()) =>
  call(app, token, 'POST', '/funds/deposits/card', body, { [IDEMPOTENCY_KEY_HEADER]: key })

/** A 4242 card deposit, credited at once. */
export async function depositByCard(app: FastifyInstance, token: string, amount: string | number) {
  const response = await postCard(app, token, cardBody(amount))
  expect(response.statusCode, response.body).toBe(201)
  return DepositResponseSchema.parse(response.json()).data
}

export const postWithdrawal = (
  app: FastifyInstance,
  token: string,
  body: WithdrawalRequest,
  key: string = newKey(),
) => call(app, token, 'POST', '/funds/withdrawals', body, { [IDEMPOTENCY_KEY_HEADER]: key })

export const bankWithdrawal = (amount: string | number): WithdrawalRequest => ({
  method: 'bank',
  amount,
  bank: {
    holder: 'Ada Lovelace',
    iban: 'GB29 NWBK 6016 1331 9268 19',
    bic: 'NWBKGB2L',
    bank_name: 'NatWest',
  },
})

export async function withdraw(app: FastifyInstance, token: string, amount: string | number) {
  const response = await postWithdrawal(app, token, bankWithdrawal(amount))
  expect(response.statusCode, response.body).toBe(201)
  return WithdrawalResponseSchema.parse(response.json()).data
}

export const moveSavings = (
  app: FastifyInstance,
  token: string,
  direction: 'in' | 'out',
  amount: string | number,
  key: string = newKey(),
) =>
  call(
    app,
    token,
    'POST',
    '/funds/savings/transfers',
    { direction, amount },
    { [IDEMPOTENCY_KEY_HEADER]: key },
  )

export async function summaryOf(app: FastifyInstance, token: string) {
  const response = await call(app, token, 'GET', '/funds/summary')
  expect(response.statusCode, response.body).toBe(200)
  return FundsSummaryResponseSchema.parse(response.json()).data
}

/** The error envelope's message, checked to be the expected status. */
export function messageOf(response: LightMyRequestResponse, statusCode: number): string {
  expect(response.statusCode, response.body).toBe(statusCode)
  return (response.json() as { message: string }).message
}

/** Whole cents of a numeric text or a JSON number: sums compared exactly. */
export const cents = (amount: string | number) => Math.round(Number(amount) * 100)

/**
 * The invariants of docs/architecture.md#money-requests-files-and-mail for one customer: users.balance is the sum of
 * the trading rows and users.savings_balance the sum of the savings rows, neither below zero; the reserved amount
 * equals the holds of the withdrawals in review or approved, each held once and released at most once.
 */
export async function expectLedgerInvariants(app: FastifyInstance, userId: number) {
  const [user] = await app.db
    .select({ balance: users.balanceUsd, savings: users.savingsBalanceUsd })
    .from(users)
    .where(eq(users.id, userId))
  const sums = await app.db
    .select({
      account: ledgerEntries.account,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountUsd}), 0)::text`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .groupBy(ledgerEntries.account)
  const sumOf = (account: string) => cents(sums.find((row) => row.account === account)?.total ?? '0')
  expect(user).toBeDefined()
  expect(cents(user!.balance), 'balance = sum of trading rows').toBe(sumOf('trading'))
  expect(cents(user!.savings), 'savings = sum of savings rows').toBe(sumOf('savings'))
  expect(cents(user!.balance)).toBeGreaterThanOrEqual(0)
  expect(cents(user!.savings)).toBeGreaterThanOrEqual(0)

  const all = await app.db.select().from(withdrawals).where(eq(withdrawals.userId, userId))
  const ids = all.map((row) => row.id)
  const movements =
    ids.length === 0
      ? []
      : await app.db
          .select({
            withdrawalId: ledgerEntries.withdrawalId,
            kind: ledgerEntries.kind,
            amount: ledgerEntries.amountUsd,
          })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.withdrawalId, ids)))
  let reserved = 0
  for (const row of all) {
    const holds = movements.filter(
      (entry) => entry.withdrawalId === row.id && entry.kind === 'withdrawal_hold',
    )
    const releases = movements.filter(
      (entry) => entry.withdrawalId === row.id && entry.kind === 'withdrawal_release',
    )
    expect(
      holds.map((entry) => cents(entry.amount)),
      `withdrawal ${row.id} held once`,
    ).toEqual([-cents(row.amountUsd)])
    const released = row.status === 'rejected' || row.status === 'cancelled'
    expect(
      releases.map((entry) => cents(entry.amount)),
      `withdrawal ${row.id} (${row.status}) released`,
    ).toEqual(released ? [cents(row.amountUsd)] : [])
    if (row.status === 'in_review' || row.status === 'approved') reserved += cents(row.amountUsd)
  }
  return { balanceCents: cents(user!.balance), savingsCents: cents(user!.savings), reservedCents: reserved }
}

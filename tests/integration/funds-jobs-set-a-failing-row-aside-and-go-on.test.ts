// The funds jobs never stall on one row. A sandbox-chain transfer whose credit would overflow the balance column
// once failed every pass, oldest first, so every other customer's transfer stayed where it was; and the job's log
// line carried the failed query's parameters. Now each row stands alone: the others are confirmed (or their interest
// credited) in the same pass, a failing row has its tries counted and is set aside after ROW_TRIES_BEFORE_SET_ASIDE
// with its reason (a failed transfer the back office lists), and the log says what failed without the query's values.
// The simulated transfer that could not be credited is refused where it starts (422). On PGlite and PostgreSQL.
import { Writable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents, deposits, ledgerEntries, savingsAccruals, users } from '../../server/db/schema'
import { ROW_TRIES_BEFORE_SET_ASIDE } from '../../server/funds/set-aside'
import {
  AUDIT_ACTIONS,
  DepositResponseSchema,
  DepositsResponseSchema,
  REQUIRED_CONFIRMATIONS,
} from '../../src/domain/contract'
import { call } from './support/back-office'
import { FUNDS_RATE_LIMITS } from './support/funds'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { createTestApp, DEMO_ADMIN, loginToken, movableClock } from './support/test-server'
import { balanceOf, newCustomer } from './support/trading'

/** A balance one small credit away from what numeric(18,2) can hold (below 10^16). */
const NEARLY_FULL = '9999999999999000.00'
/** The stuck transfer's amount: its USD value is a bound parameter of the failing query, and must not be logged. */
const STUCK_USDT = '4321.98765432'
const STUCK_USD = '4321.99'
const OVERFLOW_REASON =
  'could not be credited and was set aside after 5 tries: the amount would take the balance beyond what an account can hold.'
const PINO_WARN_LEVEL = 40

interface LogLine {
  level: number
  msg: string
  depositId?: number
  userId?: number
  failures?: number
}

const engines = [
  { name: 'PGlite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
] as const

describe.each(engines)('the funds jobs on $name', ({ name, postgres }) => {
  const logText: string[] = []
  const clock = movableClock()
  let app: FastifyInstance | undefined
  let database: ThrowawayDatabase | undefined
  let adminToken: string

  /** The warnings and errors logged since `from`, parsed. */
  const loggedSince = (from: number): LogLine[] =>
    logText
      .slice(from)
      .flatMap((chunk) => chunk.split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.level >= PINO_WARN_LEVEL)

  const simulate = (userId: number, coinAmount: string) =>
    call(app!, adminToken, 'POST', `/admin/users/${userId}/crypto-transfers`, {
      coin: 'tether',
      network: 'trc20',
      coin_amount: coinAmount,
    })

  beforeAll(async () => {
    if (postgres && !(await postgresReachable(`funds jobs on ${name}`))) return
    database = postgres ? await createThrowawayDatabase() : undefined
    app = await createTestApp({
      now: clock.now,
      rateLimits: FUNDS_RATE_LIMITS,
      // The tests drive the jobs (app.funds.confirmTransfers, runSavings), not timers.
      funds: { jobs: false },
      realtime: { prices: { ticksPerSecond: 0, seed: 7, historyMinutes: 60 } },
      ...(database ? { databaseUrl: database.url } : {}),
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logText.push(String(chunk))
            done()
          },
        }),
      },
    })
    adminToken = await loginToken(app, DEMO_ADMIN)
  })
  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })

  it('confirms everyone else while one transfer fails, then sets that one aside with its reason', async (context) => {
    if (!app) return context.skip()
    const stuck = await newCustomer(app)
    const other = await newCustomer(app)
    const first = await simulate(stuck.id, STUCK_USDT)
    expect(first.statusCode, first.body).toBe(201)
    const stuckTransfer = DepositResponseSchema.parse(first.json()).data
    // The balance grew after the transfer was seen: its credit no longer fits the column.
    await app.db.update(users).set({ balanceUsd: NEARLY_FULL }).where(eq(users.id, stuck.id))
    const second = await simulate(other.id, '100')
    expect(second.statusCode, second.body).toBe(201)
    const otherTransfer = DepositResponseSchema.parse(second.json()).data

    const from = logText.length
    // The stuck transfer is due first in every pass; it fails at its last confirmation, then once a pass.
    const passes = REQUIRED_CONFIRMATIONS - 1 + ROW_TRIES_BEFORE_SET_ASIDE + 1
    for (let pass = 0; pass < passes; pass += 1) {
      clock.advance(2_500)
      await app.funds.confirmTransfers()
    }

    const [credited] = await app.db.select().from(deposits).where(eq(deposits.id, otherTransfer.id))
    expect(credited).toMatchObject({ status: 'completed', confirmations: REQUIRED_CONFIRMATIONS })
    expect(await balanceOf(app, other.id)).toBe('100.00')

    const [setAside] = await app.db.select().from(deposits).where(eq(deposits.id, stuckTransfer.id))
    expect(setAside).toMatchObject({
      status: 'failed',
      confirmations: REQUIRED_CONFIRMATIONS - 1,
      confirmationFailures: ROW_TRIES_BEFORE_SET_ASIDE,
      failureReason: `This transfer ${OVERFLOW_REASON}`,
      nextConfirmationAt: null,
    })
    expect(await balanceOf(app, stuck.id)).toBe(NEARLY_FULL)
    expect(await app.db.$count(ledgerEntries, eq(ledgerEntries.userId, stuck.id))).toBe(0)

    // The back office's client page lists it as a failed transfer with its reason.
    const listed = await call(app, adminToken, 'GET', `/admin/users/${stuck.id}/deposits`)
    expect(listed.statusCode, listed.body).toBe(200)
    expect(DepositsResponseSchema.parse(listed.json()).data).toEqual([
      expect.objectContaining({
        id: stuckTransfer.id,
        method: 'crypto',
        status: 'failed',
        failure_reason: `This transfer ${OVERFLOW_REASON}`,
      }),
    ])

    // One warning a failed try, one error when set aside; each names the row and the database's code, and no log
    // line carries the failed query's values.
    const logged = loggedSince(from)
    expect(logged.map((line) => [line.level, line.depositId, line.failures])).toEqual([
      ...Array.from({ length: ROW_TRIES_BEFORE_SET_ASIDE - 1 }, (_, index) => [
        PINO_WARN_LEVEL,
        stuckTransfer.id,
        index + 1,
      ]),
      [50, stuckTransfer.id, ROW_TRIES_BEFORE_SET_ASIDE],
    ])
    const text = logText.slice(from).join('')
    expect(text).toContain('22003')
    expect(text).not.toContain('params')
    expect(text).not.toContain(STUCK_USD)
  })

  it('refuses a simulated transfer the balance column could not hold, counting transfers still confirming', async (context) => {
    if (!app) return context.skip()
    const customer = await newCustomer(app, { balanceUsd: NEARLY_FULL })
    const audited = () =>
      app!.db.$count(
        auditEvents,
        and(
          eq(auditEvents.action, AUDIT_ACTIONS.CRYPTO_TRANSFER_SIMULATED),
          eq(auditEvents.targetUserId, customer.id),
        ),
      )

    const tooLarge = await simulate(customer.id, '1000')
    expect(tooLarge.statusCode, tooLarge.body).toBe(422)
    expect(tooLarge.json()).toMatchObject({ errors: { coin_amount: [expect.any(String)] } })
    expect(await app.db.$count(deposits, eq(deposits.userId, customer.id))).toBe(0)
    expect(await audited()).toBe(0)

    // What still fits is sent; a second that would fit alone but not with the first is refused.
    expect((await simulate(customer.id, '999')).statusCode).toBe(201)
    expect((await simulate(customer.id, '1')).statusCode).toBe(422)
    expect(await app.db.$count(deposits, eq(deposits.userId, customer.id))).toBe(1)
    expect(await audited()).toBe(1)
  })

  it('credits every other saver while one credit fails, then sets that interest aside', async (context) => {
    if (!app) return context.skip()
    const stuck = await newCustomer(app)
    const other = await newCustomer(app)
    await app.db.update(users).set({ savingsBalanceUsd: '9999999999999995.00' }).where(eq(users.id, stuck.id))
    await app.db.update(users).set({ savingsBalanceUsd: '100.00' }).where(eq(users.id, other.id))
    const lastMonth = { day: '2026-10-10', aprPercent: '3', createdAt: new Date('2026-10-10T12:00:00Z') }
    await app.db.insert(savingsAccruals).values([
      { ...lastMonth, userId: stuck.id, balanceUsd: '9999999999999995.00', amountUsd: '10.00' },
      { ...lastMonth, userId: other.id, balanceUsd: '100.00', amountUsd: '1.23' },
    ])

    const from = logText.length
    const at = new Date('2026-11-28T12:00:00Z')
    const runs = []
    for (let run = 0; run <= ROW_TRIES_BEFORE_SET_ASIDE; run += 1) runs.push(await app.funds.runSavings(at))
    expect(runs[0]?.credited).toContain(other.id)

    const [paid] = await app.db
      .select()
      .from(savingsAccruals)
      .where(and(eq(savingsAccruals.userId, other.id), eq(savingsAccruals.day, lastMonth.day)))
    expect(paid?.creditedAt).not.toBeNull()
    const [{ savings } = { savings: '' }] = await app.db
      .select({ savings: users.savingsBalanceUsd })
      .from(users)
      .where(eq(users.id, other.id))
    expect(savings).toBe('101.23')

    const [setAside] = await app.db
      .select()
      .from(savingsAccruals)
      .where(and(eq(savingsAccruals.userId, stuck.id), eq(savingsAccruals.day, lastMonth.day)))
    expect(setAside).toMatchObject({
      creditedAt: null,
      creditFailures: ROW_TRIES_BEFORE_SET_ASIDE,
      setAsideReason: `This interest ${OVERFLOW_REASON}`,
    })
    // Set aside after the fifth try: the sixth run leaves it alone.
    const stuckLines = loggedSince(from).filter((line) => line.userId === stuck.id)
    expect(stuckLines.map((line) => [line.level, line.failures])).toEqual([
      ...Array.from({ length: ROW_TRIES_BEFORE_SET_ASIDE - 1 }, (_, index) => [PINO_WARN_LEVEL, index + 1]),
      [50, ROW_TRIES_BEFORE_SET_ASIDE],
    ])
    expect(logText.slice(from).join('')).not.toContain('params')
  })
})

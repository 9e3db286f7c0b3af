// The cashier's history, savings and settings (decision 0019). Transactions list the caller's movements only,
// filtered by type, status and UTC day; the CSV statement holds the caller's trading ledger rows with the balance
// each left. Savings move both ways as two ledger rows, never count as equity or margin, and earn interest that
// accrues once per day per customer (also when the job runs twice, or on two instances of one PostgreSQL database),
// is credited once a month is over, and is paid out first when money moves out. The funds settings stay out of the
// public GET /settings and are deep-merged and audited by PATCH /admin/settings.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { auditEvents, ledgerEntries, savingsAccruals } from '../../server/db/schema'
import {
  AUDIT_ACTIONS,
  AdminSettingsResponseSchema,
  FundsOptionsResponseSchema,
  SAVINGS_MESSAGES,
  SavingsResponseSchema,
  SavingsTransferResponseSchema,
  STATEMENT_COLUMNS,
  StatementResponseSchema,
  TransactionsResponseSchema,
  WireIntentResponseSchema,
} from '../../src/domain/contract'
import { addDays, dailyAccrual, dayKey } from '../../src/domain/funds/savings-accrual'
import { call } from './support/back-office'
import {
  cardBody,
  CARDS,
  depositByCard,
  expectLedgerInvariants,
  FUNDS_RATE_LIMITS,
  messageOf,
  moveSavings,
  postCard,
  summaryOf,
  withdraw,
} from './support/funds'
import { createThrowawayDatabase, postgresReachable } from './support/postgres'
import { closeAllClients } from './support/realtime-clients'
import {
  DEMO_ADMIN,
  listenTestApp,
  loginToken,
  movableClock,
  type ListeningServer,
} from './support/test-server'
import { newCustomer, newKey } from './support/trading'

const DAY_MS = 86_400_000
const clock = movableClock()
let server: ListeningServer
let adminToken: string

beforeAll(async () => {
  server = await listenTestApp({
    now: clock.now,
    rateLimits: FUNDS_RATE_LIMITS,
    funds: { jobs: false },
    realtime: { prices: { ticksPerSecond: 0, seed: 5, historyMinutes: 60 } },
  })
  adminToken = await loginToken(server.app, DEMO_ADMIN)
})

afterAll(async () => {
  closeAllClients()
  await server?.close()
})

const transactions = async (token: string, query = '') => {
  const response = await call(server.app, token, 'GET', `/funds/transactions${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return TransactionsResponseSchema.parse(response.json())
}

describe('transactions and statements', () => {
  it("lists the caller's movements only, filtered by type, status and day", async () => {
    const { app } = server
    const customer = await newCustomer(app, { verified: true })
    const stranger = await newCustomer(app, { verified: true })
    const strangerDeposit = await depositByCard(app, stranger.token, 999)

    const firstDay = dayKey(clock.now())
    const deposit = await depositByCard(app, customer.token, 100)
    await postCard(app, customer.token, cardBody(40, CARDS.DECLINED))
    clock.advance(2 * DAY_MS)
    const laterDay = dayKey(clock.now())
    const withdrawal = await withdraw(app, customer.token, 30)
    expect((await moveSavings(app, customer.token, 'in', 20)).statusCode).toBe(201)
    const intent = WireIntentResponseSchema.parse(
      (await call(app, customer.token, 'POST', '/funds/wire/intents')).json(),
    )
    await call(app, customer.token, 'POST', '/funds/deposits/wire', {
      reference: intent.data.reference,
      amount: 500,
    })

    const all = await transactions(customer.token)
    expect(all.meta).toMatchObject({ current_page: 1, last_page: 1, per_page: 25, total: 5 })
    expect(all.data.map((row) => [row.type, row.status, row.amount])).toEqual([
      ['deposit', 'pending', 500],
      ['savings_in', 'completed', -20],
      ['withdrawal', 'in_review', -30],
      ['deposit', 'failed', 40],
      ['deposit', 'completed', 100],
    ])
    expect(all.data.map((row) => row.reference)).not.toContain(strangerDeposit.reference)
    expect(all.data.find((row) => row.type === 'withdrawal')).toMatchObject({
      id: `withdrawal:${withdrawal.id}`,
      reference: withdrawal.reference,
      description: 'Bank ••••6819',
    })
    expect(all.data.at(-1)).toMatchObject({ id: `deposit:${deposit.id}`, description: 'Visa •••• 4242' })

    expect((await transactions(customer.token, '?type=deposit')).data.map((row) => row.status)).toEqual([
      'pending',
      'failed',
      'completed',
    ])
    expect((await transactions(customer.token, '?status=failed')).data.map((row) => row.amount)).toEqual([40])
    expect((await transactions(customer.token, `?to=${firstDay}`)).meta.total).toBe(2)
    expect((await transactions(customer.token, `?from=${addDays(firstDay, 1)}`)).meta.total).toBe(3)
    expect(
      (await transactions(customer.token, `?from=${laterDay}&to=${laterDay}&type=withdrawal`)).data,
    ).toHaveLength(1)
    expect((await transactions(customer.token, '?page=2')).data).toEqual([])
    for (const bad of ['?from=2025-02-30', '?type=trade', '?status=nope', '?page=0']) {
      expect((await call(app, customer.token, 'GET', `/funds/transactions${bad}`)).statusCode, bad).toBe(422)
    }
  })

  it('exports the trading ledger as CSV, the caller rows only, with the balance after each', async () => {
    const { app } = server
    const customer = await newCustomer(app, { verified: true })
    const stranger = await newCustomer(app, { verified: true })
    await depositByCard(app, stranger.token, 777)
    const firstDay = dayKey(clock.now())
    const deposit = await depositByCard(app, customer.token, 100)
    clock.advance(DAY_MS)
    const withdrawal = await withdraw(app, customer.token, '30.25')
    expect((await moveSavings(app, customer.token, 'in', 20)).statusCode).toBe(201)

    const csv = await call(app, customer.token, 'GET', '/funds/statement.csv')
    expect(csv.statusCode, csv.body).toBe(200)
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    expect(csv.headers['content-disposition']).toBe('attachment; filename="statement-all.csv"')
    const lines = csv.body.trim().split('\n')
    expect(lines[0]).toBe(STATEMENT_COLUMNS.join(','))
    const rows = lines.slice(1).map((line) => line.split(','))
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['deposit', deposit.reference, '100.00', '100.00'],
      ['withdrawal', withdrawal.reference, '-30.25', '69.75'],
      ['savings_in', expect.stringMatching(/^SAV-\d+$/), '-20.00', '49.75'],
    ])
    expect(csv.body).not.toContain('777')
    for (const row of rows) expect(new Date(row[0]!).toISOString()).toBe(row[0])

    const later = await call(app, customer.token, 'GET', `/funds/statement?from=${addDays(firstDay, 1)}`)
    const statement = StatementResponseSchema.parse(later.json()).data
    expect(statement).toMatchObject({ opening_balance: 100, closing_balance: 49.75, to: null })
    expect(statement.rows.map((row) => row.type)).toEqual(['withdrawal', 'savings_in'])
    const early = await call(app, customer.token, 'GET', `/funds/statement.csv?to=${firstDay}`)
    expect(early.headers['content-disposition']).toBe(`attachment; filename="statement-to-${firstDay}.csv"`)
    expect(early.body.trim().split('\n')).toHaveLength(2)
    expect((await call(app, customer.token, 'GET', '/funds/statement.csv?from=2025-13-01')).statusCode).toBe(
      422,
    )
    expect((await call(app, adminToken, 'GET', '/funds/statement.csv')).statusCode).toBe(403)
  })
})

describe('savings', () => {
  it('moves money both ways as ledger transfers, never as equity, within what is free', async () => {
    const { app } = server
    const customer = await newCustomer(app, { verified: true })
    await depositByCard(app, customer.token, 1000)
    const key = newKey()
    const moved = await moveSavings(app, customer.token, 'in', 600, key)
    expect(moved.statusCode, moved.body).toBe(201)
    expect(SavingsTransferResponseSchema.parse(moved.json())).toMatchObject({
      message: SAVINGS_MESSAGES.MOVED_IN,
      data: { balance: 600, apr_percent: 4.5 },
    })
    expect((await moveSavings(app, customer.token, 'in', 600, key)).statusCode).toBe(200)
    expect((await moveSavings(app, customer.token, 'out', 600, key)).statusCode).toBe(422)
    expect(await summaryOf(app, customer.token)).toMatchObject({
      balance: 400,
      equity: 400,
      free_margin: 400,
      savings: 600,
      withdrawable: 400,
    })
    expect(messageOf(await moveSavings(app, customer.token, 'in', '400.01'), 422)).toBe(
      SAVINGS_MESSAGES.OVER_FREE_MARGIN,
    )
    expect(messageOf(await moveSavings(app, customer.token, 'out', '600.01'), 422)).toBe(
      SAVINGS_MESSAGES.OVER_SAVINGS,
    )
    const back = await moveSavings(app, customer.token, 'out', 250)
    expect(SavingsTransferResponseSchema.parse(back.json())).toMatchObject({
      message: SAVINGS_MESSAGES.MOVED_OUT,
      data: { balance: 350 },
    })
    const rows = await app.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amountUsd })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, customer.id), eq(ledgerEntries.kind, 'savings_transfer')))
      .orderBy(ledgerEntries.id)
    expect(rows).toEqual([
      { account: 'trading', amount: '-600.00' },
      { account: 'savings', amount: '600.00' },
      { account: 'savings', amount: '-250.00' },
      { account: 'trading', amount: '250.00' },
    ])
    await expectLedgerInvariants(app, customer.id)
  })

  it('accrues once a day however often the job runs, credits once the month is over, and on a move out', async () => {
    const { app } = server
    const customer = await newCustomer(app, { verified: true })
    await depositByCard(app, customer.token, 10_000)
    expect((await moveSavings(app, customer.token, 'in', 10_000)).statusCode).toBe(201)
    const today = clock.now()
    const daily = dailyAccrual(10_000, 4.5)
    expect(daily).toBe(1.23)

    await Promise.all([app.funds.runSavings(today), app.funds.runSavings(today)])
    await app.funds.runSavings(new Date(today.getTime() + 1000))
    const accrualsOf = () =>
      app.db
        .select()
        .from(savingsAccruals)
        .where(eq(savingsAccruals.userId, customer.id))
        .orderBy(savingsAccruals.day)
    expect((await accrualsOf()).map((row) => [row.day, row.amountUsd, row.creditedAt])).toEqual([
      [dayKey(today), '1.23', null],
    ])
    const savings = SavingsResponseSchema.parse(
      (await call(app, customer.token, 'GET', '/funds/savings')).json(),
    ).data
    expect(savings).toMatchObject({ balance: 10_000, accrued_unpaid: 1.23, accrued_this_month: 1.23 })
    expect(savings.accruals).toEqual([{ day: dayKey(today), amount: 1.23, credited: false }])

    // The first run in the next month accrues that day and pays the month before, once.
    const nextMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1, 0, 30))
    const [first, second] = await Promise.all([
      app.funds.runSavings(nextMonth),
      app.funds.runSavings(nextMonth),
    ])
    expect([...first.credited, ...second.credited].filter((id) => id === customer.id)).toEqual([customer.id])
    await app.funds.runSavings(nextMonth)
    const interest = () =>
      app.db
        .select({ amount: ledgerEntries.amountUsd, balanceAfter: ledgerEntries.balanceAfterUsd })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, customer.id), eq(ledgerEntries.kind, 'savings_interest')))
        .orderBy(ledgerEntries.id)
    expect(await interest()).toEqual([{ amount: '1.23', balanceAfter: '10001.23' }])
    expect((await accrualsOf()).map((row) => [row.day, row.creditedAt !== null])).toEqual([
      [dayKey(today), true],
      [dayKey(nextMonth), false],
    ])

    // A refused move out pays nothing; moving out pays what has accrued since, first.
    expect((await moveSavings(app, customer.token, 'out', '10002.47')).statusCode).toBe(422)
    expect(await interest()).toHaveLength(1)
    const out = await moveSavings(app, customer.token, 'out', 100)
    expect(SavingsTransferResponseSchema.parse(out.json()).data).toMatchObject({
      balance: 9902.46,
      accrued_unpaid: 0,
    })
    expect(await interest()).toEqual([
      { amount: '1.23', balanceAfter: '10001.23' },
      { amount: '1.23', balanceAfter: '10002.46' },
    ])
    await expectLedgerInvariants(app, customer.id)
  })

  it('accrues at the rate in the settings', async () => {
    const { app } = server
    const customer = await newCustomer(app, { verified: true })
    await depositByCard(app, customer.token, 3650)
    expect((await moveSavings(app, customer.token, 'in', 3650)).statusCode).toBe(201)
    const patched = await call(app, adminToken, 'PATCH', '/admin/settings', {
      funds: { savings_apr_percent: 10 },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    const day = new Date(clock.now().getTime() + 40 * DAY_MS)
    await app.funds.runSavings(day)
    const [row] = await app.db
      .select()
      .from(savingsAccruals)
      .where(and(eq(savingsAccruals.userId, customer.id), eq(savingsAccruals.day, dayKey(day))))
    expect(row).toMatchObject({ amountUsd: '1.00', balanceUsd: '3650.00' })
    await call(app, adminToken, 'PATCH', '/admin/settings', { funds: { savings_apr_percent: 4.5 } })
  })
})

describe('funds settings', () => {
  it('stay out of the public settings and are deep-merged and audited by the admin', async () => {
    const { app } = server
    const open = (await app.inject({ url: '/api/v1/settings' })).json() as { data: Record<string, unknown> }
    expect(open.data).not.toHaveProperty('funds')
    const customer = await newCustomer(app, { verified: true })
    expect((await call(app, customer.token, 'GET', '/admin/settings')).statusCode).toBe(403)
    const current = AdminSettingsResponseSchema.parse(
      (await call(app, adminToken, 'GET', '/admin/settings')).json(),
    )
    expect(current.data.funds.limits.card).toEqual({ min: 10, max: 10_000 })
    expect(current.data.name).toBe(open.data.name)

    const auditsBefore = await app.db.$count(
      auditEvents,
      eq(auditEvents.action, AUDIT_ACTIONS.SETTINGS_UPDATED),
    )
    const patched = await call(app, adminToken, 'PATCH', '/admin/settings', {
      funds: { limits: { card: { max: 20_000 } }, bank: { bic: 'EXAMGB2L' } },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    const funds = AdminSettingsResponseSchema.parse(patched.json()).data.funds
    expect(funds.limits).toMatchObject({ card: { min: 10, max: 20_000 }, wire: { min: 100, max: 100_000 } })
    expect(funds.bank).toMatchObject({ bic: 'EXAMGB2L', iban: 'GB33BUKB20201555555555' })
    expect(await app.db.$count(auditEvents, eq(auditEvents.action, AUDIT_ACTIONS.SETTINGS_UPDATED))).toBe(
      auditsBefore + 1,
    )
    const options = FundsOptionsResponseSchema.parse(
      (await call(app, customer.token, 'GET', '/funds/options')).json(),
    )
    expect(options.data.limits.card.max).toBe(20_000)
    expect(options.data.coins.map((coin) => coin.slug)).toEqual(['bitcoin', 'ethereum', 'tether'])
    expect((await postCard(app, customer.token, cardBody(15_000))).statusCode).toBe(201)

    // Another setting keeps the funds; an inverted limit or an unknown field is refused.
    expect(
      (await call(app, adminToken, 'PATCH', '/admin/settings', { footer_text: 'Hello' })).statusCode,
    ).toBe(200)
    const after = AdminSettingsResponseSchema.parse(
      (await call(app, adminToken, 'GET', '/admin/settings')).json(),
    )
    expect(after.data.funds.limits.card.max).toBe(20_000)
    const inverted = await call(app, adminToken, 'PATCH', '/admin/settings', {
      funds: { limits: { wire: { min: 200_000 } } },
    })
    expect(inverted.statusCode).toBe(422)
    expect(inverted.json().errors).toHaveProperty(['funds.limits.wire'])
    expect((await call(app, adminToken, 'PATCH', '/admin/settings', { funds: { fee: 1 } })).statusCode).toBe(
      422,
    )
    expect((await call(app, adminToken, 'PATCH', '/admin/settings', {})).statusCode).toBe(422)
    await call(app, adminToken, 'PATCH', '/admin/settings', { funds: { limits: { card: { max: 10_000 } } } })
  })
})

const pgAvailable = await postgresReachable(
  'funds-history-savings-and-settings-are-the-callers-and-once-only',
)

describe.skipIf(!pgAvailable)('two instances on one PostgreSQL database', () => {
  it('accrue and credit each customer once', async () => {
    const database = await createThrowawayDatabase()
    const options = {
      databaseUrl: database.url,
      dataDir: 'memory://',
      seedDemo: false,
      logger: false,
      clientDir: '/nonexistent-client-dir',
      funds: { jobs: false },
      rateLimits: FUNDS_RATE_LIMITS,
      realtime: { prices: { ticksPerSecond: 0, seed: 3, historyMinutes: 60 } },
    }
    const one = await buildApp(options)
    const two = await buildApp(options)
    try {
      const customer = await newCustomer(one, { verified: true })
      await depositByCard(one, customer.token, 5000)
      expect((await moveSavings(one, customer.token, 'in', 5000)).statusCode).toBe(201)
      const day = new Date('2031-03-31T12:00:00Z')
      const nextMonth = new Date('2031-04-01T00:10:00Z')
      await Promise.all([one.funds.runSavings(day), two.funds.runSavings(day), one.funds.runSavings(day)])
      await Promise.all([one.funds.runSavings(nextMonth), two.funds.runSavings(nextMonth)])
      const accruals = await one.db
        .select()
        .from(savingsAccruals)
        .where(eq(savingsAccruals.userId, customer.id))
        .orderBy(savingsAccruals.day)
      expect(accruals.map((row) => [row.day, row.amountUsd, row.creditedAt !== null])).toEqual([
        ['2031-03-31', '0.62', true],
        ['2031-04-01', '0.62', false],
      ])
      expect(
        await one.db.$count(
          ledgerEntries,
          and(eq(ledgerEntries.userId, customer.id), eq(ledgerEntries.kind, 'savings_interest')),
        ),
      ).toBe(1)
      await expectLedgerInvariants(one, customer.id)
    } finally {
      await Promise.all([one.close(), two.close()])
      await database.drop()
    }
  })
})

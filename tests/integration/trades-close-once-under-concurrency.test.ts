// POST /trade/{id}/close: a position closes at the server's closing price exactly once, however many closes race for
// it (double clicks, two tabs, a take-profit firing at the same moment, two server instances), and the realised P/L
// moves the balance once, with one ledger row that agrees with the trade and the balance to the cent. Runs on PGlite
// and, when one answers, on PostgreSQL, where the transactions really run side by side.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerEntries, trades } from '../../server/db/schema'
import { CloseTradeResponseSchema, TradesPageSchema, type Asset } from '../../src/domain/contract'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import {
  assetBySymbol,
  balanceOf,
  closeTrade,
  fundedCustomer,
  listAssets,
  newKey,
  openPosition,
  order,
  refusal,
  ROOMY_RATE_LIMITS,
  storeTrade,
} from './support/trading'
import { bearer, createTestApp } from './support/test-server'

const FROZEN = { ticksPerSecond: 0, ignoreMarketHours: true, seed: 5, historyMinutes: 60 }
const RACERS = 20

/** numeric(18,2) text as integer cents, so sums are exact. */
const cents = (amount: string) => {
  expect(amount).toMatch(/^-?\d+\.\d\d$/)
  return BigInt(amount.replace('.', ''))
}

const pgAvailable = await postgresReachable('trades-close-once-under-concurrency')
const backends = [
  { name: 'PGlite', postgres: false },
  ...(pgAvailable ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

describe.each(backends)('on $name', ({ postgres }) => {
  let app: FastifyInstance
  let database: ThrowawayDatabase | undefined
  let btcusd: Asset
  let eurusd: Asset

  const options = () => ({
    realtime: { prices: FROZEN },
    rateLimits: ROOMY_RATE_LIMITS,
    ...(database ? { databaseUrl: database.url } : {}),
  })

  beforeAll(async () => {
    if (postgres) database = await createThrowawayDatabase()
    app = await createTestApp(options())
    const assets = await listAssets(app)
    btcusd = assetBySymbol(assets, 'BTCUSD')
    eurusd = assetBySymbol(assets, 'EURUSD')
  })
  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })

  async function ledgerOf(tradeId: number) {
    return app.db.select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, tradeId))
  }

  /** The trade, the balance and the ledger tell the same story: one close, booked once. */
  async function expectBookedOnce(customerId: number, tradeId: number, balanceBefore: string) {
    const [row] = await app.db.select().from(trades).where(eq(trades.id, tradeId))
    expect(row?.status).toBe('closed')
    const pnl = row?.pnlUsd ?? 'missing'
    const ledger = await ledgerOf(tradeId)
    expect(ledger).toHaveLength(1)
    const balance = await balanceOf(app, customerId)
    expect(cents(balance)).toBe(cents(balanceBefore) + cents(pnl))
    expect(ledger[0]).toMatchObject({
      userId: customerId,
      kind: 'trade_pnl',
      amountUsd: pnl,
      balanceAfterUsd: balance,
    })
    return { row, pnl, balance }
  }

  it("closes at the server's closing price and books the realised P/L: trade, balance and ledger agree", async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const rate = app.prices.current(btcusd.asset_id)?.price ?? 0
    const opened = await openPosition(app, customer.token, order(btcusd, 'buy', 0.37))

    const response = await closeTrade(app, customer.token, opened.id)
    expect(response.statusCode, response.body).toBe(200)
    const { message, data: closed } = CloseTradeResponseSchema.parse(response.json())
    expect(message).toBe('Position successfully closed')
    expect(closed).toMatchObject({ id: opened.id, status: 'closed', close_reason: 'user' })
    expect(Date.parse(closed.close_time ?? '')).not.toBeNaN()
    // A buy closes at the sell price.
    expect(closed.closing_price).toBeCloseTo(rate * (1 - btcusd.sell_spread), 6)

    const { pnl } = await expectBookedOnce(customer.id, opened.id, '10000.00')
    // Price difference x units, rounded to cents: the spread, lost.
    const expected = Math.round((closed.closing_price - opened.opening_price) * 0.37 * 100) / 100
    expect(Number(pnl)).toBeCloseTo(expected, 2)
    expect(closed.pnl).toBe(Number(pnl))
    expect(closed.pnl).toBeLessThan(0)

    // The lists moved it from open to closed, with the final figures.
    const list = async (which: 'open' | 'closed') =>
      TradesPageSchema.parse(
        (await app.inject({ url: `/api/v1/${which}/trades`, headers: bearer(customer.token) })).json(),
      )
    expect((await list('open')).data).toEqual([])
    expect((await list('closed')).data).toEqual([closed])

    const again = refusal(await closeTrade(app, customer.token, opened.id), 409)
    expect(again.message).toBe('This position is already closed.')
    await expectBookedOnce(customer.id, opened.id, '10000.00')
  })

  it(`lets exactly one of ${RACERS} simultaneous closes through; the others get 409`, async () => {
    const customer = await fundedCustomer(app, '5000.00')
    const opened = await openPosition(app, customer.token, order(eurusd, 'sell', 1.5))

    const responses = await Promise.all(
      Array.from({ length: RACERS }, () => closeTrade(app, customer.token, opened.id)),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([200, ...Array<number>(RACERS - 1).fill(409)])
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json()).toEqual({ message: 'This position is already closed.' })
    }
    await expectBookedOnce(customer.id, opened.id, '5000.00')
  })

  it('closes once when a take-profit fires while the customer closes', async () => {
    const customer = await fundedCustomer(app, '5000.00')
    const rate = app.prices.current(eurusd.asset_id)?.price ?? 0
    const opened = await openPosition(
      app,
      customer.token,
      order(eurusd, 'buy', 1, { take_profit: rate * 1.01 }),
    )
    expect(app.trading.watchedCount).toBeGreaterThan(0)

    // The engine's close at the level (what the tick watcher calls) against the customer's button, interleaved.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 2 === 0
          ? app.trading.closeAtLevel(customer.id, opened.id, 'take_profit', rate * 1.02)
          : closeTrade(app, customer.token, opened.id).then((response) => ({
              ok: response.statusCode === 200,
              statusCode: response.statusCode,
            })),
      ),
    )
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.filter((result) => !result.ok).every((result) => result.statusCode === 409)).toBe(true)
    const { row } = await expectBookedOnce(customer.id, opened.id, '5000.00')
    // Whoever won, the row says who, and the price is the one that winner closed at.
    if (row?.closeReason === 'take_profit') {
      expect(row.closingPrice).toBeCloseTo(rate * 1.02 * (1 - eurusd.sell_spread), 8)
    } else {
      expect(row?.closeReason).toBe('user')
      expect(row?.closingPrice).toBeCloseTo(rate * (1 - eurusd.sell_spread), 8)
    }
  })

  it("answers 404 for another customer's position and leaves it open", async () => {
    const owner = await fundedCustomer(app, '5000.00')
    const other = await fundedCustomer(app, '5000.00')
    const opened = await openPosition(app, owner.token, order(eurusd, 'buy', 0.1))

    // The same answer as for a position that does not exist at all.
    expect(refusal(await closeTrade(app, other.token, opened.id), 404)).toEqual({
      message: 'Trade not found',
    })
    expect(refusal(await closeTrade(app, other.token, 2_000_000_000), 404)).toEqual({
      message: 'Trade not found',
    })
    const [row] = await app.db.select().from(trades).where(eq(trades.id, opened.id))
    expect(row?.status).toBe('open')
    expect(await balanceOf(app, other.id)).toBe('5000.00')
    expect(await ledgerOf(opened.id)).toEqual([])

    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/trade/${id}/close`,
        headers: bearer(other.token),
      })
      expect(response.statusCode, id).toBe(422)
    }
    // Fields are refused rather than ignored.
    const withBody = await app.inject({
      method: 'POST',
      url: `/api/v1/trade/${opened.id}/close`,
      headers: bearer(owner.token),
      payload: { closing_price: 1 },
    })
    expect(refusal(withBody, 422).message).toBe('The given data was invalid.')
  })

  describe.runIf(postgres)('with two instances on one database', () => {
    let second: FastifyInstance
    beforeAll(async () => {
      second = await createTestApp(options())
    })
    afterAll(async () => {
      await second?.close()
    })

    it('closes once and opens once whichever instance each request reaches', async () => {
      const customer = await fundedCustomer(app, '5000.00')
      const key = newKey()
      const body = order(eurusd, 'buy', 0.5)
      const stores = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          storeTrade(index % 2 ? second : app, customer.token, body, key),
        ),
      )
      expect(stores.map((response) => response.statusCode).sort()).toEqual([
        200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
      ])
      const ids = new Set(stores.map((response) => (response.json() as { data: { id: number } }).data.id))
      expect(ids.size).toBe(1)
      const [tradeId] = [...ids] as [number]
      expect(await app.db.$count(trades, and(eq(trades.userId, customer.id)))).toBe(1)

      const closes = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          closeTrade(index % 2 ? second : app, customer.token, tradeId),
        ),
      )
      expect(closes.map((response) => response.statusCode).sort()).toEqual([
        200,
        ...Array<number>(9).fill(409),
      ])
      await expectBookedOnce(customer.id, tradeId, '5000.00')
    })
  })
})

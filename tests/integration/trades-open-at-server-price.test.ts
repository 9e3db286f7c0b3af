// POST /trades/store prices every position itself: the feed's rate with the asset's spread, the leverage chain of
// docs/product/trading-workspace.md#leverage and the margin of docs/product/trading-workspace.md#leverage, whatever
// opening_price, margin and leverage the client sends; and it refuses what a broker must refuse (too little free
// margin, a closed market, an account that may not trade, impossible orders). The feed is frozen (0 ticks/s) so every
// expected figure can be computed exactly.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trades, users } from '../../server/db/schema'
import { ACCOUNT_STATUS_MESSAGES, TradesPageSchema, type Asset } from '../../src/domain/contract'
import { TRADING_HOURS_LABELS } from '../../src/domain/market/trading-hours'
import {
  equityUsd,
  freeMarginUsd,
  positionMarginUsd,
  positionPnlUsd,
  roundToCents,
} from '../../src/domain/trading/account-maths'
import {
  assetBySymbol,
  closeTrade,
  fundedCustomer,
  listAssets,
  newCustomer,
  newKey,
  openPosition,
  order,
  refusal,
  ROOMY_RATE_LIMITS,
  storeTrade,
} from './support/trading'
import { bearer, createTestApp, DEMO_ADMIN, loginToken, movableClock } from './support/test-server'

const FROZEN = { ticksPerSecond: 0, ignoreMarketHours: true, seed: 11, historyMinutes: 60 }

let app: FastifyInstance
let assets: Asset[]
let eurusd: Asset
let btcusd: Asset

/**
 * The server's current rate for an asset, and the buy and sell prices
 * docs/product/trading-workspace.md#assets-and-live-prices derives from it.
 */
function pricesOf(asset: Asset) {
  const rate = app.prices.current(asset.asset_id)?.price
  if (rate === undefined) throw new Error(`no price for ${asset.asset_id}`)
  return { rate, buy: rate * (1 + asset.buy_spread), sell: rate * (1 - asset.sell_spread) }
}

const usd = (amount: number) =>
  `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`

beforeAll(async () => {
  app = await createTestApp({ realtime: { prices: FROZEN }, rateLimits: ROOMY_RATE_LIMITS })
  assets = await listAssets(app)
  eurusd = assetBySymbol(assets, 'EURUSD')
  btcusd = assetBySymbol(assets, 'BTCUSD')
})
afterAll(async () => {
  await app?.close()
})

describe('pricing', () => {
  it("opens a buy at the server's buy price, ignoring the client's opening_price, margin and leverage", async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const { buy, sell } = pricesOf(eurusd)
    const response = await storeTrade(
      app,
      customer.token,
      order(eurusd, 'buy', 0.01, { opening_price: 999, margin: 0.01, leverage: 1000, amount: 5 }),
    )
    expect(response.statusCode, response.body).toBe(201)
    const { message, data: trade } = response.json()
    expect(message).toBe('Buy order placed')

    expect(trade.opening_price).toBeCloseTo(buy, 9)
    expect(trade.leverage).toBe(100)
    expect(trade.qty).toBe(0.01)
    expect(trade.volume).toBe(1000)
    expect(trade.contract_size).toBe(100_000)
    expect(trade.margin).toBe(roundToCents(positionMarginUsd(1000, buy, 100)))
    expect(trade).toMatchObject({
      asset_id: 'eurusd',
      asset_symbol: 'EURUSD',
      asset_name: eurusd.name,
      trade_type: 'buy',
      status: 'open',
      take_profit: 0,
      stop_loss: 0,
      close_time: null,
      close_reason: null,
      trade_id: `T${String(trade.id).padStart(7, '0')}`,
    })
    // Open: marked to the price it would close at now (the sell price), so it starts at minus the spread.
    expect(trade.closing_price).toBeCloseTo(sell, 9)
    expect(trade.pnl).toBe(roundToCents(positionPnlUsd('buy', trade.opening_price, sell, 1000)))
    expect(trade.pnl).toBeLessThan(0)

    // What the client believed is kept for the record only.
    const [row] = await app.db.select().from(trades).where(eq(trades.id, trade.id))
    expect(row?.requested).toMatchObject({ opening_price: 999, margin: 0.01, leverage: 1000, amount: 5 })
  })

  it('opens a sell at the sell price and marks it to the buy price', async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const { buy, sell } = pricesOf(btcusd)
    const response = await storeTrade(app, customer.token, order(btcusd, 'sell', 0.05, { opening_price: 1 }))
    expect(response.statusCode, response.body).toBe(201)
    const { message, data: trade } = response.json()
    expect(message).toBe('Sell order placed')
    expect(trade.opening_price).toBeCloseTo(sell, 6)
    expect(trade.closing_price).toBeCloseTo(buy, 6)
    expect(trade.volume).toBe(0.05)
    expect(trade.margin).toBe(roundToCents(positionMarginUsd(0.05, trade.opening_price, 100)))
  })

  it("takes the leverage from the operator's per-class setting, the map GET /data shows", async () => {
    const admin = await loginToken(app, DEMO_ADMIN)
    const patch = (leverage: object) =>
      app.inject({
        method: 'PATCH',
        url: '/api/v1/admin/settings',
        headers: bearer(admin),
        payload: { leverage },
      })
    expect((await patch({ cryptos: 10 })).statusCode).toBe(200)
    try {
      const data = (await app.inject({ url: '/api/v1/data' })).json()
      expect(data.data.leverage.cryptos).toBe(10)
      const customer = await fundedCustomer(app, '10000.00')
      const trade = await openPosition(app, customer.token, order(btcusd, 'buy', 0.01, { leverage: 500 }))
      expect(trade.leverage).toBe(10)
      expect(trade.margin).toBe(roundToCents(positionMarginUsd(0.01, trade.opening_price, 10)))
    } finally {
      expect((await patch({ cryptos: 100 })).statusCode).toBe(200)
    }
  })
})

describe('free margin', () => {
  it('refuses an order whose margin exceeds the free margin, saying both figures', async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const { buy } = pricesOf(btcusd)
    const needed = roundToCents(positionMarginUsd(50, buy, 100))
    expect(needed).toBeGreaterThan(10_000)
    const error = refusal(await storeTrade(app, customer.token, order(btcusd, 'buy', 50)), 422)
    expect(error.message).toBe(
      `Not enough free margin: this trade needs ${usd(needed)} and your free margin is 10,000.00 USD.`,
    )
  })

  it('counts the margin and the unrealised loss of the open positions at server prices', async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const { buy, sell } = pricesOf(btcusd)
    // About 6,800 USD of margin, and about 2,000 USD of spread (0.3 % of 680,000) lost the moment it opens.
    const first = await openPosition(app, customer.token, order(btcusd, 'buy', 7))
    expect(first.margin).toBe(roundToCents(positionMarginUsd(7, buy, 100)))

    const pnl = 0 + positionPnlUsd('buy', first.opening_price, sell, 7)
    const free = roundToCents(freeMarginUsd(equityUsd(10_000, pnl), 0 + first.margin))
    expect(free).toBeGreaterThan(1000)
    const needed = roundToCents(positionMarginUsd(2, buy, 100))
    expect(needed).toBeGreaterThan(free)
    const error = refusal(await storeTrade(app, customer.token, order(btcusd, 'buy', 2)), 422)
    expect(error.message).toBe(
      `Not enough free margin: this trade needs ${usd(needed)} and your free margin is ${usd(free)}.`,
    )

    // A small one still fits in what is left.
    await openPosition(app, customer.token, order(eurusd, 'buy', 0.01))
    const open = TradesPageSchema.parse(
      (await app.inject({ url: '/api/v1/open/trades', headers: bearer(customer.token) })).json(),
    )
    expect(open.meta.total).toBe(2)
  })

  it('refuses a customer with no money at all', async () => {
    const customer = await newCustomer(app)
    const error = refusal(await storeTrade(app, customer.token, order(eurusd, 'buy', 0.01)), 422)
    expect(error.message).toMatch(
      /^Not enough free margin: this trade needs [\d,]+\.\d\d USD and your free margin is 0\.00 USD\.$/,
    )
  })
})

describe('refusals', () => {
  let token: string
  let customerId: number
  beforeAll(async () => {
    const customer = await fundedCustomer(app, '10000.00')
    token = customer.token
    customerId = customer.id
  })

  it('requires a well-formed Idempotency-Key header', async () => {
    const missing = refusal(await storeTrade(app, token, order(eurusd, 'buy', 0.01), null), 422)
    expect(missing.message).toBe('The Idempotency-Key header is required')
    expect(missing.errors).toEqual({ 'Idempotency-Key': ['The Idempotency-Key header is required'] })
    for (const key of ['short', 'x'.repeat(101), 'has spaces in it', 'semi;colon;key']) {
      const bad = refusal(await storeTrade(app, token, order(eurusd, 'buy', 0.01), key), 422)
      expect(bad.message).toBe('The Idempotency-Key header must be 8 to 100 letters, digits, - or _')
    }
  })

  it('checks lots against the limits of docs/product/orders-and-alerts.md#volume-and-limits and volume against lots x contract size', async () => {
    const cases: Array<[number, string]> = [
      [0.001, 'Lots must be at least 0.01.'],
      [50.01, 'Lots must be at most 50.'],
      [0.015, 'Lots must be a multiple of 0.01.'],
    ]
    for (const [lots, message] of cases) {
      const error = refusal(await storeTrade(app, token, order(eurusd, 'buy', lots)), 422)
      expect(error).toEqual({ message, errors: { qty: [message] } })
    }
    const wrongVolume = refusal(
      await storeTrade(app, token, order(eurusd, 'buy', 0.01, { volume: 5000 })),
      422,
    )
    expect(wrongVolume.message).toBe('Volume must be lots x contract size: 0.01 x 100000 = 1000 units.')
    expect(Object.keys(wrongVolume.errors ?? {})).toEqual(['volume'])
  })

  it('answers 404 for an asset that does not exist', async () => {
    const error = refusal(await storeTrade(app, token, order({ ...eurusd, id: 99_999 }, 'buy', 0.01)), 404)
    expect(error.message).toBe('Asset not found')
  })

  it('refuses take-profit and stop-loss levels on the wrong side of the price', async () => {
    const { buy, sell } = pricesOf(eurusd)
    const cases: Array<[Parameters<typeof order>[1], object, string, RegExp]> = [
      [
        'buy',
        { take_profit: buy * 0.99 },
        'take_profit',
        /^Take profit must be above the opening price \([\d.]+\) for a buy\.$/,
      ],
      [
        'buy',
        { stop_loss: buy * 1.01 },
        'stop_loss',
        /^Stop loss must be below the current sell price \([\d.]+\) for a buy\.$/,
      ],
      // Between the sell and the buy price: it would close the position at the next tick.
      [
        'buy',
        { stop_loss: (buy + sell) / 2 },
        'stop_loss',
        /^Stop loss must be below the current sell price/,
      ],
      [
        'sell',
        { take_profit: sell * 1.01 },
        'take_profit',
        /^Take profit must be below the opening price \([\d.]+\) for a sell\.$/,
      ],
      [
        'sell',
        { stop_loss: sell * 0.99 },
        'stop_loss',
        /^Stop loss must be above the current buy price \([\d.]+\) for a sell\.$/,
      ],
      ['buy', { take_profit: 1e15 }, 'take_profit', /^Take profit is not a possible price\.$/],
    ]
    for (const [side, levels, field, message] of cases) {
      const error = refusal(await storeTrade(app, token, order(eurusd, side, 0.01, levels)), 422)
      expect(error.message, JSON.stringify(levels)).toMatch(message)
      expect(Object.keys(error.errors ?? {})).toEqual([field])
    }
    // The right sides are accepted.
    const trade = await openPosition(
      app,
      token,
      order(eurusd, 'buy', 0.01, { take_profit: buy * 1.01, stop_loss: sell * 0.99 }),
    )
    expect(trade.take_profit).toBeCloseTo(buy * 1.01, 9)
    expect(trade.stop_loss).toBeCloseTo(sell * 0.99, 9)
  })

  it('refuses bodies the contract refuses, in the error envelope', async () => {
    for (const body of [
      { ...order(eurusd, 'buy', 0.01), type: 'hold' },
      { ...order(eurusd, 'buy', 0.01), take_profit: -1 },
      { ...order(eurusd, 'buy', 0.01), id: 'eurusd' },
      { ...order(eurusd, 'buy', 0.01), qty: '0.01' },
    ]) {
      const error = refusal(await storeTrade(app, token, body), 422)
      expect(error.message).toBe('The given data was invalid.')
    }
  })

  it('refuses accounts that may not trade: pending and deactivated', async () => {
    const pending = await newCustomer(app, { status: 'pending', balanceUsd: '10000.00' })
    expect(refusal(await storeTrade(app, pending.token, order(eurusd, 'buy', 0.01)), 403).message).toBe(
      ACCOUNT_STATUS_MESSAGES.pending,
    )
    await app.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, pending.id))
    expect(refusal(await storeTrade(app, pending.token, order(eurusd, 'buy', 0.01)), 403).message).toBe(
      ACCOUNT_STATUS_MESSAGES.deactivated,
    )
    expect(await app.db.$count(trades, eq(trades.userId, pending.id))).toBe(0)
  })

  it('opened nothing for any refused order', async () => {
    // Only the one accepted in the take-profit test.
    expect(await app.db.$count(trades, eq(trades.userId, customerId))).toBe(1)
  })

  it('answers 401 without a token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/trades/store',
      headers: { 'idempotency-key': newKey() },
      payload: order(eurusd, 'buy', 0.01),
    })
    expect(refusal(response, 401).message).toBe('Unauthenticated.')
  })
})

describe('market hours', () => {
  let weekend: FastifyInstance
  const clock = movableClock()

  /** Friday 12:00 UTC before the coming weekend: forex trades until 22:00. */
  function comingFridayNoonUtc(): number {
    const date = new Date()
    date.setUTCHours(12, 0, 0, 0)
    date.setUTCDate(date.getUTCDate() + ((5 - date.getUTCDay() + 7) % 7))
    return date.getTime()
  }

  beforeAll(async () => {
    clock.advance(comingFridayNoonUtc() - Date.now())
    weekend = await createTestApp({
      now: clock.now,
      realtime: { prices: { ...FROZEN, ignoreMarketHours: false } },
      rateLimits: ROOMY_RATE_LIMITS,
    })
  })
  afterAll(async () => {
    await weekend?.close()
  })

  it('opens forex on Friday, refuses it on Saturday, and keeps crypto open', async () => {
    const customer = await fundedCustomer(weekend, '10000.00')
    const friday = await openPosition(weekend, customer.token, order(eurusd, 'buy', 0.01))

    clock.advance(24 * 60 * 60 * 1000)
    const error = refusal(await storeTrade(weekend, customer.token, order(eurusd, 'buy', 0.01)), 422)
    expect(error.message).toBe(`The EURUSD market is closed. Trading hours: ${TRADING_HOURS_LABELS.forex}.`)
    // Its last price is stale: the Friday position cannot be closed at it either.
    const closing = refusal(await closeTrade(weekend, customer.token, friday.id), 422)
    expect(closing.message).toMatch(/^The EURUSD market is closed; the position can be closed when it opens/)

    await openPosition(weekend, customer.token, order(btcusd, 'buy', 0.01))
  })
})

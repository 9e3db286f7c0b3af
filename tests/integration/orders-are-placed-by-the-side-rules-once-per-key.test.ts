// POST /orders and the calls around it (decision 0034): a pending order sits on its side of the market (a buy limit
// below the ask, a buy stop above it, a sell limit above the bid, a sell stop below it), its take-profit and
// stop-loss on the right sides of its price, its expiry in the future, its margin within the free margin; anything
// else is 422 with the sentence that states the rule. One Idempotency-Key places one order however many requests
// race with it. Orders are their owner's only: listed, changed and cancelled by them, 404 for anyone else. On PGlite
// and on PostgreSQL, where the parallel requests really run side by side.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../server/db/schema'
import {
  ORDER_MESSAGES,
  OrderResponseSchema,
  OrdersPageSchema,
  type Asset,
  type OrderType,
  type TradeSide,
} from '../../src/domain/contract'
import { pendingOrder, placedOrder, placeOrder, quoteOf } from './support/orders'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import {
  assetBySymbol,
  fundedCustomer,
  listAssets,
  newKey,
  refusal,
  ROOMY_RATE_LIMITS,
} from './support/trading'
import { bearer, createTestApp } from './support/test-server'

const FROZEN = { ticksPerSecond: 0, ignoreMarketHours: true, seed: 8, historyMinutes: 60 }
const RACERS = 20

const pgAvailable = await postgresReachable('orders-are-placed-by-the-side-rules-once-per-key')
const backends = [
  { name: 'PGlite', postgres: false },
  ...(pgAvailable ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

/** Prices with six decimals, as a customer types them (the database keeps ten). */
const at = (price: number) => Number(price.toFixed(6))

/** A price as the server's messages print it: eight significant digits. */
const shown = (price: number) => String(Number(price.toPrecision(8)))

describe.each(backends)('on $name', ({ postgres }) => {
  let app: FastifyInstance
  let database: ThrowawayDatabase | undefined
  let eurusd: Asset
  let ask: number
  let bid: number

  beforeAll(async () => {
    if (postgres) database = await createThrowawayDatabase()
    app = await createTestApp({
      realtime: { prices: FROZEN },
      rateLimits: { ...ROOMY_RATE_LIMITS, tradeStore: { max: 10_000, windowMs: 60_000 } },
      ...(database ? { databaseUrl: database.url } : {}),
    })
    eurusd = assetBySymbol(await listAssets(app), 'EURUSD')
    const rate = app.prices.current(eurusd.asset_id)?.price
    if (rate === undefined) throw new Error('no EURUSD rate')
    ;({ buy: ask, sell: bid } = quoteOf(eurusd, rate))
  })
  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })

  describe('the side rules', () => {
    const cases: Array<{
      side: TradeSide
      type: OrderType
      good: () => number
      bad: () => number
      rule: string
    }> = [
      {
        side: 'buy',
        type: 'limit',
        good: () => at(ask * 0.99),
        bad: () => at(ask * 1.01),
        rule: 'A buy limit must be below the current buy price',
      },
      {
        side: 'buy',
        type: 'stop',
        good: () => at(ask * 1.01),
        bad: () => at(ask * 0.99),
        rule: 'A buy stop must be above the current buy price',
      },
      {
        side: 'sell',
        type: 'limit',
        good: () => at(bid * 1.01),
        bad: () => at(bid * 0.99),
        rule: 'A sell limit must be above the current sell price',
      },
      {
        side: 'sell',
        type: 'stop',
        good: () => at(bid * 0.99),
        bad: () => at(bid * 1.01),
        rule: 'A sell stop must be below the current sell price',
      },
    ]

    it.each(cases)('places a $side $type on its side and refuses it on the other', async (rule) => {
      const customer = await fundedCustomer(app, '10000.00')
      const market = rule.side === 'buy' ? ask : bid
      const refused = refusal(
        await placeOrder(app, customer.token, pendingOrder(eurusd, rule.side, rule.type, 0.1, rule.bad())),
        422,
      )
      expect(refused.message).toBe(`${rule.rule} (${shown(market)}).`)
      expect(refused.errors).toEqual({ price: [refused.message] })
      // At the market price itself it is a market order, not a pending one.
      const atMarket = refusal(
        await placeOrder(app, customer.token, pendingOrder(eurusd, rule.side, rule.type, 0.1, market)),
        422,
      )
      expect(atMarket.message).toBe(`${rule.rule} (${shown(market)}).`)

      const placed = await placedOrder(
        app,
        customer.token,
        pendingOrder(eurusd, rule.side, rule.type, 0.1, rule.good()),
      )
      expect(placed).toMatchObject({
        asset_id: eurusd.asset_id,
        asset_symbol: eurusd.symbol,
        trade_type: rule.side,
        order_type: rule.type,
        price: rule.good(),
        qty: 0.1,
        volume: 0.1 * eurusd.contract_size,
        take_profit: 0,
        stop_loss: 0,
        trailing_stop: 0,
        expires_at: null,
        status: 'pending',
        trade_id: null,
        closed_at: null,
        reason: null,
      })
      expect(placed.order_id).toBe(`O${String(placed.id).padStart(7, '0')}`)
    })

    it("checks a buy's take-profit above its price and stop-loss below, a sell's the other way", async () => {
      const customer = await fundedCustomer(app, '10000.00')
      const price = at(ask * 0.99)
      const buy = refusal(
        await placeOrder(
          app,
          customer.token,
          pendingOrder(eurusd, 'buy', 'limit', 0.1, price, {
            take_profit: at(price * 0.99),
            stop_loss: at(price * 1.01),
          }),
        ),
        422,
      )
      expect(buy.errors).toEqual({
        take_profit: [`Take profit must be above the order price (${shown(price)}) for a buy.`],
        stop_loss: [`Stop loss must be below the order price (${shown(price)}) for a buy.`],
      })
      const sellPrice = at(bid * 1.01)
      const sell = refusal(
        await placeOrder(
          app,
          customer.token,
          pendingOrder(eurusd, 'sell', 'limit', 0.1, sellPrice, {
            take_profit: at(sellPrice * 1.01),
            stop_loss: at(sellPrice * 0.99),
          }),
        ),
        422,
      )
      expect(sell.errors).toEqual({
        take_profit: [`Take profit must be below the order price (${shown(sellPrice)}) for a sell.`],
        stop_loss: [`Stop loss must be above the order price (${shown(sellPrice)}) for a sell.`],
      })
      const placed = await placedOrder(
        app,
        customer.token,
        pendingOrder(eurusd, 'buy', 'limit', 0.1, price, {
          take_profit: at(price * 1.01),
          stop_loss: at(price * 0.99),
          trailing_stop: 0.002,
        }),
      )
      expect(placed).toMatchObject({
        take_profit: at(price * 1.01),
        stop_loss: at(price * 0.99),
        trailing_stop: 0.002,
      })
    })

    it('refuses an expiry in the past and keeps one in the future', async () => {
      const customer = await fundedCustomer(app, '10000.00')
      const past = new Date(app.now().getTime() - 60_000).toISOString()
      const refused = refusal(
        await placeOrder(
          app,
          customer.token,
          pendingOrder(eurusd, 'buy', 'limit', 0.1, at(ask * 0.99), { expires_at: past }),
        ),
        422,
      )
      expect(refused.errors).toEqual({ expires_at: [ORDER_MESSAGES.EXPIRY_PASSED] })
      const future = new Date(app.now().getTime() + 3_600_000).toISOString()
      const placed = await placedOrder(
        app,
        customer.token,
        pendingOrder(eurusd, 'buy', 'limit', 0.1, at(ask * 0.99), { expires_at: future }),
      )
      expect(placed.expires_at).toBe(future)
    })

    it('refuses an order whose margin at its price is more than the free margin', async () => {
      // 1 lot of EURUSD is 100,000 units: about 1,085 USD of margin at 1:100, more than 500 USD.
      const customer = await fundedCustomer(app, '500.00')
      const price = at(ask * 0.99)
      const refused = refusal(
        await placeOrder(app, customer.token, pendingOrder(eurusd, 'buy', 'limit', 1, price)),
        422,
      )
      expect(refused.message).toMatch(
        /^Not enough free margin: this trade needs [\d,.]+ USD and your free margin is 500\.00 USD\.$/,
      )
      expect(await app.db.$count(orders, eq(orders.userId, customer.id))).toBe(0)
      await placedOrder(app, customer.token, pendingOrder(eurusd, 'buy', 'limit', 0.1, price))
    })
  })

  describe('one key, one order', () => {
    it(`places one order for ${RACERS} simultaneous requests with one key`, async () => {
      const customer = await fundedCustomer(app, '10000.00')
      const key = newKey()
      const body = pendingOrder(eurusd, 'buy', 'limit', 0.2, at(ask * 0.98))
      const responses = await Promise.all(
        Array.from({ length: RACERS }, () => placeOrder(app, customer.token, body, key)),
      )
      expect(responses.map((response) => response.statusCode).sort()).toEqual([
        ...Array<number>(RACERS - 1).fill(200),
        201,
      ])
      const ids = new Set(responses.map((response) => OrderResponseSchema.parse(response.json()).data.id))
      expect(ids.size).toBe(1)
      expect(await app.db.$count(orders, eq(orders.userId, customer.id))).toBe(1)
    })

    it('refuses a used key with another order, and wants a key', async () => {
      const customer = await fundedCustomer(app, '10000.00')
      const key = newKey()
      await placeOrder(app, customer.token, pendingOrder(eurusd, 'buy', 'limit', 0.1, at(ask * 0.98)), key)
      const reused = refusal(
        await placeOrder(app, customer.token, pendingOrder(eurusd, 'buy', 'limit', 0.2, at(ask * 0.98)), key),
        422,
      )
      expect(Object.keys(reused.errors ?? {})).toEqual(['Idempotency-Key'])
      const keyless = refusal(
        await placeOrder(
          app,
          customer.token,
          pendingOrder(eurusd, 'buy', 'limit', 0.1, at(ask * 0.98)),
          null,
        ),
        422,
      )
      expect(keyless.message).toBe('The Idempotency-Key header is required')
      expect(await app.db.$count(orders, eq(orders.userId, customer.id))).toBe(1)
    })
  })

  describe('list, change and cancel', () => {
    const list = async (token: string, status: 'pending' | 'history') =>
      OrdersPageSchema.parse(
        (await app.inject({ url: `/api/v1/orders?status=${status}`, headers: bearer(token) })).json(),
      )

    it('lists, modifies and cancels its own orders; cancelling twice is 409', async () => {
      const customer = await fundedCustomer(app, '10000.00')
      const placed = await placedOrder(
        app,
        customer.token,
        pendingOrder(eurusd, 'sell', 'limit', 0.1, at(bid * 1.02)),
      )
      expect((await list(customer.token, 'pending')).data.map((order) => order.id)).toEqual([placed.id])

      const modified = await app.inject({
        method: 'PATCH',
        url: `/api/v1/orders/${placed.id}`,
        headers: bearer(customer.token),
        payload: { price: at(bid * 1.03), take_profit: at(bid * 1.01) },
      })
      expect(modified.statusCode, modified.body).toBe(200)
      expect(OrderResponseSchema.parse(modified.json())).toMatchObject({
        message: ORDER_MESSAGES.MODIFIED,
        data: { id: placed.id, price: at(bid * 1.03), take_profit: at(bid * 1.01), status: 'pending' },
      })
      // A change is checked as a new order would be.
      const wrongSide = refusal(
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/orders/${placed.id}`,
          headers: bearer(customer.token),
          payload: { price: at(bid * 0.99) },
        }),
        422,
      )
      expect(wrongSide.message).toBe(`A sell limit must be above the current sell price (${shown(bid)}).`)

      const cancel = () =>
        app.inject({ method: 'DELETE', url: `/api/v1/orders/${placed.id}`, headers: bearer(customer.token) })
      const cancelled = await cancel()
      expect(cancelled.statusCode, cancelled.body).toBe(200)
      expect(OrderResponseSchema.parse(cancelled.json()).data).toMatchObject({
        status: 'cancelled',
        reason: 'user',
      })
      expect(refusal(await cancel(), 409).message).toBe(ORDER_MESSAGES.NOT_PENDING)
      const changeCancelled = await app.inject({
        method: 'PATCH',
        url: `/api/v1/orders/${placed.id}`,
        headers: bearer(customer.token),
        payload: { price: at(bid * 1.04) },
      })
      expect(refusal(changeCancelled, 409).message).toBe(ORDER_MESSAGES.NOT_PENDING)

      expect((await list(customer.token, 'pending')).data).toEqual([])
      const history = await list(customer.token, 'history')
      expect(history.data.map((order) => [order.id, order.status])).toEqual([[placed.id, 'cancelled']])
      expect(history.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 1 })
      expect(history.links.next).toBeNull()
    })

    it("never shows, changes or cancels another customer's order", async () => {
      const owner = await fundedCustomer(app, '10000.00')
      const other = await fundedCustomer(app, '10000.00')
      const placed = await placedOrder(
        app,
        owner.token,
        pendingOrder(eurusd, 'buy', 'stop', 0.1, at(ask * 1.02)),
      )
      expect((await list(other.token, 'pending')).data).toEqual([])
      const changed = await app.inject({
        method: 'PATCH',
        url: `/api/v1/orders/${placed.id}`,
        headers: bearer(other.token),
        payload: { price: at(ask * 1.03) },
      })
      expect(refusal(changed, 404).message).toBe(ORDER_MESSAGES.ORDER_NOT_FOUND)
      const cancelled = await app.inject({
        method: 'DELETE',
        url: `/api/v1/orders/${placed.id}`,
        headers: bearer(other.token),
      })
      expect(refusal(cancelled, 404).message).toBe(ORDER_MESSAGES.ORDER_NOT_FOUND)
      // The same key names each customer's own submit.
      const [row] = await app.db.select().from(orders).where(eq(orders.id, placed.id))
      expect(row).toMatchObject({ status: 'pending', price: at(ask * 1.02) })
    })
  })
})

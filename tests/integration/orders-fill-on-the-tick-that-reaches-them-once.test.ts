// Pending orders fill on the leader, on the tick that reaches them (decision 0034): a buy on the ask, a sell on the
// bid; a limit at its level or at the better price of a gap, a stop at the crossing tick's price. The fill opens the
// position through the market order's path (margin checked again, events), with the order's levels, and links the
// two. A fill the free margin no longer covers cancels the order with `insufficient_margin` and a notification; a
// closed market fills nothing until it opens; an order past its expiry expires instead; two leaders fill an order
// once. Prices are moved tick by tick by the test, on PGlite and on PostgreSQL.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { notifications, orders, trades, users } from '../../server/db/schema'
import type { TradingDesk } from '../../server/trading'
import {
  CHANNELS,
  ORDER_MESSAGES,
  OrderSchema,
  PlaceOrderRequestSchema,
  PUSH_EVENTS,
  type Asset,
  type Order,
  type OrderType,
  type TradeSide,
} from '../../src/domain/contract'
import {
  deskOn,
  pendingOrder,
  quoteOf,
  rateForAsk,
  rateForBid,
  recordingPublisher,
  scriptedPrices,
} from './support/orders'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { assetBySymbol, fundedCustomer, listAssets, newKey } from './support/trading'
import { createTestApp, movableClock } from './support/test-server'

const FROZEN = { ticksPerSecond: 0, ignoreMarketHours: true, seed: 9, historyMinutes: 60 }

const pgAvailable = await postgresReachable('orders-fill-on-the-tick-that-reaches-them-once')
const backends = [
  { name: 'PGlite', postgres: false },
  ...(pgAvailable ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

const round5 = (price: number) => Number(price.toFixed(5))

describe.each(backends)('on $name', ({ postgres }) => {
  let app: FastifyInstance
  let database: ThrowawayDatabase | undefined
  let eurusd: Asset
  let market: ReturnType<typeof scriptedPrices>
  let recorder: ReturnType<typeof recordingPublisher>
  let desk: TradingDesk
  const clock = movableClock()
  /** The ask and bid the test started from. */
  let ask0: number
  let bid0: number

  beforeAll(async () => {
    if (postgres) database = await createThrowawayDatabase()
    app = await createTestApp({
      realtime: { prices: FROZEN },
      ...(database ? { databaseUrl: database.url } : {}),
    })
    eurusd = assetBySymbol(await listAssets(app), 'EURUSD')
    const rate = app.prices.current(eurusd.asset_id)?.price ?? 1.08
    ;({ buy: ask0, sell: bid0 } = quoteOf(eurusd, rate))
    market = scriptedPrices({ [eurusd.asset_id]: rate })
    recorder = recordingPublisher(app.publisher)
    desk = await deskOn(app, market.prices, { now: clock.now, publisher: recorder.publisher })
  })
  afterEach(() => {
    // Back to where every test starts: the market open at the first rate.
    market.setOpen(eurusd.asset_id, true)
    market.tick(eurusd.asset_id, rateForAsk(eurusd, ask0))
  })
  afterAll(async () => {
    await desk?.stop()
    await app?.close()
    await database?.drop()
  })

  async function place(
    customerId: number,
    side: TradeSide,
    type: OrderType,
    lots: number,
    price: number,
    extra: Record<string, unknown> = {},
    on: TradingDesk = desk,
  ): Promise<Order> {
    const user = await app.repos.users.findById(customerId)
    if (!user) throw new Error('no such customer')
    const request = PlaceOrderRequestSchema.parse(pendingOrder(eurusd, side, type, lots, price, extra))
    const result = await on.orders.place(user, request, newKey())
    if (!result.ok) throw new Error(`order refused: ${result.message}`)
    return result.order
  }

  async function tickAsk(ask: number) {
    market.tick(eurusd.asset_id, rateForAsk(eurusd, ask))
    await desk.settled()
  }
  async function tickBid(bid: number) {
    market.tick(eurusd.asset_id, rateForBid(eurusd, bid))
    await desk.settled()
  }

  async function orderRow(orderId: number) {
    const [row] = await app.db.select().from(orders).where(eq(orders.id, orderId))
    if (!row) throw new Error(`no order ${orderId}`)
    return row
  }
  async function tradeOfOrder(orderId: number) {
    return app.db.select().from(trades).where(eq(trades.orderId, orderId))
  }

  /** The order.updated events the customer's tabs were sent about an order. */
  const orderEvents = (customerId: number, orderId: number) =>
    recorder.events
      .filter(
        (event) => event.channel === CHANNELS.trade(customerId) && event.name === PUSH_EVENTS.ORDER_UPDATED,
      )
      .map((event) => OrderSchema.parse(event.data))
      .filter((order) => order.id === orderId)

  it('fills a buy limit on the ask at the better price of a gap, with its levels, and links the two', async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const level = round5(ask0 * 0.99)
    const placed = await place(customer.id, 'buy', 'limit', 0.5, level, {
      take_profit: round5(level * 1.02),
      stop_loss: round5(level * 0.98),
      trailing_stop: 0.004,
    })

    // The bid reaching the level is not enough: a buy fills on the ask.
    await tickBid(level)
    await tickAsk(level * 1.0005)
    expect((await orderRow(placed.id)).status).toBe('pending')
    // The ask gaps from above the level to 0.5 % below it: the buyer gets the gap's price.
    const gapAsk = level * 0.995
    await tickAsk(gapAsk)

    const order = await orderRow(placed.id)
    const [trade, ...more] = await tradeOfOrder(placed.id)
    expect(more).toEqual([])
    if (!trade) throw new Error('the order opened no position')
    expect(order).toMatchObject({ status: 'filled', tradeId: trade.id, reason: null })
    expect(trade).toMatchObject({
      userId: customer.id,
      side: 'buy',
      status: 'open',
      volumeLots: 0.5,
      takeProfit: round5(level * 1.02),
      orderId: placed.id,
      trailingStop: 0.004,
    })
    expect(trade.openingPrice).toBeCloseTo(gapAsk, 9)
    expect(trade.openingPrice).toBeLessThan(level)
    // The margin a market order takes there: units x price / leverage (1:100 on the seeded plan), in cents.
    expect(Number(trade.marginUsd)).toBeCloseTo((0.5 * eurusd.contract_size * trade.openingPrice) / 100, 2)
    // The trailing stop started trailing at the fill: never below the order's own stop-loss.
    expect(trade.stopLoss).toBeGreaterThanOrEqual(round5(level * 0.98))

    const events = orderEvents(customer.id, placed.id)
    expect(events.map((event) => event.status)).toEqual(['pending', 'filled'])
    expect(events[1]?.trade_id).toBe(trade.id)
    expect(
      recorder.events.some(
        (event) =>
          event.channel === CHANNELS.trade(customer.id) &&
          event.name === PUSH_EVENTS.TRADE_UPDATED &&
          (event.data as { trade_id?: number }).trade_id === trade.id,
      ),
    ).toBe(true)
  })

  it('fills a stop at the crossing tick, worse than its level when the market gaps', async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const buyStop = await place(customer.id, 'buy', 'stop', 0.1, round5(ask0 * 1.01))
    const sellStop = await place(customer.id, 'sell', 'stop', 0.1, round5(bid0 * 0.99))
    const sellLimit = await place(customer.id, 'sell', 'limit', 0.1, round5(bid0 * 1.02))

    const buyStopAsk = round5(ask0 * 1.01) * 1.004
    await tickAsk(buyStopAsk)
    const [bought] = await tradeOfOrder(buyStop.id)
    expect(bought?.openingPrice).toBeCloseTo(buyStopAsk, 9)
    expect(bought?.side).toBe('buy')

    // Up through the sell limit (filled at the better bid), then down through the sell stop (at the worse bid).
    const sellLimitBid = round5(bid0 * 1.02) * 1.003
    await tickBid(sellLimitBid)
    const [soldHigh] = await tradeOfOrder(sellLimit.id)
    expect(soldHigh?.openingPrice).toBeCloseTo(sellLimitBid, 9)
    expect(soldHigh?.side).toBe('sell')
    expect(await tradeOfOrder(sellStop.id)).toEqual([])

    const sellStopBid = round5(bid0 * 0.99) * 0.995
    await tickBid(sellStopBid)
    const [soldLow] = await tradeOfOrder(sellStop.id)
    expect(soldLow?.openingPrice).toBeCloseTo(sellStopBid, 9)
    expect(soldLow?.openingPrice).toBeLessThan(round5(bid0 * 0.99))
  })

  it('cancels the order with insufficient_margin when the free margin no longer covers it at the fill', async () => {
    const customer = await fundedCustomer(app, '2000.00')
    // 1 lot: about 1,070 USD of margin at 1:100, which 2,000 USD covers when the order is placed.
    const placed = await place(customer.id, 'buy', 'limit', 1, round5(ask0 * 0.99))
    // The account loses most of its money before the market comes down to the order.
    await app.db.update(users).set({ balanceUsd: '300.00' }).where(eq(users.id, customer.id))
    await tickAsk(round5(ask0 * 0.99) * 0.999)

    expect(await orderRow(placed.id)).toMatchObject({
      status: 'cancelled',
      reason: 'insufficient_margin',
      tradeId: null,
    })
    expect(await tradeOfOrder(placed.id)).toEqual([])
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, customer.id))
    expect(told).toHaveLength(1)
    expect(told[0]?.title).toBe(ORDER_MESSAGES.CANCELLED_AT_FILL)
    expect(told[0]?.message).toContain(`O${String(placed.id).padStart(7, '0')}`)
    expect(told[0]?.message).toContain('Not enough free margin')
    expect(orderEvents(customer.id, placed.id).map((event) => [event.status, event.reason])).toEqual([
      ['pending', null],
      ['cancelled', 'insufficient_margin'],
    ])
  })

  it('fills nothing while the market is closed, and fills once it opens', async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const placed = await place(customer.id, 'buy', 'limit', 0.1, round5(ask0 * 0.99))
    market.setOpen(eurusd.asset_id, false)
    await tickAsk(round5(ask0 * 0.99) * 0.998)
    expect((await orderRow(placed.id)).status).toBe('pending')
    market.setOpen(eurusd.asset_id, true)
    await tickAsk(round5(ask0 * 0.99) * 0.997)
    expect((await orderRow(placed.id)).status).toBe('filled')
  })

  it('expires an order at its expiry, and a tick past the expiry does not fill it', async () => {
    const customer = await fundedCustomer(app, '10000.00')
    const expiresAt = new Date(clock.now().getTime() + 60_000)
    const placed = await place(customer.id, 'sell', 'limit', 0.1, round5(bid0 * 1.01), {
      expires_at: expiresAt.toISOString(),
    })
    const untilCancelled = await place(customer.id, 'sell', 'limit', 0.1, round5(bid0 * 1.05))
    // Not yet due: nothing happens.
    await desk.pending.expireDue()
    expect((await orderRow(placed.id)).status).toBe('pending')

    clock.advance(61_000)
    await tickBid(round5(bid0 * 1.01) * 1.001)
    expect((await orderRow(placed.id)).status).toBe('pending')
    await desk.pending.expireDue()
    const expired = await orderRow(placed.id)
    expect(expired).toMatchObject({ status: 'expired', reason: 'expired', tradeId: null })
    expect(expired.closedAt?.getTime()).toBeGreaterThanOrEqual(expiresAt.getTime())
    expect((await orderRow(untilCancelled.id)).status).toBe('pending')
    expect(orderEvents(customer.id, placed.id).map((event) => event.status)).toEqual(['pending', 'expired'])
  })

  it('fills each order once when two leaders see the same ticks', async () => {
    const customer = await fundedCustomer(app, '100000.00')
    const levels = Array.from({ length: 8 }, (_, index) => round5(ask0 * (0.99 - index * 0.001)))
    const placed = []
    for (const level of levels) placed.push(await place(customer.id, 'buy', 'limit', 0.1, level))
    // A second desk on the same database, as another instance that also believes it leads.
    const second = await deskOn(app, market.prices, { now: clock.now })
    try {
      expect(second.pending.size).toBeGreaterThanOrEqual(levels.length)
      market.tick(eurusd.asset_id, rateForAsk(eurusd, ask0 * 0.95))
      await Promise.all([desk.settled(), second.settled()])
    } finally {
      await second.stop()
    }
    for (const order of placed) {
      expect(await tradeOfOrder(order.id)).toHaveLength(1)
      expect((await orderRow(order.id)).status).toBe('filled')
    }
    const opened = await app.db
      .select()
      .from(trades)
      .where(and(eq(trades.userId, customer.id), eq(trades.status, 'open')))
    expect(opened).toHaveLength(levels.length)
  })
})

// Trailing stops on the server (decision 0034): a buy's stop follows the bid up at its distance and never comes back
// down, a sell's follows the ask down; the leader moves it on every tick and writes it (and tells the customer's
// tabs) at most once a second per position; a desk built afresh on the database trails on from the stop last
// written; and the stop closes the position at the tick that reaches it, as a stop-loss. The test moves prices tick
// by tick and the clock by hand, on PGlite and on PostgreSQL.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trades } from '../../server/db/schema'
import type { TradingDesk } from '../../server/trading'
import {
  CHANNELS,
  PUSH_EVENTS,
  StoreTradeRequestSchema,
  type Asset,
  type TradeSide,
} from '../../src/domain/contract'
import { deskOn, quoteOf, rateForAsk, rateForBid, recordingPublisher, scriptedPrices } from './support/orders'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { eventually } from './support/realtime-clients'
import { assetBySymbol, fundedCustomer, listAssets, newKey, order } from './support/trading'
import { createTestApp } from './support/test-server'

const FROZEN = { ticksPerSecond: 0, ignoreMarketHours: true, seed: 14, historyMinutes: 60 }
const DISTANCE = 0.002

const pgAvailable = await postgresReachable('trailing-stops-move-only-forward-then-close')
const backends = [
  { name: 'PGlite', postgres: false },
  ...(pgAvailable ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

describe.each(backends)('on $name', ({ postgres }) => {
  let app: FastifyInstance
  let database: ThrowawayDatabase | undefined
  let eurusd: Asset
  let market: ReturnType<typeof scriptedPrices>
  let recorder: ReturnType<typeof recordingPublisher>
  let desk: TradingDesk
  /** The desk's clock, moved by hand only: "once a second" is the test's second. */
  let nowMs = Date.parse('2026-11-25T12:00:00Z')
  const now = () => new Date(nowMs)
  let bid0: number
  let ask0: number

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
    desk = await deskOn(app, market.prices, { now, publisher: recorder.publisher })
  })
  afterAll(async () => {
    await desk?.stop()
    await app?.close()
    await database?.drop()
  })

  async function openTrailing(side: TradeSide) {
    const customer = await fundedCustomer(app, '100000.00')
    const user = await app.repos.users.findById(customer.id)
    if (!user) throw new Error('no customer')
    const opened = await desk.engine.open(
      user,
      StoreTradeRequestSchema.parse(order(eurusd, side, 0.1)),
      newKey(),
    )
    if (!opened.ok) throw new Error(opened.message)
    const modified = await desk.positions.modify(customer.id, opened.trade.id, { trailing_stop: DISTANCE })
    if (!modified.ok) throw new Error(modified.message)
    return { customerId: customer.id, trade: modified.trade }
  }

  async function stored(tradeId: number) {
    const [row] = await app.db.select().from(trades).where(eq(trades.id, tradeId))
    if (!row) throw new Error(`no trade ${tradeId}`)
    return row
  }
  async function tickBid(bid: number) {
    market.tick(eurusd.asset_id, rateForBid(eurusd, bid))
    await desk.settled()
  }
  async function tickAsk(ask: number) {
    market.tick(eurusd.asset_id, rateForAsk(eurusd, ask))
    await desk.settled()
  }
  const tradeEvents = (customerId: number) =>
    recorder.events.filter(
      (event) => event.channel === CHANNELS.trade(customerId) && event.name === PUSH_EVENTS.TRADE_UPDATED,
    ).length

  it("moves a buy's stop up with the bid, writes it at most once a second, never back, then closes at it", async () => {
    await tickBid(bid0)
    const { customerId, trade } = await openTrailing('buy')
    expect(trade.stop_loss).toBeCloseTo(bid0 - DISTANCE, 9)
    const eventsBefore = tradeEvents(customerId)

    // Up by two distances: the stop follows to one distance above the start, written at once (first move).
    await tickBid(bid0 + 2 * DISTANCE)
    expect((await stored(trade.id)).stopLoss).toBeCloseTo(bid0 + DISTANCE, 9)
    expect(tradeEvents(customerId)).toBe(eventsBefore + 1)

    // Up again within the same second: the stop moves in memory, the database and the tabs wait for the second.
    await tickBid(bid0 + 3 * DISTANCE)
    expect((await stored(trade.id)).stopLoss).toBeCloseTo(bid0 + DISTANCE, 9)
    expect(tradeEvents(customerId)).toBe(eventsBefore + 1)
    // Down a little: the stop stays where the best bid put it.
    await tickBid(bid0 + 2.5 * DISTANCE)
    nowMs += 1_000
    desk.trailing.flush()
    await desk.settled()
    expect((await stored(trade.id)).stopLoss).toBeCloseTo(bid0 + 2 * DISTANCE, 9)
    expect(tradeEvents(customerId)).toBe(eventsBefore + 2)

    // A desk built afresh on the database (a restart, a new leader) trails from the stop last written.
    const restarted = await deskOn(app, scriptedPrices({}).prices, { now })
    try {
      expect(restarted.trailing.size).toBeGreaterThanOrEqual(1)
      expect(restarted.engine.watchedCount).toBeGreaterThanOrEqual(1)
    } finally {
      await restarted.stop()
    }

    // The bid falls to just under the stop: the position closes at that tick, as a stop-loss, in profit.
    const closingBid = bid0 + 1.99 * DISTANCE
    await tickBid(closingBid)
    await eventually(async () => expect((await stored(trade.id)).status).toBe('closed'))
    const closed = await stored(trade.id)
    expect(closed.closeReason).toBe('stop_loss')
    expect(closed.closingPrice).toBeCloseTo(closingBid, 9)
    expect(Number(closed.pnlUsd)).toBeGreaterThan(0)
    expect(desk.trailing.size).toBe(0)
  })

  it("moves a sell's stop down with the ask and never back up", async () => {
    await tickAsk(ask0)
    const { trade } = await openTrailing('sell')
    expect(trade.stop_loss).toBeCloseTo(ask0 + DISTANCE, 9)
    nowMs += 1_000
    await tickAsk(ask0 - 3 * DISTANCE)
    expect((await stored(trade.id)).stopLoss).toBeCloseTo(ask0 - 2 * DISTANCE, 9)
    // Back up, still under the stop: it stays.
    nowMs += 1_000
    await tickAsk(ask0 - 2.5 * DISTANCE)
    nowMs += 1_000
    desk.trailing.flush()
    await desk.settled()
    expect((await stored(trade.id)).stopLoss).toBeCloseTo(ask0 - 2 * DISTANCE, 9)
    expect((await stored(trade.id)).status).toBe('open')
  })
})

// Take-profit and stop-loss are the server's job: the trade engine watches the simulator's ticks and closes a position
// through the same path as the customer's button, with close_reason take_profit or stop_loss, booking the P/L and
// telling the customer's tabs (trade.updated, user.updated). The market's clock is moved hours ahead at a time so
// the real simulator moves prices by hours' worth of volatility, while the app's own clock (tokens, signatures)
// keeps real time.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerEntries } from '../../server/db/schema'
import { createTradeEngine } from '../../server/trading/engine'
import {
  CHANNELS,
  PUSH_EVENTS,
  TradeUpdatedEventSchema,
  UserUpdatedEventSchema,
  type Asset,
} from '../../src/domain/contract'
import { closeAllClients, eventually, sleep } from './support/realtime-clients'
import {
  balanceOf,
  fundedCustomer,
  listenLiveMarket,
  openPosition,
  order,
  recordChannel,
  tradesOf,
} from './support/trading'
import { movableClock, type ListeningServer } from './support/test-server'

const HOUR_MS = 60 * 60 * 1000
const market = movableClock()
let server: ListeningServer
let pusherKey: string
let btcusd: Asset

beforeAll(async () => {
  ;({ server, pusherKey, btcusd } = await listenLiveMarket({ seed: 21, marketNow: market.now }))
})
afterAll(async () => {
  closeAllClients()
  await server?.close()
})

describe('levels reached by the simulator', () => {
  it('closes a buy and a sell on their levels: one at take-profit, the other at stop-loss', async () => {
    const customer = await fundedCustomer(server.app, '100000.00')
    const tradeChannel = await recordChannel(
      server.baseUrl,
      pusherKey,
      customer.token,
      CHANNELS.trade(customer.id),
    )
    const userChannel = await recordChannel(
      server.baseUrl,
      pusherKey,
      customer.token,
      CHANNELS.user(customer.id),
    )

    // Levels on the rate: crossing `up` reaches the buy's take-profit and the sell's stop-loss in the same tick,
    // crossing `down` the buy's stop-loss and the sell's take-profit. Whichever way Bitcoin goes, one of each.
    const rate = server.app.prices.current(btcusd.asset_id)?.price ?? 0
    const up = rate * 1.006
    const down = rate * 0.994
    const sellPrice = (at: number) => at * (1 - btcusd.sell_spread)
    const buyPrice = (at: number) => at * (1 + btcusd.buy_spread)
    const buy = await openPosition(
      server.app,
      customer.token,
      order(btcusd, 'buy', 0.5, { take_profit: sellPrice(up), stop_loss: sellPrice(down) }),
    )
    const sell = await openPosition(
      server.app,
      customer.token,
      order(btcusd, 'sell', 0.5, { take_profit: buyPrice(down), stop_loss: buyPrice(up) }),
    )
    expect(server.app.trading.watchedCount).toBe(2)
    // Each open told the customer's tabs.
    await eventually(() => expect(tradeChannel.events).toHaveLength(2))
    expect(tradeChannel.events.map(({ data }) => TradeUpdatedEventSchema.parse(data).trade_id)).toEqual([
      buy.id,
      sell.id,
    ])

    const balanceBefore = await balanceOf(server.app, customer.id)
    // Six market hours per step: Bitcoin's 0.6 % is about a third of one step's typical move.
    for (let step = 0; step < 60 && (await tradesOf(server, customer.token, 'open')).length > 0; step += 1) {
      market.advance(6 * HOUR_MS)
      await sleep(150)
    }
    await eventually(async () => expect(await tradesOf(server, customer.token, 'open')).toEqual([]))
    expect(server.app.trading.watchedCount).toBe(0)

    const closed = await tradesOf(server, customer.token, 'closed')
    const closedBuy = closed.find((trade) => trade.id === buy.id)
    const closedSell = closed.find((trade) => trade.id === sell.id)
    if (!closedBuy || !closedSell) throw new Error('both positions should be in the closed list')
    expect([closedBuy.close_reason, closedSell.close_reason].sort()).toEqual(['stop_loss', 'take_profit'])

    // Each closed at a price that really reached its level, with the P/L sign that level means.
    if (closedBuy.close_reason === 'take_profit') {
      expect(closedBuy.closing_price).toBeGreaterThanOrEqual(closedBuy.take_profit)
      expect(closedSell.closing_price).toBeGreaterThanOrEqual(closedSell.stop_loss)
      expect(closedBuy.pnl).toBeGreaterThan(0)
      expect(closedSell.pnl).toBeLessThan(0)
    } else {
      expect(closedBuy.closing_price).toBeLessThanOrEqual(closedBuy.stop_loss)
      expect(closedSell.closing_price).toBeLessThanOrEqual(closedSell.take_profit)
      expect(closedBuy.pnl).toBeLessThan(0)
      expect(closedSell.pnl).toBeGreaterThan(0)
    }
    // Both at the same tick's rate: the sell's closing (buy) price over the buy's closing (sell) price is the spread.
    expect(closedSell.closing_price / closedBuy.closing_price).toBeCloseTo(
      (1 + btcusd.buy_spread) / (1 - btcusd.sell_spread),
      9,
    )

    // Booked once each, and the balance moved by exactly their sum.
    const ledger = await server.app.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, customer.id))
    expect(ledger.map((entry) => entry.tradeId).sort()).toEqual([buy.id, sell.id].sort())
    const cents = (amount: string) => BigInt(amount.replace('.', ''))
    const booked = ledger.reduce((sum, entry) => sum + cents(entry.amountUsd), 0n)
    expect(cents(await balanceOf(server.app, customer.id))).toBe(cents(balanceBefore) + booked)
    expect(booked).toBe(BigInt(Math.round((closedBuy.pnl + closedSell.pnl) * 100)))

    // The customer's tabs heard about both closes and about the balance.
    await eventually(() => expect(tradeChannel.events).toHaveLength(4))
    const closedIds = tradeChannel.events.slice(2).map(({ event, data }) => {
      expect(event).toBe(PUSH_EVENTS.TRADE_UPDATED)
      return TradeUpdatedEventSchema.parse(data).trade_id
    })
    expect(closedIds.sort()).toEqual([buy.id, sell.id].sort())
    await eventually(() => expect(userChannel.events.length).toBeGreaterThanOrEqual(2))
    for (const { event, data } of userChannel.events) {
      expect(event).toBe(PUSH_EVENTS.USER_UPDATED)
      expect(UserUpdatedEventSchema.parse(data).user_id).toBe(customer.id)
    }
  })

  it('leaves positions without levels alone, however far the price goes', async () => {
    const customer = await fundedCustomer(server.app, '100000.00')
    const plain = await openPosition(server.app, customer.token, order(btcusd, 'buy', 0.1))
    const watchedBefore = server.app.trading.watchedCount
    for (let step = 0; step < 5; step += 1) {
      market.advance(24 * HOUR_MS)
      await sleep(150)
    }
    expect(server.app.trading.watchedCount).toBe(watchedBefore)
    const open = await tradesOf(server, customer.token, 'open')
    expect(open.map((trade) => trade.id)).toEqual([plain.id])
    // Still marked to the moving price.
    expect(open[0]?.closing_price).not.toBe(plain.closing_price)
  })
})

describe('at start', () => {
  it('watches the levels of the positions already open in the database', async () => {
    const customer = await fundedCustomer(server.app, '100000.00')
    const rate = server.app.prices.current(btcusd.asset_id)?.price ?? 0
    const watchedBefore = server.app.trading.watchedCount
    await openPosition(server.app, customer.token, order(btcusd, 'buy', 0.01, { take_profit: rate * 1.5 }))
    await openPosition(server.app, customer.token, order(btcusd, 'sell', 0.01, { stop_loss: rate * 1.5 }))
    await openPosition(server.app, customer.token, order(btcusd, 'buy', 0.01))
    expect(server.app.trading.watchedCount).toBe(watchedBefore + 2)

    // What a restarted server builds: an engine that has seen none of these opens, only the database.
    const restarted = await createTradeEngine({
      repos: server.app.repos,
      prices: { ...server.app.prices, onTicks: () => () => undefined },
      publisher: server.app.publisher,
      now: () => server.app.now(),
      log: server.app.log,
      leader: server.app.cluster.leader,
      bus: server.app.cluster.bus,
    })
    try {
      expect(restarted.watchedCount).toBe(server.app.trading.watchedCount)
      expect(restarted.watchedCount).toBeGreaterThanOrEqual(2)
    } finally {
      await restarted.stop()
    }
  })
})

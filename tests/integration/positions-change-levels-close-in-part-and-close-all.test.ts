// An open position's changes (decision 0034): its take-profit and stop-loss move to the right side of the market (a
// buy's above and below the bid it closes at, a sell's against the ask; 0 removes one; the wrong side is 422 naming
// the field); a part of it closes as a closed position of its own whose realised P/L the ledger books to the cent,
// the rest keeping its id and levels; close-all closes each position through the one close path, one ledger row
// each, and one failure does not stop the others. Nobody reaches another customer's positions. PGlite and PostgreSQL.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerEntries, trades } from '../../server/db/schema'
import type { TradingDesk } from '../../server/trading'
import {
  CloseAllResponseSchema,
  CloseTradeResponseSchema,
  ModifyTradeResponseSchema,
  ORDER_MESSAGES,
  StoreTradeRequestSchema,
  TradesPageSchema,
  type Asset,
} from '../../src/domain/contract'
import { deskOn, quoteOf, rateForBid, scriptedPrices } from './support/orders'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { eventually } from './support/realtime-clients'
import {
  assetBySymbol,
  balanceOf,
  fundedCustomer,
  listAssets,
  newKey,
  openPosition,
  order,
  refusal,
  ROOMY_RATE_LIMITS,
} from './support/trading'
import { bearer, createTestApp } from './support/test-server'

const FROZEN = { ticksPerSecond: 0, ignoreMarketHours: true, seed: 12, historyMinutes: 60 }

const pgAvailable = await postgresReachable('positions-change-levels-close-in-part-and-close-all')
const backends = [
  { name: 'PGlite', postgres: false },
  ...(pgAvailable ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

/** numeric(18,2) text as integer cents, so sums are exact. */
const cents = (amount: string) => {
  expect(amount).toMatch(/^-?\d+\.\d\d$/)
  return BigInt(amount.replace('.', ''))
}
const shown = (price: number) => String(Number(price.toPrecision(8)))
const at = (price: number) => Number(price.toFixed(6))

describe.each(backends)('on $name', ({ postgres }) => {
  let app: FastifyInstance
  let database: ThrowawayDatabase | undefined
  let eurusd: Asset
  let btcusd: Asset
  let ask: number
  let bid: number

  beforeAll(async () => {
    if (postgres) database = await createThrowawayDatabase()
    app = await createTestApp({
      realtime: { prices: FROZEN },
      rateLimits: ROOMY_RATE_LIMITS,
      ...(database ? { databaseUrl: database.url } : {}),
    })
    const assets = await listAssets(app)
    eurusd = assetBySymbol(assets, 'EURUSD')
    btcusd = assetBySymbol(assets, 'BTCUSD')
    ;({ buy: ask, sell: bid } = quoteOf(eurusd, app.prices.current(eurusd.asset_id)?.price ?? 0))
  })
  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })

  const patchTrade = (token: string, tradeId: number, body: object) =>
    app.inject({ method: 'PATCH', url: `/api/v1/trade/${tradeId}`, headers: bearer(token), payload: body })
  const closeTrade = (token: string, tradeId: number, body?: object) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/trade/${tradeId}/close`,
      headers: bearer(token),
      ...(body === undefined ? {} : { payload: body }),
    })
  const openTrades = async (token: string) =>
    TradesPageSchema.parse((await app.inject({ url: '/api/v1/open/trades', headers: bearer(token) })).json())
      .data
  const closeAll = (token: string, body: object = {}) =>
    app.inject({ method: 'POST', url: '/api/v1/trades/close-all', headers: bearer(token), payload: body })

  describe('PATCH /trade/{id}', () => {
    it("refuses a buy's take-profit at or below the bid and its stop-loss at or above it, naming the field", async () => {
      const customer = await fundedCustomer(app, '10000.00')
      const buy = await openPosition(app, customer.token, order(eurusd, 'buy', 0.1))
      const takeProfit = refusal(
        await patchTrade(customer.token, buy.id, { take_profit: at(bid * 0.999) }),
        422,
      )
      expect(takeProfit.errors).toEqual({
        take_profit: [`Take profit must be above the current sell price (${shown(bid)}) for a buy.`],
      })
      const stopLoss = refusal(await patchTrade(customer.token, buy.id, { stop_loss: at(bid * 1.001) }), 422)
      expect(stopLoss.errors).toEqual({
        stop_loss: [`Stop loss must be below the current sell price (${shown(bid)}) for a buy.`],
      })
      const trailing = refusal(await patchTrade(customer.token, buy.id, { trailing_stop: bid * 2 }), 422)
      expect(Object.keys(trailing.errors ?? {})).toEqual(['trailing_stop'])
      const [row] = await app.db.select().from(trades).where(eq(trades.id, buy.id))
      expect(row).toMatchObject({ takeProfit: 0, stopLoss: 0, trailingStop: 0 })
    })

    it("refuses a sell's take-profit at or above the ask and its stop-loss at or below it", async () => {
      const customer = await fundedCustomer(app, '10000.00')
      const sell = await openPosition(app, customer.token, order(eurusd, 'sell', 0.1))
      const both = refusal(
        await patchTrade(customer.token, sell.id, {
          take_profit: at(ask * 1.001),
          stop_loss: at(ask * 0.999),
        }),
        422,
      )
      expect(both.errors).toEqual({
        take_profit: [`Take profit must be below the current buy price (${shown(ask)}) for a sell.`],
        stop_loss: [`Stop loss must be above the current buy price (${shown(ask)}) for a sell.`],
      })
    })

    it('moves the levels, watches them, and removes one with 0', async () => {
      const customer = await fundedCustomer(app, '10000.00')
      const buy = await openPosition(app, customer.token, order(eurusd, 'buy', 0.1))
      const watched = app.trading.watchedCount
      const moved = await patchTrade(customer.token, buy.id, {
        take_profit: at(bid * 1.01),
        stop_loss: at(bid * 0.99),
      })
      expect(moved.statusCode, moved.body).toBe(200)
      expect(ModifyTradeResponseSchema.parse(moved.json())).toMatchObject({
        message: ORDER_MESSAGES.POSITION_MODIFIED,
        data: { id: buy.id, take_profit: at(bid * 1.01), stop_loss: at(bid * 0.99), trailing_stop: 0 },
      })
      expect(app.trading.watchedCount).toBe(watched + 1)

      const tpRemoved = ModifyTradeResponseSchema.parse(
        (await patchTrade(customer.token, buy.id, { take_profit: 0 })).json(),
      ).data
      expect(tpRemoved).toMatchObject({ take_profit: 0, stop_loss: at(bid * 0.99) })
      expect(app.trading.watchedCount).toBe(watched + 1)
      await patchTrade(customer.token, buy.id, { stop_loss: 0 })
      expect(app.trading.watchedCount).toBe(watched)

      // 'Stop at entry' is a stop-loss at the opening price: refused while the market is not past it.
      const atEntry = refusal(await patchTrade(customer.token, buy.id, { stop_loss: buy.opening_price }), 422)
      expect(Object.keys(atEntry.errors ?? {})).toEqual(['stop_loss'])

      // A trailing stop starts at bid - distance.
      const trailing = ModifyTradeResponseSchema.parse(
        (await patchTrade(customer.token, buy.id, { trailing_stop: 0.002 })).json(),
      ).data
      expect(trailing.trailing_stop).toBe(0.002)
      expect(trailing.stop_loss).toBeCloseTo(bid - 0.002, 9)
    })

    it("answers 404 for another customer's position and 409 for a closed one", async () => {
      const owner = await fundedCustomer(app, '10000.00')
      const other = await fundedCustomer(app, '10000.00')
      const buy = await openPosition(app, owner.token, order(eurusd, 'buy', 0.1))
      expect(
        refusal(await patchTrade(other.token, buy.id, { take_profit: at(bid * 1.01) }), 404).message,
      ).toBe('Trade not found')
      expect(refusal(await closeTrade(other.token, buy.id, { volume: 1000 }), 404).message).toBe(
        'Trade not found',
      )
      const foreignCloseAll = CloseAllResponseSchema.parse((await closeAll(other.token)).json())
      expect(foreignCloseAll.data).toEqual({ closed: [], failed: [] })
      expect(await openTrades(owner.token)).toHaveLength(1)

      expect((await closeTrade(owner.token, buy.id)).statusCode).toBe(200)
      expect(
        refusal(await patchTrade(owner.token, buy.id, { take_profit: at(bid * 1.01) }), 409).message,
      ).toBe('This position is already closed.')
    })
  })

  describe('POST /trade/{id}/close with a volume', () => {
    it('closes a part as its own closed position, booked to the cent; the rest keeps its id and levels', async () => {
      const customer = await fundedCustomer(app, '10000.00')
      const position = await openPosition(
        app,
        customer.token,
        order(eurusd, 'buy', 0.5, { take_profit: at(ask * 1.02), stop_loss: at(bid * 0.98) }),
      )
      const balanceBefore = await balanceOf(app, customer.id)
      const [before] = await app.db.select().from(trades).where(eq(trades.id, position.id))
      if (!before) throw new Error('no position')

      const response = await closeTrade(customer.token, position.id, { volume: 0.2 * eurusd.contract_size })
      expect(response.statusCode, response.body).toBe(200)
      const { message, data: part } = CloseTradeResponseSchema.parse(response.json())
      expect(message).toBe(ORDER_MESSAGES.PARTIALLY_CLOSED)
      expect(part).toMatchObject({
        status: 'closed',
        close_reason: 'user',
        qty: 0.2,
        volume: 0.2 * eurusd.contract_size,
        opening_price: position.opening_price,
      })
      expect(part.id).not.toBe(position.id)
      expect(part.closing_price).toBeCloseTo(bid, 9)

      const [partRow] = await app.db.select().from(trades).where(eq(trades.id, part.id))
      const [rest] = await app.db.select().from(trades).where(eq(trades.id, position.id))
      if (!partRow || !rest) throw new Error('a part is missing')
      expect(rest).toMatchObject({
        status: 'open',
        volumeLots: 0.3,
        volumeUnits: 0.3 * eurusd.contract_size,
        takeProfit: at(ask * 1.02),
        stopLoss: at(bid * 0.98),
      })
      // The margin is split to the cent: nothing made, nothing lost.
      expect(cents(partRow.marginUsd) + cents(rest.marginUsd)).toBe(cents(before.marginUsd))
      expect(cents(partRow.marginUsd)).toBe(BigInt(Math.round((Number(before.marginUsd) * 0.2 * 100) / 0.5)))

      // The part's P/L: (closing - opening) x units, rounded to cents, booked once, and the balance moved by it.
      const pnl = partRow.pnlUsd ?? 'missing'
      const closing = partRow.closingPrice ?? Number.NaN
      expect(Number(pnl)).toBeCloseTo((closing - partRow.openingPrice) * 0.2 * eurusd.contract_size, 2)
      const ledger = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, customer.id))
      expect(ledger.map((entry) => [entry.tradeId, entry.kind, entry.amountUsd])).toEqual([
        [part.id, 'trade_pnl', pnl],
      ])
      const balanceAfter = await balanceOf(app, customer.id)
      expect(cents(balanceAfter)).toBe(cents(balanceBefore) + cents(pnl))
      expect(ledger[0]?.balanceAfterUsd).toBe(balanceAfter)

      // The rest closes later under its own id, booked on its own row.
      const restClosed = CloseTradeResponseSchema.parse(
        (await closeTrade(customer.token, position.id)).json(),
      ).data
      expect(restClosed).toMatchObject({ id: position.id, qty: 0.3, status: 'closed' })
      expect(await app.db.$count(ledgerEntries, eq(ledgerEntries.userId, customer.id))).toBe(2)
    })

    it('refuses a volume off the 0.01-lot grid or more than the position holds', async () => {
      const customer = await fundedCustomer(app, '10000.00')
      const position = await openPosition(app, customer.token, order(eurusd, 'buy', 0.1))
      for (const volume of [500, 1_500]) {
        const offGrid = refusal(await closeTrade(customer.token, position.id, { volume }), 422)
        expect(offGrid.errors).toEqual({ volume: [offGrid.message] })
        expect(offGrid.message).toBe('Volume must be a whole number of 0.01 lots: 1000 units each.')
      }
      const tooMuch = refusal(await closeTrade(customer.token, position.id, { volume: 20_000 }), 422)
      expect(tooMuch.message).toBe('The position holds 10000 units; close at most that.')
      expect(await openTrades(customer.token)).toMatchObject([{ id: position.id, qty: 0.1 }])
      // The whole volume is an ordinary close.
      const whole = CloseTradeResponseSchema.parse(
        (await closeTrade(customer.token, position.id, { volume: 10_000 })).json(),
      )
      expect(whole.data).toMatchObject({ id: position.id, status: 'closed', qty: 0.1 })
    })
  })

  describe('POST /trades/close-all', () => {
    let market: ReturnType<typeof scriptedPrices>
    let desk: TradingDesk

    beforeAll(async () => {
      market = scriptedPrices({
        [eurusd.asset_id]: app.prices.current(eurusd.asset_id)?.price ?? 0,
        [btcusd.asset_id]: app.prices.current(btcusd.asset_id)?.price ?? 0,
      })
      desk = await deskOn(app, market.prices)
    })
    afterAll(async () => {
      await desk?.stop()
    })

    async function open(customerId: number, asset: Asset, lots: number, overrides = {}) {
      const user = await app.repos.users.findById(customerId)
      if (!user) throw new Error('no customer')
      const request = StoreTradeRequestSchema.parse(order(asset, 'buy', lots, overrides))
      const result = await desk.engine.open(user, request, newKey())
      if (!result.ok) throw new Error(result.message)
      return result.trade
    }

    it('closes the positions still open after a take-profit closed one, each on its own ledger row', async () => {
      const customer = await fundedCustomer(app, '100000.00')
      const takeProfit = at(ask * 1.001)
      const withTakeProfit = await open(customer.id, eurusd, 0.1, { take_profit: takeProfit })
      const second = await open(customer.id, eurusd, 0.2)
      const third = await open(customer.id, eurusd, 0.3)
      const bitcoin = await open(customer.id, btcusd, 0.01)

      // The market reaches the take-profit: the leader closes that one itself.
      market.tick(eurusd.asset_id, rateForBid(eurusd, takeProfit * 1.0001))
      await eventually(async () => {
        const [row] = await app.db.select().from(trades).where(eq(trades.id, withTakeProfit.id))
        expect(row?.closeReason).toBe('take_profit')
      })

      const ofEurusd = await desk.positions.closeAll(customer.id, eurusd.asset_id)
      if ('ok' in ofEurusd) throw new Error('close-all refused')
      expect(ofEurusd.closed.map((trade) => trade.id)).toEqual([second.id, third.id])
      expect(ofEurusd.failed).toEqual([])
      const rest = await desk.positions.closeAll(customer.id)
      if ('ok' in rest) throw new Error('close-all refused')
      expect(rest.closed.map((trade) => trade.id)).toEqual([bitcoin.id])

      const ledger = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, customer.id))
      expect(ledger.map((entry) => entry.tradeId).sort()).toEqual(
        [withTakeProfit.id, second.id, third.id, bitcoin.id].sort(),
      )
      const booked = ledger.reduce((sum, entry) => sum + cents(entry.amountUsd), 0n)
      expect(cents(await balanceOf(app, customer.id))).toBe(cents('100000.00') + booked)
    })

    it('goes on past a position it cannot close and lists it under failed', async () => {
      const customer = await fundedCustomer(app, '100000.00')
      const euro = await open(customer.id, eurusd, 0.1)
      const bitcoin = await open(customer.id, btcusd, 0.01)
      market.setOpen(eurusd.asset_id, false)
      try {
        const result = await desk.positions.closeAll(customer.id)
        if ('ok' in result) throw new Error('close-all refused')
        expect(result.closed.map((trade) => trade.id)).toEqual([bitcoin.id])
        expect(result.failed.map((failure) => failure.id)).toEqual([euro.id])
        expect(result.failed[0]?.message).toMatch(/^The EURUSD market is closed;/)
      } finally {
        market.setOpen(eurusd.asset_id, true)
      }
    })

    it('answers through the route, and 404 for an asset that does not exist', async () => {
      const customer = await fundedCustomer(app, '10000.00')
      const position = await openPosition(app, customer.token, order(eurusd, 'buy', 0.1))
      const unknown = refusal(await closeAll(customer.token, { asset_id: 'nosuchasset' }), 404)
      expect(unknown.message).toBe('Asset not found')
      const response = await closeAll(customer.token)
      expect(response.statusCode, response.body).toBe(200)
      const { message, data } = CloseAllResponseSchema.parse(response.json())
      expect(message).toBe(ORDER_MESSAGES.CLOSED_ALL)
      expect(data.closed.map((trade) => [trade.id, trade.status])).toEqual([[position.id, 'closed']])
    })
  })
})

import { describe, expect, it } from 'vitest'
import type { Order } from '../../../src/domain/contract/orders'
import type { Trade } from '../../../src/domain/contract/trades'
import {
  chartLevels,
  levelChange,
  levelMoveError,
  levelMoveTitle,
  type LevelMove,
  type PriceLevel,
} from '../../../src/domain/trading/chart-levels'

const trade = (overrides: Partial<Trade>): Trade => ({
  id: 12,
  trade_id: 'T0000012',
  asset_id: 'eurusd',
  asset_symbol: 'EUR/USD',
  asset_name: 'Euro vs US Dollar',
  trade_type: 'buy',
  status: 'open',
  volume: 1_000,
  qty: 0.01,
  contract_size: 100_000,
  margin: 10.84,
  leverage: 100,
  opening_price: 1.08412,
  closing_price: 1.0845,
  take_profit: 1.09,
  stop_loss: 1.08,
  trailing_stop: 0,
  order_id: null,
  open_time: '2026-07-15T09:30:00.000Z',
  close_time: null,
  close_reason: null,
  pnl: 0.38,
  ...overrides,
})

const order = (overrides: Partial<Order>): Order => ({
  id: 5,
  order_id: 'O0000005',
  asset_id: 'eurusd',
  asset_symbol: 'EUR/USD',
  trade_type: 'buy',
  order_type: 'limit',
  price: 1.075,
  volume: 1_000,
  qty: 0.01,
  take_profit: 0,
  stop_loss: 0,
  trailing_stop: 0,
  expires_at: null,
  status: 'pending',
  trade_id: null,
  created_at: '2026-07-15T09:30:00.000Z',
  closed_at: null,
  reason: null,
  ...overrides,
})

const summary = (levels: PriceLevel[]) =>
  levels.map(({ id, kind, price, label, move }) => ({ id, kind, price, label, draggable: move !== null }))

const byId = (levels: PriceLevel[], id: string) => {
  const level = levels.find((candidate) => candidate.id === id)
  if (!level?.move) throw new Error(`no draggable level ${id}`)
  return level.move
}

// Bid 1.08450, ask 1.08470.
const market = { sell_price: 1.0845, buy_price: 1.0847 }

describe('the levels of one asset', () => {
  it("draws a position's entry, take-profit and stop-loss; only the levels move", () => {
    expect(summary(chartLevels('eurusd', [trade({})], []))).toEqual([
      { id: 'trade:12:entry', kind: 'entry', price: 1.08412, label: 'Buy 0.01 @ 1.08412', draggable: false },
      { id: 'trade:12:tp', kind: 'take_profit', price: 1.09, label: 'TP 1.09000', draggable: true },
      { id: 'trade:12:sl', kind: 'stop_loss', price: 1.08, label: 'SL 1.08000', draggable: true },
    ])
  })

  it('leaves out a level that is unset (0) and names the side of a sell', () => {
    const levels = chartLevels('eurusd', [trade({ trade_type: 'sell', qty: 1.5, take_profit: 0 })], [])
    expect(summary(levels)).toEqual([
      { id: 'trade:12:entry', kind: 'entry', price: 1.08412, label: 'Sell 1.50 @ 1.08412', draggable: false },
      { id: 'trade:12:sl', kind: 'stop_loss', price: 1.08, label: 'SL 1.08000', draggable: true },
    ])
    expect(levels[1]!.name).toBe('Stop loss 1.08000')
  })

  it("draws a pending order's price and its own take-profit and stop-loss, all draggable", () => {
    const levels = chartLevels('eurusd', [], [order({ take_profit: 1.08, stop_loss: 1.07 })])
    expect(summary(levels)).toEqual([
      { id: 'order:5:price', kind: 'order', price: 1.075, label: 'Buy limit 0.01', draggable: true },
      { id: 'order:5:tp', kind: 'take_profit', price: 1.08, label: 'TP 1.08000', draggable: true },
      { id: 'order:5:sl', kind: 'stop_loss', price: 1.07, label: 'SL 1.07000', draggable: true },
    ])
    expect(levels.map((level) => level.name)).toEqual([
      'Buy limit 0.01 at 1.07500',
      'Take profit 1.08000 of the buy limit 0.01',
      'Stop loss 1.07000 of the buy limit 0.01',
    ])
    expect(new Set(levels.map((level) => level.owner))).toEqual(new Set(['Buy limit 0.01 at 1.07500']))
  })

  it('draws a move being confirmed at its new price, and only that level', () => {
    const trades = [trade({}), trade({ id: 13, stop_loss: 1.081 })]
    const orders = [order({ take_profit: 1.08 })]
    const before = chartLevels('eurusd', trades, orders)
    const stop = byId(before, 'trade:12:sl')
    const after = chartLevels('eurusd', trades, orders, { move: stop, price: 1.0795 })
    expect(after.find((level) => level.id === 'trade:12:sl')).toMatchObject({
      price: 1.0795,
      label: 'SL 1.07950',
      owner: 'Buy 0.01 @ 1.08412',
    })
    expect(after.find((level) => level.id === 'trade:13:sl')?.price).toBe(1.081)
    expect(after.filter((level) => level.id !== 'trade:12:sl')).toEqual(
      before.filter((level) => level.id !== 'trade:12:sl'),
    )
    // An order's price moves its line, not its own take-profit.
    const price = byId(before, 'order:5:price')
    const moved = chartLevels('eurusd', trades, orders, { move: price, price: 1.074 })
    expect(moved.find((level) => level.id === 'order:5:price')).toMatchObject({
      price: 1.074,
      name: 'Buy limit 0.01 at 1.07400',
    })
    expect(moved.find((level) => level.id === 'order:5:tp')?.price).toBe(1.08)
  })

  it("keeps only the asset's open positions and pending orders, positions first", () => {
    const levels = chartLevels(
      'eurusd',
      [
        trade({ id: 1, take_profit: 0, stop_loss: 0 }),
        trade({ id: 2, asset_id: 'btcusd' }),
        trade({ id: 3, status: 'closed' }),
      ],
      [
        order({ id: 8, order_type: 'stop', trade_type: 'sell', price: 1.07 }),
        order({ id: 9, asset_id: 'gbpusd' }),
        order({ id: 10, status: 'filled' }),
      ],
    )
    expect(levels.map((level) => [level.id, level.label])).toEqual([
      ['trade:1:entry', 'Buy 0.01 @ 1.08412'],
      ['order:8:price', 'Sell stop 0.01'],
    ])
  })
})

describe('what a move sends', () => {
  const levels = chartLevels('eurusd', [trade({})], [order({ take_profit: 1.08, stop_loss: 1.07 })])

  it("turns a position's level into PATCH /trade/{id} with that field alone", () => {
    expect(levelChange(byId(levels, 'trade:12:sl'), 1.0795)).toEqual({
      target: 'trade',
      id: 12,
      changes: { stop_loss: 1.0795 },
    })
    expect(levelChange(byId(levels, 'trade:12:tp'), 1.0925)).toEqual({
      target: 'trade',
      id: 12,
      changes: { take_profit: 1.0925 },
    })
  })

  it("turns an order's price, TP and SL into PATCH /orders/{id}", () => {
    expect(levelChange(byId(levels, 'order:5:price'), 1.074)).toEqual({
      target: 'order',
      id: 5,
      changes: { price: 1.074 },
    })
    expect(levelChange(byId(levels, 'order:5:tp'), 1.081).changes).toEqual({ take_profit: 1.081 })
    expect(levelChange(byId(levels, 'order:5:sl'), 1.069).changes).toEqual({ stop_loss: 1.069 })
  })

  it('titles the confirmation by what moves', () => {
    expect(levelMoveTitle(byId(levels, 'trade:12:sl'))).toBe('Move stop loss')
    expect(levelMoveTitle(byId(levels, 'trade:12:tp'))).toBe('Move take profit')
    expect(levelMoveTitle(byId(levels, 'order:5:price'))).toBe('Move order')
    expect(levelMoveTitle(byId(levels, 'order:5:sl'))).toBe('Move stop loss')
  })
})

describe('whether a move is on the allowed side', () => {
  const buy = byId(chartLevels('eurusd', [trade({})], []), 'trade:12:sl')
  const sellLevels = chartLevels(
    'eurusd',
    [trade({ trade_type: 'sell', take_profit: 1.08, stop_loss: 1.09 })],
    [],
  )

  it("compares a buy's stop-loss and take-profit with the bid it closes at", () => {
    expect(levelMoveError(buy, 1.0844, market)).toBeNull()
    expect(levelMoveError(buy, 1.0845, market)).toBe(
      'Stop loss must be below the current sell price (1.08450) for a buy.',
    )
    const takeProfit = { ...buy, field: 'take_profit' } as LevelMove
    expect(levelMoveError(takeProfit, 1.0846, market)).toBeNull()
    expect(levelMoveError(takeProfit, 1.084, market)).toBe(
      'Take profit must be above the current sell price (1.08450) for a buy.',
    )
  })

  it("compares a sell's levels with the ask it closes at", () => {
    expect(levelMoveError(byId(sellLevels, 'trade:12:sl'), 1.0848, market)).toBeNull()
    expect(levelMoveError(byId(sellLevels, 'trade:12:sl'), 1.0847, market)).toBe(
      'Stop loss must be above the current buy price (1.08470) for a sell.',
    )
    expect(levelMoveError(byId(sellLevels, 'trade:12:tp'), 1.0846, market)).toBeNull()
    expect(levelMoveError(byId(sellLevels, 'trade:12:tp'), 1.085, market)).toBe(
      'Take profit must be below the current buy price (1.08470) for a sell.',
    )
  })

  it('refuses a price of 0 or below, which would remove the level', () => {
    expect(levelMoveError(buy, 0, market)).toBe('The new price must be above 0.')
    expect(levelMoveError(buy, -0.5, market)).toBe('The new price must be above 0.')
  })

  it("keeps an order's price on its side of the market, as the server states it", () => {
    const buyLimit = byId(chartLevels('eurusd', [], [order({})]), 'order:5:price')
    expect(levelMoveError(buyLimit, 1.0846, market)).toBeNull()
    expect(levelMoveError(buyLimit, 1.0847, market)).toBe(
      'A buy limit must be below the current buy price (1.08470).',
    )
    const sellStop = byId(
      chartLevels('eurusd', [], [order({ trade_type: 'sell', order_type: 'stop', price: 1.08 })]),
      'order:5:price',
    )
    expect(levelMoveError(sellStop, 1.0844, market)).toBeNull()
    expect(levelMoveError(sellStop, 1.0846, market)).toBe(
      'A sell stop must be below the current sell price (1.08450).',
    )
  })

  it("keeps an order's own take-profit and stop-loss on their sides of its new price", () => {
    const levels = chartLevels('eurusd', [], [order({ take_profit: 1.08, stop_loss: 1.07 })])
    const price = byId(levels, 'order:5:price')
    expect(levelMoveError(price, 1.0705, market)).toBeNull()
    expect(levelMoveError(price, 1.0695, market)).toBe(
      'Stop loss must be below the order price (1.06950) for a buy.',
    )
    expect(levelMoveError(price, 1.0801, market)).toBe(
      'Take profit must be above the order price (1.08010) for a buy.',
    )
    expect(levelMoveError(byId(levels, 'order:5:tp'), 1.0751, market)).toBeNull()
    expect(levelMoveError(byId(levels, 'order:5:tp'), 1.0749, market)).toBe(
      'Take profit must be above the order price (1.07500) for a buy.',
    )
    expect(levelMoveError(byId(levels, 'order:5:sl'), 1.0755, market)).toBe(
      'Stop loss must be below the order price (1.07500) for a buy.',
    )
  })
})

import { describe, expect, it } from 'vitest'
import {
  levelsSummary,
  levelText,
  POSITION_LEVEL_MESSAGES,
  positionLevelChanges,
  stopAtEntryBlocked,
} from '../../../src/domain/trading/position-levels'

// Bid 1.1000, ask 1.1002: a buy closes at 1.1000, a sell at 1.1002.
const market = { sell_price: 1.1, buy_price: 1.1002 }
const buy = { trade_type: 'buy' as const, take_profit: 1.12, stop_loss: 0, trailing_stop: 0 }
const sell = { trade_type: 'sell' as const, take_profit: 0, stop_loss: 1.12, trailing_stop: 0 }
const texts = (takeProfit: string, stopLoss: string, trailingStop = '') => ({
  takeProfit,
  stopLoss,
  trailingStop,
})

describe('a position’s levels from the dialog’s fields', () => {
  it('sends only the fields that changed', () => {
    expect(positionLevelChanges(buy, texts('1.12', ''), market)).toEqual({ ok: true, changes: {} })
    expect(positionLevelChanges(buy, texts('1.12', '1.09'), market)).toEqual({
      ok: true,
      changes: { stop_loss: 1.09 },
    })
    expect(positionLevelChanges(buy, texts('1.13', '1.09', '0.005'), market)).toEqual({
      ok: true,
      changes: { take_profit: 1.13, stop_loss: 1.09, trailing_stop: 0.005 },
    })
  })

  it('sends 0 for a level whose field was emptied', () => {
    expect(positionLevelChanges(buy, texts('', ''), market)).toEqual({
      ok: true,
      changes: { take_profit: 0 },
    })
    expect(positionLevelChanges(sell, texts(' ', ''), market)).toEqual({
      ok: true,
      changes: { stop_loss: 0 },
    })
  })

  it('refuses text that is no price or distance, naming the field', () => {
    expect(positionLevelChanges(buy, texts('abc', '-1', '1,5'), market)).toEqual({
      ok: false,
      errors: {
        take_profit: POSITION_LEVEL_MESSAGES.NOT_A_PRICE,
        stop_loss: POSITION_LEVEL_MESSAGES.NOT_A_PRICE,
        trailing_stop: POSITION_LEVEL_MESSAGES.NOT_A_DISTANCE,
      },
    })
  })

  it('holds a buy’s changed take-profit above its sell price and stop-loss below it', () => {
    expect(positionLevelChanges(buy, texts('1.1', '1.1'), market)).toEqual({
      ok: false,
      errors: {
        take_profit: 'Take profit must be above the current sell price (1.10000) for a buy.',
        stop_loss: 'Stop loss must be below the current sell price (1.10000) for a buy.',
      },
    })
  })

  it('holds a sell’s the other way round, against its buy price', () => {
    expect(positionLevelChanges(sell, texts('1.11', '1.09'), market)).toEqual({
      ok: false,
      errors: {
        take_profit: 'Take profit must be below the current buy price (1.10020) for a sell.',
        stop_loss: 'Stop loss must be above the current buy price (1.10020) for a sell.',
      },
    })
    expect(positionLevelChanges(sell, texts('1.09', '1.12'), market)).toEqual({
      ok: true,
      changes: { take_profit: 1.09 },
    })
  })

  it('leaves a level that did not change to the server, as the server does', () => {
    // The market has passed the stored take-profit (it will close at the next tick); a new stop-loss still goes.
    const passed = { ...buy, take_profit: 1.05 }
    expect(positionLevelChanges(passed, texts('1.05', '1.08'), market)).toEqual({
      ok: true,
      changes: { stop_loss: 1.08 },
    })
  })

  it('refuses a buy’s trailing distance as large as its sell price', () => {
    expect(positionLevelChanges(buy, texts('1.12', '', '1.1'), market)).toEqual({
      ok: false,
      errors: { trailing_stop: 'Trailing stop must be less than the current sell price (1.10000).' },
    })
    expect(positionLevelChanges(sell, texts('', '1.12', '5'), market)).toEqual({
      ok: true,
      changes: { trailing_stop: 5 },
    })
  })

  it('leaves the side rules to the server while no price is known', () => {
    expect(positionLevelChanges(buy, texts('1.0', '1.2'), null)).toEqual({
      ok: true,
      changes: { take_profit: 1, stop_loss: 1.2 },
    })
  })
})

describe('Stop at entry', () => {
  it('is offered once a buy’s sell price is above the entry, and says why not before', () => {
    expect(stopAtEntryBlocked('buy', 1.09, market)).toBeNull()
    expect(stopAtEntryBlocked('buy', 1.1, market)).toBe(
      'Available once the current sell price is above the opening price (1.10000).',
    )
  })

  it('is offered once a sell’s buy price is below the entry', () => {
    expect(stopAtEntryBlocked('sell', 1.11, market)).toBeNull()
    expect(stopAtEntryBlocked('sell', 1.1002, market)).toBe(
      'Available once the current buy price is below the opening price (1.10020).',
    )
  })

  it('is not offered without a price', () => {
    expect(stopAtEntryBlocked('buy', 1.09, null)).toMatch(/^Available once the current sell price is known/)
  })
})

describe('a position’s levels in its row', () => {
  it('shows TP and SL, a dash when unset, and TS only when trailing', () => {
    expect(levelsSummary({ take_profit: 1.12, stop_loss: 0, trailing_stop: 0 })).toBe('TP 1.12000 · SL —')
    expect(levelsSummary({ take_profit: 0, stop_loss: 1.09, trailing_stop: 0.005 })).toBe(
      'TP — · SL 1.09000 · TS 0.00500',
    )
  })

  it('opens a field empty for an unset level and with the stored number otherwise', () => {
    expect(levelText(0)).toBe('')
    expect(levelText(1.0987654321)).toBe('1.0987654321')
  })
})

import { describe, expect, it } from 'vitest'
import {
  fillPriceQuote,
  levelSideErrors,
  orderLevelFits,
  orderTriggered,
  orderTypeAt,
  stopAtEntryAllowed,
  trailedStopQuote,
  trailingDistanceFits,
} from '../../../src/domain/trading/order-rules'

// Bid 1.1000, ask 1.1002 throughout, unless a test moves it.
const market = { sell_price: 1.1, buy_price: 1.1002 }

describe('where a pending order may sit', () => {
  it('puts a buy limit below the ask and a buy stop above it', () => {
    expect(orderLevelFits('buy', 'limit', 1.09, market)).toBe(true)
    expect(orderLevelFits('buy', 'limit', 1.1001, market)).toBe(true)
    expect(orderLevelFits('buy', 'limit', 1.1002, market)).toBe(false)
    expect(orderLevelFits('buy', 'limit', 1.11, market)).toBe(false)
    expect(orderLevelFits('buy', 'stop', 1.11, market)).toBe(true)
    expect(orderLevelFits('buy', 'stop', 1.1002, market)).toBe(false)
    expect(orderLevelFits('buy', 'stop', 1.1001, market)).toBe(false)
  })

  it('puts a sell limit above the bid and a sell stop below it', () => {
    expect(orderLevelFits('sell', 'limit', 1.1001, market)).toBe(true)
    expect(orderLevelFits('sell', 'limit', 1.1, market)).toBe(false)
    expect(orderLevelFits('sell', 'limit', 1.09, market)).toBe(false)
    expect(orderLevelFits('sell', 'stop', 1.09, market)).toBe(true)
    expect(orderLevelFits('sell', 'stop', 1.1, market)).toBe(false)
    expect(orderLevelFits('sell', 'stop', 1.1001, market)).toBe(false)
  })

  it('reads the order type from the price against the market, and none at the market price', () => {
    expect(orderTypeAt('buy', 1.09, market)).toBe('limit')
    expect(orderTypeAt('buy', 1.11, market)).toBe('stop')
    expect(orderTypeAt('buy', 1.1002, market)).toBeUndefined()
    expect(orderTypeAt('sell', 1.11, market)).toBe('limit')
    expect(orderTypeAt('sell', 1.09, market)).toBe('stop')
    expect(orderTypeAt('sell', 1.1, market)).toBeUndefined()
  })
})

describe('when a pending order fills, and at what price', () => {
  it('triggers a buy on the ask and a sell on the bid', () => {
    // A buy limit at 1.1000: the bid touching it is not enough, the ask must.
    expect(orderTriggered('buy', 'limit', 1.1, { sell_price: 1.0999, buy_price: 1.1001 })).toBe(false)
    expect(orderTriggered('buy', 'limit', 1.1, { sell_price: 1.0998, buy_price: 1.1 })).toBe(true)
    // A sell limit at 1.1002: the ask touching it is not enough, the bid must.
    expect(orderTriggered('sell', 'limit', 1.1002, { sell_price: 1.1001, buy_price: 1.1003 })).toBe(false)
    expect(orderTriggered('sell', 'limit', 1.1002, { sell_price: 1.1002, buy_price: 1.1004 })).toBe(true)
    expect(orderTriggered('buy', 'stop', 1.1005, { sell_price: 1.1003, buy_price: 1.1005 })).toBe(true)
    expect(orderTriggered('buy', 'stop', 1.1005, { sell_price: 1.1002, buy_price: 1.1004 })).toBe(false)
    expect(orderTriggered('sell', 'stop', 1.0995, { sell_price: 1.0995, buy_price: 1.0997 })).toBe(true)
    expect(orderTriggered('sell', 'stop', 1.0995, { sell_price: 1.0996, buy_price: 1.0998 })).toBe(false)
  })

  it('fills a limit at its level or at the better price of a gap', () => {
    expect(fillPriceQuote('buy', 'limit', 1.1, { sell_price: 1.0998, buy_price: 1.1 })).toBe(1.1)
    // The ask gapped from above 1.1000 to 1.0950: the buyer pays 1.0950.
    expect(fillPriceQuote('buy', 'limit', 1.1, { sell_price: 1.0948, buy_price: 1.095 })).toBe(1.095)
    // The bid gapped from below 1.1050 to 1.1080: the seller gets 1.1080.
    expect(fillPriceQuote('sell', 'limit', 1.105, { sell_price: 1.108, buy_price: 1.1082 })).toBe(1.108)
  })

  it('fills a stop at the crossing tick, worse than its level on a gap', () => {
    expect(fillPriceQuote('buy', 'stop', 1.1005, { sell_price: 1.1058, buy_price: 1.106 })).toBe(1.106)
    expect(fillPriceQuote('sell', 'stop', 1.0995, { sell_price: 1.094, buy_price: 1.0942 })).toBe(1.094)
  })
})

describe('take-profit and stop-loss sides', () => {
  it("puts a buy's take-profit above the reference and its stop-loss below", () => {
    expect(
      levelSideErrors('buy', { take_profit: 1.2, stop_loss: 1.0 }, 1.1, 'the order price', '1.1'),
    ).toEqual({})
    expect(
      levelSideErrors('buy', { take_profit: 1.0, stop_loss: 1.2 }, 1.1, 'the order price', '1.1'),
    ).toEqual({
      take_profit: ['Take profit must be above the order price (1.1) for a buy.'],
      stop_loss: ['Stop loss must be below the order price (1.1) for a buy.'],
    })
  })

  it("puts a sell's take-profit below the reference and its stop-loss above, and lets 0 mean none", () => {
    expect(levelSideErrors('sell', { take_profit: 1.0, stop_loss: 1.2 }, 1.1, 'x', '1.1')).toEqual({})
    expect(levelSideErrors('sell', { take_profit: 0, stop_loss: 0 }, 1.1, 'x', '1.1')).toEqual({})
    expect(levelSideErrors('sell', { take_profit: 1.1, stop_loss: 1.1 }, 1.1, 'x', '1.1')).toEqual({
      take_profit: ['Take profit must be below x (1.1) for a sell.'],
      stop_loss: ['Stop loss must be above x (1.1) for a sell.'],
    })
  })

  it('allows the stop at entry once the market is past the entry on the right side', () => {
    expect(stopAtEntryAllowed('buy', 1.095, market)).toBe(true)
    expect(stopAtEntryAllowed('buy', 1.1, market)).toBe(false)
    expect(stopAtEntryAllowed('sell', 1.105, market)).toBe(true)
    expect(stopAtEntryAllowed('sell', 1.1002, market)).toBe(false)
  })
})

describe('a trailing stop', () => {
  it("moves a buy's stop up to bid - distance and never back down", () => {
    const distance = 0.005
    let stop = trailedStopQuote('buy', 0, { sell_price: 1.1, buy_price: 1.1002 }, distance)
    expect(stop).toBeCloseTo(1.095, 10)
    stop = trailedStopQuote('buy', stop, { sell_price: 1.103, buy_price: 1.1032 }, distance)
    expect(stop).toBeCloseTo(1.098, 10)
    // The market falls back: the stop stays.
    expect(trailedStopQuote('buy', stop, { sell_price: 1.1, buy_price: 1.1002 }, distance)).toBe(stop)
    // A stop already above bid - distance is kept.
    expect(trailedStopQuote('buy', 1.099, { sell_price: 1.1, buy_price: 1.1002 }, distance)).toBe(1.099)
  })

  it("moves a sell's stop down to ask + distance, from none, and never back up", () => {
    const distance = 0.005
    let stop = trailedStopQuote('sell', 0, { sell_price: 1.1, buy_price: 1.1002 }, distance)
    expect(stop).toBeCloseTo(1.1052, 10)
    stop = trailedStopQuote('sell', stop, { sell_price: 1.097, buy_price: 1.0972 }, distance)
    expect(stop).toBeCloseTo(1.1022, 10)
    expect(trailedStopQuote('sell', stop, { sell_price: 1.1, buy_price: 1.1002 }, distance)).toBe(stop)
  })

  it('does nothing without a distance, and wants a buy distance below the closing price', () => {
    expect(trailedStopQuote('buy', 1.09, market, 0)).toBe(1.09)
    expect(trailingDistanceFits('buy', 1.1, market)).toBe(false)
    expect(trailingDistanceFits('buy', 0.5, market)).toBe(true)
    expect(trailingDistanceFits('sell', 5, market)).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'
import {
  levelOrZero,
  marketOrderRequest,
  placedTradeDescription,
} from '../../../src/domain/trading/market-order'
import { EURUSD } from '../support/assets'

describe('the body of a market order', () => {
  it('opens a buy at the ask with the lots in units, the notional and the margin at the leverage', () => {
    // 0.1 lot x 100,000 = 10,000 EUR; at a rate of 1.09995 that is 10,999.50 USD, 109.995 at 1:100 -> 110.00.
    expect(
      marketOrderRequest({
        side: 'buy',
        asset: EURUSD,
        volumeLots: 0.1,
        leverage: 100,
        takeProfit: '1.11',
        stopLoss: '',
      }),
    ).toEqual({
      type: 'buy',
      leverage: 100,
      amount: 10_000 * 1.09995,
      qty: 0.1,
      volume: 10_000,
      margin: 110,
      opening_price: 1.1,
      take_profit: 1.11,
      stop_loss: 0,
      id: 1,
      asset_symbol: 'EUR/USD',
      asset_name: 'Euro vs US Dollar',
    })
  })

  it('opens a sell at the bid', () => {
    const body = marketOrderRequest({
      side: 'sell',
      asset: EURUSD,
      volumeLots: 0.01,
      leverage: 50,
      takeProfit: '',
      stopLoss: '1.2',
    })
    expect(body.opening_price).toBe(1.0999)
    expect(body.stop_loss).toBe(1.2)
    expect(body.margin).toBe(22)
  })

  it('takes a level only when it is a positive number', () => {
    expect(levelOrZero('1.0850')).toBe(1.085)
    expect(levelOrZero('')).toBe(0)
    expect(levelOrZero('  ')).toBe(0)
    expect(levelOrZero('-1')).toBe(0)
    expect(levelOrZero('soon')).toBe(0)
  })

  it('describes the placed position in lots, units and price', () => {
    expect(placedTradeDescription({ qty: 0.01, volume: 1_000, opening_price: 1.1 })).toBe(
      '0.01 lots (1,000 units) at 1.10000',
    )
    expect(placedTradeDescription({ qty: 1, volume: 1, opening_price: 67_050 })).toBe(
      '1.00 lot (1 unit) at 67,050.00000',
    )
  })
})

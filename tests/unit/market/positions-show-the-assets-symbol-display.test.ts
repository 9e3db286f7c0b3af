// Regression (decision 0018): positions showed 'BTCUSD' where every other screen says 'BTC/USD'.
import { describe, expect, it } from 'vitest'
import { tradeSymbolDisplay, withSymbolDisplay } from '../../../src/domain/market/symbol-display'

const ASSETS = [
  { asset_id: 'btc-usd', symbol: 'BTCUSD', symbol_display: 'BTC/USD' },
  { asset_id: 'eur-usd', symbol: 'EURUSD', symbol_display: 'EUR/USD' },
]

describe('a trade’s display symbol', () => {
  it("is the listed asset's symbol_display when the trade stored the feed's symbol", () => {
    expect(tradeSymbolDisplay({ asset_id: 'btc-usd', asset_symbol: 'BTCUSD' }, ASSETS)).toBe('BTC/USD')
  })

  it('finds the asset by either spelling when the feed id is unknown', () => {
    expect(tradeSymbolDisplay({ asset_id: 'gone', asset_symbol: 'EURUSD' }, ASSETS)).toBe('EUR/USD')
    expect(tradeSymbolDisplay({ asset_id: 'gone', asset_symbol: 'EUR/USD' }, ASSETS)).toBe('EUR/USD')
  })

  it('keeps the stored symbol for an asset no longer listed, or before the list has loaded', () => {
    expect(tradeSymbolDisplay({ asset_id: 'gone', asset_symbol: 'XYZ' }, ASSETS)).toBe('XYZ')
    expect(tradeSymbolDisplay({ asset_id: 'btc-usd', asset_symbol: 'BTCUSD' }, undefined)).toBe('BTCUSD')
  })

  it('rewrites a list of trades, returning the same array when nothing changes', () => {
    const trades = [{ id: 1, asset_id: 'btc-usd', asset_symbol: 'BTCUSD' }]
    expect(withSymbolDisplay(trades, ASSETS)).toEqual([
      { id: 1, asset_id: 'btc-usd', asset_symbol: 'BTC/USD' },
    ])
    const shown = [{ id: 2, asset_id: 'eur-usd', asset_symbol: 'EUR/USD' }]
    expect(withSymbolDisplay(shown, ASSETS)).toBe(shown)
  })
})

// docs/product/trading-workspace.md#market-watch: the collapsed asset search matches name, symbol or sy,
// case-insensitive.
import { describe, expect, it } from 'vitest'
import { searchAssets } from '../../../src/domain/market/asset-search'

const ASSETS = [
  { asset_id: 'eurusd', name: 'Euro / US Dollar', symbol: 'EURUSD', sy: 'EUR/USD' },
  { asset_id: 'btcusd', name: 'Bitcoin', symbol: 'BTCUSD', sy: 'BTC/USD' },
  { asset_id: 'aapl', name: 'Apple Inc.', symbol: 'AAPL', sy: 'AAPL' },
  { asset_id: 'xauusd', name: 'Gold / US Dollar', symbol: 'XAUUSD', sy: 'XAU/USD' },
]
const ids = (assets: readonly { asset_id: string }[]) => assets.map((asset) => asset.asset_id)

describe('asset search (docs/product/trading-workspace.md#market-watch)', () => {
  it('matches the name', () => {
    expect(ids(searchAssets(ASSETS, 'bitcoin'))).toEqual(['btcusd'])
  })

  it('matches the symbol', () => {
    expect(ids(searchAssets(ASSETS, 'AAPL'))).toEqual(['aapl'])
    expect(ids(searchAssets(ASSETS, 'XAUUSD'))).toEqual(['xauusd'])
  })

  it('matches sy, with its slash', () => {
    expect(ids(searchAssets(ASSETS, 'EUR/U'))).toEqual(['eurusd'])
  })

  it('matches part of a field, keeping the list order', () => {
    expect(ids(searchAssets(ASSETS, 'usd'))).toEqual(['eurusd', 'btcusd', 'xauusd'])
  })

  it('ignores case', () => {
    expect(ids(searchAssets(ASSETS, 'gOLd'))).toEqual(['xauusd'])
    expect(ids(searchAssets(ASSETS, 'btc/usd'))).toEqual(['btcusd'])
  })

  it('ignores spaces around the query', () => {
    expect(ids(searchAssets(ASSETS, '  apple  '))).toEqual(['aapl'])
  })

  it('keeps every asset for an empty or blank query', () => {
    expect(searchAssets(ASSETS, '')).toEqual(ASSETS)
    expect(searchAssets(ASSETS, '   ')).toEqual(ASSETS)
  })

  it('finds nothing when no field matches', () => {
    expect(searchAssets(ASSETS, 'tesla')).toEqual([])
  })

  it('does not match other fields, such as the asset id', () => {
    expect(searchAssets([{ asset_id: 'zzz', name: 'Apple', symbol: 'AAPL', sy: 'AAPL' }], 'zzz')).toEqual([])
  })
})

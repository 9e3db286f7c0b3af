// docs/product/trading-workspace.md#assets-and-live-prices: which asset is active by default, and how the open-pair
// tabs are added and removed.
import { describe, expect, it } from 'vitest'
import {
  addPair,
  assetForPair,
  DEFAULT_ACTIVE_PAIRS,
  defaultActiveAsset,
  removePair,
} from '../../../src/domain/trading/pairs'
import { pairAsset } from '../support/assets'

const asset = pairAsset

const EURUSD = asset('eurusd', 'EUR/USD', 'FX:EURUSD')
const AUDJPY = asset('audjpy', 'AUD/JPY', 'FX:AUDJPY')
const BTCUSD = asset('btcusd', 'BTC/USD', 'BITSTAMP:BTCUSD')

describe('default active asset (docs/product/trading-workspace.md#assets-and-live-prices)', () => {
  it('is the asset whose tv_symbol is BITSTAMP:BTCUSD', () => {
    expect(defaultActiveAsset([EURUSD, AUDJPY, BTCUSD], null)).toBe(BTCUSD)
  })

  it('else the one with sy AUD/JPY', () => {
    expect(defaultActiveAsset([EURUSD, AUDJPY], null)).toBe(AUDJPY)
  })

  it('else the first', () => {
    const gbpusd = asset('gbpusd', 'GBP/USD', 'FX:GBPUSD')
    expect(defaultActiveAsset([gbpusd, EURUSD], null)).toBe(gbpusd)
  })

  it('is none while there are no assets', () => {
    expect(defaultActiveAsset([], null)).toBeNull()
    expect(defaultActiveAsset([], 'eurusd')).toBeNull()
  })

  it('keeps an already chosen asset over the defaults', () => {
    expect(defaultActiveAsset([EURUSD, AUDJPY, BTCUSD], 'eurusd')).toBe(EURUSD)
  })

  it('falls back to the defaults when the chosen asset no longer exists', () => {
    expect(defaultActiveAsset([EURUSD, AUDJPY, BTCUSD], 'delisted')).toBe(BTCUSD)
  })
})

describe('open-pair tabs (docs/product/trading-workspace.md#pairs)', () => {
  it('start with BTC/USD (docs/product/trading-workspace.md#pairs)', () => {
    expect(DEFAULT_ACTIVE_PAIRS).toEqual(['BTC/USD'])
  })

  it('adding a pair appends it and makes it active', () => {
    expect(addPair({ pairs: ['BTC/USD'], active: 'BTC/USD' }, 'EUR/USD')).toEqual({
      pairs: ['BTC/USD', 'EUR/USD'],
      active: 'EUR/USD',
    })
  })

  it('adding a pair already open only activates it', () => {
    const tabs = { pairs: ['BTC/USD', 'EUR/USD'], active: 'EUR/USD' }
    const next = addPair(tabs, 'BTC/USD')
    expect(next).toEqual({ pairs: ['BTC/USD', 'EUR/USD'], active: 'BTC/USD' })
    expect(next.pairs).toBe(tabs.pairs)
  })

  it('removing is refused when only one pair remains', () => {
    const tabs = { pairs: ['BTC/USD'], active: 'BTC/USD' }
    expect(removePair(tabs, 'BTC/USD')).toBe(tabs)
  })

  it('removing the active pair makes the first remaining pair active', () => {
    expect(removePair({ pairs: ['BTC/USD', 'EUR/USD', 'AUD/JPY'], active: 'AUD/JPY' }, 'AUD/JPY')).toEqual({
      pairs: ['BTC/USD', 'EUR/USD'],
      active: 'BTC/USD',
    })
    expect(removePair({ pairs: ['BTC/USD', 'EUR/USD'], active: 'BTC/USD' }, 'BTC/USD')).toEqual({
      pairs: ['EUR/USD'],
      active: 'EUR/USD',
    })
  })

  it('removing another pair keeps the active one', () => {
    expect(removePair({ pairs: ['BTC/USD', 'EUR/USD', 'AUD/JPY'], active: 'AUD/JPY' }, 'EUR/USD')).toEqual({
      pairs: ['BTC/USD', 'AUD/JPY'],
      active: 'AUD/JPY',
    })
  })

  it('removing a pair that is not open changes nothing', () => {
    const tabs = { pairs: ['BTC/USD', 'EUR/USD'], active: 'EUR/USD' }
    expect(removePair(tabs, 'AUD/JPY')).toBe(tabs)
  })

  it('a pair selects its asset by symbol_display', () => {
    expect(assetForPair([EURUSD, AUDJPY, BTCUSD], 'AUD/JPY')).toBe(AUDJPY)
    expect(assetForPair([EURUSD], 'AUD/JPY')).toBeUndefined()
  })
})

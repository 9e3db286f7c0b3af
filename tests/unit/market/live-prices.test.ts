import { describe, expect, it } from 'vitest'
import type { Asset } from '../../../src/domain/contract/assets'
import { applyTick, latestTicks, priceDirection } from '../../../src/domain/market/live-prices'

const btc: Asset = {
  id: 1,
  asset_id: 'btcusd',
  name: 'Bitcoin',
  symbol: 'BTCUSD',
  symbol_display: 'BTC/USD',
  sy: 'BTC/USD',
  type: 'crypto',
  category: 'crypto',
  image: null,
  tv_symbol: 'BITSTAMP:BTCUSD',
  rate: 60_000,
  price_low: 59_000,
  price_high: 61_000,
  change: 100,
  change_percent: 0.17,
  volume: 1_000,
  updated_at: '2026-11-21T10:00:00.000Z',
  buy_spread: 0.001,
  sell_spread: 0.002,
  buy_price: 60_060,
  sell_price: 59_880,
  contract_size: 1,
  position: 1_000,
  leverage: null,
}

describe('a live update applied to an asset (docs/product/trading-workspace.md#assets-and-live-prices)', () => {
  it('makes the price the rate and derives buy and sell from the spreads', () => {
    const next = applyTick(btc, { id: 'btcusd', price: 62_000 })
    expect(next.rate).toBe(62_000)
    expect(next.buy_price).toBeCloseTo(62_000 * 1.001, 9)
    expect(next.sell_price).toBeCloseTo(62_000 * 0.998, 9)
  })

  it('updates the optional 24 h fields only when present', () => {
    const partial = applyTick(btc, { id: 'btcusd', price: 60_500 })
    expect(partial).toMatchObject({ price_low: 59_000, price_high: 61_000, change: 100, volume: 1_000 })
    const full = applyTick(btc, {
      id: 'btcusd',
      price: 60_500,
      priceLow24h: 58_000,
      priceHigh24h: 63_000,
      change24h: -250,
      changePercent24h: -0.41,
      volume24h: 2_500,
      lastUpdated: Date.UTC(2026, 10, 21, 12),
    })
    expect(full).toMatchObject({
      price_low: 58_000,
      price_high: 63_000,
      change: -250,
      change_percent: -0.41,
      volume: 2_500,
      updated_at: '2026-11-21T12:00:00.000Z',
    })
  })

  it('returns the same object when the price did not move, so nothing re-renders', () => {
    expect(applyTick(btc, { id: 'btcusd', price: 60_000 })).toBe(btc)
  })
})

describe('a batch of ticks', () => {
  it('keeps the last valid tick per asset and drops invalid ones (docs/product/data-model.md#live-price-update)', () => {
    const latest = latestTicks([
      { id: 'btcusd', price: 1 },
      { id: 'eurusd', price: 1.08 },
      { id: 'btcusd', price: 2 },
      { id: 42, price: 3 },
      { id: 'xauusd', price: '2400' },
      { id: 'aapl', price: Number.NaN },
      null,
    ])
    expect([...latest.keys()]).toEqual(['btcusd', 'eurusd'])
    expect(latest.get('btcusd')?.price).toBe(2)
  })
})

describe('price flash direction', () => {
  it('is up for a rise, down for a fall, none when unchanged', () => {
    expect(priceDirection(1, 2)).toBe('up')
    expect(priceDirection(2, 1)).toBe('down')
    expect(priceDirection(1, 1)).toBeNull()
  })
})

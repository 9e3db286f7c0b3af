import { describe, expect, it, vi } from 'vitest'
import type { Asset } from '../../../src/domain/contract/assets'
import { createLivePriceStore } from '../../../src/lib/live-prices'

const asset = (assetId: string, rate: number): Asset =>
  ({ asset_id: assetId, rate, buy_spread: 0.001, sell_spread: 0.001 }) as unknown as Asset

describe('live price store', () => {
  it('notifies only the listeners of the assets a batch changed', () => {
    const store = createLivePriceStore()
    store.setAssets([asset('btcusd', 100), asset('eurusd', 1.1), asset('xauusd', 2400)])
    const btc = vi.fn()
    const eur = vi.fn()
    const batches = vi.fn()
    store.subscribe('btcusd', btc)
    store.subscribe('eurusd', eur)
    store.subscribeBatches(batches)

    expect(
      store.applyBatch(
        [
          { id: 'btcusd', price: 101 },
          { id: 'eurusd', price: 1.1 },
        ],
        1_000,
      ),
    ).toBe(1)
    expect(btc).toHaveBeenCalledTimes(1)
    expect(eur).not.toHaveBeenCalled()
    expect(batches).toHaveBeenCalledTimes(1)
    expect(store.get('btcusd')).toMatchObject({ direction: 'up', changedAtMs: 1_000, asset: { rate: 101 } })

    store.applyBatch([{ id: 'btcusd', price: 99 }], 2_000)
    expect(store.get('btcusd')?.direction).toBe('down')
  })

  it('ignores unknown assets and invalid ticks, and keeps live prices over a stale refresh', () => {
    const store = createLivePriceStore()
    store.setAssets([asset('btcusd', 100)])
    expect(
      store.applyBatch(
        [
          { id: 'nope', price: 1 },
          { id: 'btcusd', price: 'x' },
        ],
        1,
      ),
    ).toBe(0)
    store.applyBatch([{ id: 'btcusd', price: 105 }], 2)
    store.setAssets([asset('btcusd', 100)])
    expect(store.get('btcusd')?.asset.rate).toBe(105)
  })
})

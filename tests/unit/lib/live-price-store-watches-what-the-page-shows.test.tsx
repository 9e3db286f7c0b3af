// The live price store's watched assets are the ones something on the page listens to: a row showing an asset, and
// the account figures' open positions. On a phone the realtime hub holds the other assets' ticks longer
// (docs/decisions/0043-the-signed-in-start-on-a-phone.md), so a figure the page shows must be among them.
import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useAccountSummary } from '../../../src/lib/live-account'
import { createLivePriceStore, useLiveAsset } from '../../../src/lib/live-prices'
import { BUY_TRADE } from '../trading-dialogs/fixtures'

const watched = (store: ReturnType<typeof createLivePriceStore>) => [...store.watchedAssetIds()].sort()

describe('the live price store’s watched assets', () => {
  it('are the assets with a listener, and it says when the set changes, not when a listener joins a watched one', () => {
    const store = createLivePriceStore()
    const changed = vi.fn()
    store.subscribeWatched(changed)
    const stopA = store.subscribe('EURUSD', () => undefined)
    const stopB = store.subscribe('EURUSD', () => undefined)
    expect(watched(store)).toEqual(['EURUSD'])
    expect(changed).toHaveBeenCalledTimes(1)

    stopA()
    expect(changed).toHaveBeenCalledTimes(1)
    stopB()
    expect(watched(store)).toEqual([])
    expect(changed).toHaveBeenCalledTimes(2)
    // Unsubscribing twice is harmless and says nothing.
    stopB()
    expect(changed).toHaveBeenCalledTimes(2)
  })

  it('hold the asset a component shows, until it unmounts; a paused one is not shown', () => {
    const store = createLivePriceStore()
    const shown = renderHook(() => useLiveAsset(store, 'BTCUSD'))
    const paused = renderHook(() => useLiveAsset(store, 'XAUUSD', { paused: true }))
    expect(watched(store)).toEqual(['BTCUSD'])
    shown.unmount()
    paused.unmount()
    expect(watched(store)).toEqual([])
  })

  it('hold the assets of the open positions the account figures sum over, while they are shown', () => {
    const store = createLivePriceStore()
    const trades = [
      { ...BUY_TRADE, id: 1, asset_id: 'EURUSD' },
      { ...BUY_TRADE, id: 2, asset_id: 'EURUSD' },
      { ...BUY_TRADE, id: 3, asset_id: 'GBPUSD' },
    ]
    const summary = renderHook(({ open }) => useAccountSummary(store, open, 1_000, 0), {
      initialProps: { open: trades },
    })
    expect(watched(store)).toEqual(['EURUSD', 'GBPUSD'])
    summary.rerender({ open: trades.slice(2) })
    expect(watched(store)).toEqual(['GBPUSD'])
    summary.unmount()
    expect(watched(store)).toEqual([])
  })
})

// Live prices for the page: assets keyed by asset_id, updated by tick batches. Each row subscribes to its own
// asset, so a batch re-renders only the rows whose asset changed (docs/architecture.md#the-realtime-hub), never the
// whole table. One store per tab, shared by every feature that shows prices (market watch, workspace, positions), so
// prices survive navigation and a tick is applied once however many components show it.
import { useCallback, useSyncExternalStore } from 'react'
import type { Asset } from '../domain/contract/assets'
import { applyTick, latestTicks, priceDirection, type PriceDirection } from '../domain/market/live-prices'

export interface LiveAsset {
  asset: Asset
  /** Direction of the last change and when it happened, for the 2.2 s flash. */
  direction: PriceDirection
  changedAtMs: number
}

type Listener = () => void

export function createLivePriceStore() {
  const byAssetId = new Map<string, LiveAsset>()
  const listeners = new Map<string, Set<Listener>>()
  const batchListeners = new Set<Listener>()
  /** Told when the set of assets with a listener changes: those are the assets the page shows. */
  const watchListeners = new Set<Listener>()

  const notify = (assetId: string) => listeners.get(assetId)?.forEach((listener) => listener())
  /** When a batch last changed a price (the caller's clock); 0 until the first. */
  let lastTickAtMs = 0

  return {
    /** Seeds or refreshes from GET /assets; prices already live are kept (they are newer). */
    setAssets(assets: readonly Asset[]) {
      for (const asset of assets) {
        if (byAssetId.has(asset.asset_id)) continue
        byAssetId.set(asset.asset_id, { asset, direction: null, changedAtMs: 0 })
        notify(asset.asset_id)
      }
    },
    applyBatch(batch: readonly unknown[], nowMs: number) {
      let changed = 0
      for (const [assetId, tick] of latestTicks(batch)) {
        const current = byAssetId.get(assetId)
        if (!current) continue
        const asset = applyTick(current.asset, tick)
        if (asset === current.asset) continue
        const direction = priceDirection(current.asset.rate, asset.rate)
        byAssetId.set(assetId, {
          asset,
          direction: direction ?? current.direction,
          changedAtMs: direction ? nowMs : current.changedAtMs,
        })
        notify(assetId)
        changed += 1
      }
      if (changed > 0) {
        lastTickAtMs = nowMs
        batchListeners.forEach((listener) => listener())
      }
      return changed
    },
    get(assetId: string): LiveAsset | undefined {
      return byAssetId.get(assetId)
    },
    /** Every asset at its latest price (to keep the last prices for offline use). */
    assets(): Asset[] {
      return [...byAssetId.values()].map((live) => live.asset)
    },
    /** When a tick last changed a price in this page; 0: none yet (the prices are the asset list's). */
    lastTickAtMs(): number {
      return lastTickAtMs
    },
    subscribe(assetId: string, listener: Listener) {
      let set = listeners.get(assetId)
      if (!set) {
        listeners.set(assetId, (set = new Set()))
        watchListeners.forEach((watcher) => watcher())
      }
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size > 0 || listeners.get(assetId) !== set) return
        listeners.delete(assetId)
        watchListeners.forEach((watcher) => watcher())
      }
    },
    /**
     * The assets something on the page listens to: what it shows now. On a phone the realtime hub holds the other
     * assets' ticks longer (src/lib/realtime-client.ts, PRICE_UNWATCHED_GAP_MS).
     */
    watchedAssetIds(): Iterable<string> {
      return listeners.keys()
    },
    /** Called when an asset gains its first listener or loses its last. */
    subscribeWatched(listener: Listener) {
      watchListeners.add(listener)
      return () => watchListeners.delete(listener)
    },
    /** Called once per batch that changed anything (figures that sum over assets, e.g. equity). */
    subscribeBatches(listener: Listener) {
      batchListeners.add(listener)
      return () => batchListeners.delete(listener)
    },
  }
}

export type LivePriceStore = ReturnType<typeof createLivePriceStore>

export const livePriceStore = createLivePriceStore()

/**
 * One asset's live price; the component re-renders only when this asset changes. Null subscribes to nothing.
 * Paused, it stops listening but still reads the latest price whenever it renders, and catches up when resumed.
 */
export function useLiveAsset(
  store: LivePriceStore,
  assetId: string | null,
  options?: { paused?: boolean },
): LiveAsset | undefined {
  const listening = assetId !== null && !options?.paused
  const subscribe = useCallback(
    (listener: () => void) => (listening ? store.subscribe(assetId, listener) : noop),
    [store, assetId, listening],
  )
  const snapshot = useCallback(() => (assetId === null ? undefined : store.get(assetId)), [store, assetId])
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

const noop = () => {}

/**
 * Whether a tick has changed a price in this page yet (the prices shown are live ones, not the asset list's or a
 * stored copy's). Re-renders once, when that turns true, not per batch.
 */
export function usePricesTicked(store: LivePriceStore): boolean {
  const snapshot = useCallback(() => store.lastTickAtMs() > 0, [store])
  const subscribe = useCallback((listener: () => void) => store.subscribeBatches(listener), [store])
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

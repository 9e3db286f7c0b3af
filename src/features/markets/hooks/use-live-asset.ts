import { useCallback, useSyncExternalStore } from 'react'
import type { LiveAsset, LivePriceStore } from '../live-price-store'

/** One asset's live price; the component re-renders only when this asset changes. */
export function useLiveAsset(store: LivePriceStore, assetId: string): LiveAsset | undefined {
  const subscribe = useCallback(
    (listener: () => void) => store.subscribe(assetId, listener),
    [store, assetId],
  )
  const snapshot = useCallback(() => store.get(assetId), [store, assetId])
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

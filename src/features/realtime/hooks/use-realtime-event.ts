import { useEffect, useEffectEvent } from 'react'
import type { PriceBatchHandler, WatchedAssets } from '../../../lib/realtime-client'
import { useRealtimeClient } from '../client-store'

/** Runs `handler` for one event on one channel while mounted; the hub shares the subscription across tabs. */
export function useRealtimeEvent(channel: string | null, event: string, handler: (data: unknown) => void) {
  const onEvent = useEffectEvent(handler)
  const client = useRealtimeClient()
  useEffect(() => {
    if (!channel || !client) return
    return client.subscribe(channel, event, (data) => onEvent(data))
  }, [client, channel, event])
}

/**
 * Live price batches while mounted; the first batch is a snapshot of every asset. `watched` says which assets the
 * page shows (the tab's live price store), for the hub to hold the others' ticks on a phone; it stays the tab's
 * source after this unmounts, since the store's set is always what the page renders.
 */
export function usePriceFeed(enabled: boolean, onBatch: PriceBatchHandler, watched?: WatchedAssets) {
  const apply = useEffectEvent(onBatch)
  const client = useRealtimeClient()
  useEffect(() => {
    if (!enabled || !client) return
    if (watched) client.watchPrices(watched)
    return client.subscribePrices((ticks) => apply(ticks))
  }, [client, enabled, watched])
}

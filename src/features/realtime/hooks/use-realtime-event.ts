import { useEffect, useEffectEvent } from 'react'
import type { PriceBatchHandler } from '../../../lib/realtime-client'
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

/** Live price batches while mounted; the first batch is a snapshot of every asset. */
export function usePriceFeed(enabled: boolean, onBatch: PriceBatchHandler) {
  const apply = useEffectEvent(onBatch)
  const client = useRealtimeClient()
  useEffect(() => {
    if (!enabled || !client) return
    return client.subscribePrices((ticks) => apply(ticks))
  }, [client, enabled])
}

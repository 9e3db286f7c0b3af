import { useCallback, useSyncExternalStore } from 'react'
import type { RealtimeStatus } from '../../../lib/realtime-client'
import { useRealtimeClient } from '../client-store'

const OFFLINE: RealtimeStatus = {
  status: 'disconnected',
  message: null,
  polling: false,
  prices: 'disconnected',
  lastTickAt: null,
  lastHeartbeatAt: null,
}

/**
 * The browser-wide connection status (docs/product/realtime.md#connection-status), as the hub reports it to this tab.
 */
export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtimeClient()
  const subscribe = useCallback((listener: () => void) => client?.onStatus(listener) ?? (() => {}), [client])
  const snapshot = useCallback(() => client?.getStatus() ?? OFFLINE, [client])
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

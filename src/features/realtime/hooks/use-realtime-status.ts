import { useCallback, useSyncExternalStore } from 'react'
import type { RealtimeStatus } from '../../../lib/realtime-client'
import { DISCONNECTED_STATUS, useRealtimeClient } from '../client-store'

/**
 * The browser-wide connection status (docs/product/realtime.md#connection-status), as the hub reports it to this tab.
 */
export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtimeClient()
  const subscribe = useCallback((listener: () => void) => client?.onStatus(listener) ?? (() => {}), [client])
  const snapshot = useCallback(() => client?.getStatus() ?? DISCONNECTED_STATUS, [client])
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

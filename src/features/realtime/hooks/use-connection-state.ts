import { useSyncExternalStore } from 'react'
import type { ConnectionState } from '../../../domain/offline/connection-state'
import type { RealtimeClient } from '../../../lib/realtime-client'
import { DISCONNECTED_STATUS, useRealtimeClient } from '../client-store'
import { createConnectionStateStore, type ConnectionStateStore } from '../connection-state-store'

// One store per realtime client (one per page), and one for the moment before it exists.
const stores = new WeakMap<RealtimeClient, ConnectionStateStore>()
let beforeHub: ConnectionStateStore | null = null

function storeFor(client: RealtimeClient | null): ConnectionStateStore {
  if (!client) {
    beforeHub ??= createConnectionStateStore({
      getStatus: () => DISCONNECTED_STATUS,
      onStatus: (listener) => {
        listener(DISCONNECTED_STATUS)
        return () => undefined
      },
    })
    return beforeHub
  }
  let store = stores.get(client)
  if (!store) {
    store = createConnectionStateStore(client)
    stores.set(client, store)
  }
  return store
}

/** Live, Reconnecting or Offline (decision 0021), the same in every tab of the browser. */
export function useConnectionState(): ConnectionState {
  const store = storeFor(useRealtimeClient())
  return useSyncExternalStore(store.subscribe, store.getState, store.getState)
}

/** What the connection still waits for before it is Live, space-separated ('' when Live): see getAwaited. */
export function useConnectionAwaited(): string {
  const store = storeFor(useRealtimeClient())
  return useSyncExternalStore(store.subscribe, store.getAwaited, store.getAwaited)
}

// Which realtime client this tab has, as React state: children subscribe in effects that run before their
// parent layout's effect connects the client, so they must re-run once it exists.
import { useSyncExternalStore } from 'react'
import type { RealtimeClient, RealtimeStatus } from '../../lib/realtime-client'

let client: RealtimeClient | null = null
const listeners = new Set<() => void>()

export function setRealtimeClient(next: RealtimeClient | null) {
  if (next === client) return
  client = next
  listeners.forEach((listener) => listener())
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const useRealtimeClient = () =>
  useSyncExternalStore(
    subscribe,
    () => client,
    () => client,
  )

/**
 * The status the realtime hooks read while the tab has no realtime client yet: disconnected, nothing heard. Here,
 * beside the client they wait for, so the hooks import the client's types only and not the client (which starts the
 * hub's worker), and no chunk of its own is made for it.
 */
export const DISCONNECTED_STATUS: RealtimeStatus = {
  status: 'disconnected',
  message: null,
  polling: false,
  prices: 'disconnected',
  lastTickAt: null,
  lastHeartbeatAt: null,
}

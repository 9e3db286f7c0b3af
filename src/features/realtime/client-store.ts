// Which realtime client this tab has, as React state: children subscribe in effects that run before their
// parent layout's effect connects the client, so they must re-run once it exists.
import { useSyncExternalStore } from 'react'
import type { RealtimeClient } from '../../lib/realtime-client'

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

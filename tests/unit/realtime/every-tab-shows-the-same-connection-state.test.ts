// Decision 0021: Live, Reconnecting or Offline, worked out from the hub's shared status, navigator.onLine and the age
// of the hub's last contact: two tabs given the same status show the same state, and Live ends by itself once the
// server has been silent for the heartbeat window.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HEARTBEAT_WINDOW_MS } from '../../../src/domain/offline/connection-state'
import type { RealtimeStatus } from '../../../src/lib/realtime-client'
import {
  createConnectionStateStore,
  type ConnectionStateEnvironment,
} from '../../../src/features/realtime/connection-state-store'

const T0 = Date.parse('2026-07-15T12:00:00Z')

function hub(initial: RealtimeStatus) {
  let status = initial
  const listeners = new Set<(status: RealtimeStatus) => void>()
  return {
    getStatus: () => status,
    onStatus(listener: (status: RealtimeStatus) => void) {
      listeners.add(listener)
      listener(status)
      return () => listeners.delete(listener)
    },
    set(next: Partial<RealtimeStatus>) {
      status = { ...status, ...next }
      listeners.forEach((listener) => listener(status))
    },
  }
}

function tab(online: () => boolean): ConnectionStateEnvironment {
  return {
    isOnline: online,
    window,
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  }
}

const connected: RealtimeStatus = {
  status: 'connected',
  message: null,
  polling: false,
  prices: 'connected',
  lastTickAt: T0,
  lastHeartbeatAt: T0,
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(T0)
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the connection state store', () => {
  it('gives every tab the same state, and follows the browser going offline and back', () => {
    let online = true
    const shared = hub(connected)
    const tabs = [
      createConnectionStateStore(
        shared,
        tab(() => online),
      ),
      createConnectionStateStore(
        shared,
        tab(() => online),
      ),
    ]
    tabs.forEach((store) => store.subscribe(() => undefined))
    expect(tabs.map((store) => store.getState())).toEqual(['live', 'live'])

    online = false
    window.dispatchEvent(new Event('offline'))
    expect(tabs.map((store) => store.getState())).toEqual(['offline', 'offline'])

    online = true
    shared.set({ status: 'connecting' })
    window.dispatchEvent(new Event('online'))
    expect(tabs.map((store) => store.getState())).toEqual(['reconnecting', 'reconnecting'])
    shared.set({ status: 'connected', lastTickAt: Date.now() })
    expect(tabs.map((store) => store.getState())).toEqual(['live', 'live'])
  })

  it('stops saying Live once nothing has been heard for the heartbeat window, and says it again on contact', () => {
    const shared = hub(connected)
    const store = createConnectionStateStore(
      shared,
      tab(() => true),
    )
    const changes: string[] = []
    store.subscribe(() => changes.push(store.getState()))

    vi.advanceTimersByTime(HEARTBEAT_WINDOW_MS)
    expect(store.getState()).toBe('live')
    vi.advanceTimersByTime(2)
    expect(store.getState()).toBe('reconnecting')
    expect(store.getAwaited()).toBe('server')

    shared.set({ lastHeartbeatAt: Date.now() })
    expect(store.getState()).toBe('live')
    expect(changes).toEqual(['reconnecting', 'live'])
  })
})

// Live, Reconnecting or Offline (decision 0021) as an external store: worked out in event handlers and a timer, never
// during render, from navigator.onLine, the hub's shared status and the age of the hub's last contact with the
// server. Every tab of the browser gets the same inputs, so every tab shows the same state.
import {
  awaitedForLive,
  connectionState,
  HEARTBEAT_WINDOW_MS,
  lastContactAt,
  msUntilSilent,
  type ConnectionState,
} from '../../domain/offline/connection-state'
import type { RealtimeStatus } from '../../lib/realtime-client'

export interface ConnectionStateSource {
  getStatus: () => RealtimeStatus
  /** Calls the listener at once and on every change; returns the unsubscribe. */
  onStatus: (listener: (status: RealtimeStatus) => void) => () => void
}

export interface ConnectionStateEnvironment {
  isOnline: () => boolean
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>
  now: () => number
  setTimeout: (callback: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

const browser = (): ConnectionStateEnvironment => ({
  isOnline: () => navigator.onLine,
  window,
  now: () => Date.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
})

export function createConnectionStateStore(
  source: ConnectionStateSource,
  env: ConnectionStateEnvironment = browser(),
) {
  const compute = (): { state: ConnectionState; awaited: string } => {
    const status = source.getStatus()
    const contactAt = lastContactAt(status)
    const input = {
      online: env.isOnline(),
      hubStatus: status,
      lastContactAgeMs: contactAt === null ? null : env.now() - contactAt,
      heartbeatWindowMs: HEARTBEAT_WINDOW_MS,
    }
    return { state: connectionState(input), awaited: awaitedForLive(input).join(' ') }
  }
  let { state, awaited } = compute()
  const listeners = new Set<() => void>()
  let timer: unknown = null
  let stop: (() => void) | null = null

  const update = () => {
    if (timer !== null) env.clearTimeout(timer)
    timer = null
    const next = compute()
    // Live lasts only until the server has been silent for a window: look again then.
    const waitMs =
      next.state === 'live'
        ? msUntilSilent(lastContactAt(source.getStatus()), env.now(), HEARTBEAT_WINDOW_MS)
        : null
    if (waitMs !== null) timer = env.setTimeout(update, waitMs)
    if (next.state === state && next.awaited === awaited) return
    ;({ state, awaited } = next)
    listeners.forEach((listener) => listener())
  }

  const start = () => {
    const stopStatus = source.onStatus(update)
    env.window.addEventListener('online', update)
    env.window.addEventListener('offline', update)
    stop = () => {
      stopStatus()
      env.window.removeEventListener('online', update)
      env.window.removeEventListener('offline', update)
      if (timer !== null) env.clearTimeout(timer)
      timer = null
    }
  }

  return {
    getState: () => state,
    /**
     * What the connection still waits for before it is Live ('updates prices server', '' when Live): the
     * indicator carries it as a data attribute, so a test that waits in vain for Live says which part never came.
     */
    getAwaited: () => awaited,
    subscribe(listener: () => void) {
      listeners.add(listener)
      if (!stop) start()
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0 && stop) {
          stop()
          stop = null
        }
      }
    },
  }
}

export type ConnectionStateStore = ReturnType<typeof createConnectionStateStore>

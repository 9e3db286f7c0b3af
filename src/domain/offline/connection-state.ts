// The connection's state as the workspace and the account area show it (decision 0021): Live, Reconnecting or
// Offline. Every tab of a browser derives it from the same inputs, so every tab shows the same one: what the browser
// says (navigator.onLine), the realtime hub's shared status, and how long ago the hub last heard from the server (a
// price tick or a heartbeat's answer). Pure: the caller passes the age and the window. The admin chat console keeps
// its own words (Connected, Reconnecting..., Disconnected: docs/product/chat.md#admin-console); this is not that
// indicator.
import { REALTIME_TIMINGS, type ConnectionStatus } from '../contract/realtime'

export const CONNECTION_STATES = {
  LIVE: 'live',
  RECONNECTING: 'reconnecting',
  OFFLINE: 'offline',
} as const
export type ConnectionState = (typeof CONNECTION_STATES)[keyof typeof CONNECTION_STATES]

export const CONNECTION_STATE_LABELS: Readonly<Record<ConnectionState, string>> = {
  live: 'Live',
  reconnecting: 'Reconnecting',
  offline: 'Offline',
}

/**
 * How long the server may stay silent before the connection stops counting as live: the heartbeat's period (60 s,
 * docs/product/trading-workspace.md#account-figures) plus the time its answer may take (the 15 s request time-out).
 * Without that margin a page with no price feed (only heartbeats) would blink to Reconnecting for a moment every
 * minute, just before each answer.
 */
export const HEARTBEAT_WINDOW_MS = REALTIME_TIMINGS.HEARTBEAT_MS + 15_000

export interface ConnectionInput {
  /** navigator.onLine. */
  online: boolean
  /** The hub's status: its push connection and its price feed. */
  hubStatus: { status: ConnectionStatus; prices: ConnectionStatus }
  /** Since the hub last heard from the server (tick or heartbeat answer); null: not yet. */
  lastContactAgeMs: number | null
  heartbeatWindowMs: number
}

/** What a connection that is not Live still waits for, in a fixed order; empty when it is Live. */
export type ConnectionAwaited = 'network' | 'updates' | 'prices' | 'server'

export function awaitedForLive(input: ConnectionInput): ConnectionAwaited[] {
  if (!input.online) return ['network']
  const awaited: ConnectionAwaited[] = []
  if (input.hubStatus.status !== 'connected') awaited.push('updates')
  // 'disconnected' prices: no tab wants them, and the hub closed the feed on purpose. Any other state but connected
  // is a feed that a page needs and does not have.
  if (input.hubStatus.prices !== 'connected' && input.hubStatus.prices !== 'disconnected')
    awaited.push('prices')
  const heard = input.lastContactAgeMs !== null && input.lastContactAgeMs <= input.heartbeatWindowMs
  if (!heard) awaited.push('server')
  return awaited
}

export function connectionState(input: ConnectionInput): ConnectionState {
  const awaited = awaitedForLive(input)
  if (awaited[0] === 'network') return CONNECTION_STATES.OFFLINE
  return awaited.length === 0 ? CONNECTION_STATES.LIVE : CONNECTION_STATES.RECONNECTING
}

/** The newer of the hub's two contact stamps (epoch ms), or null when it has neither. */
export function lastContactAt(stamps: { lastTickAt?: number | null; lastHeartbeatAt?: number | null }) {
  const times = [stamps.lastTickAt, stamps.lastHeartbeatAt].filter(
    (time): time is number => typeof time === 'number' && Number.isFinite(time),
  )
  return times.length === 0 ? null : Math.max(...times)
}

/**
 * In how many ms the silence since `contactAt` outlasts the window (so the state must be worked out again then);
 * null when there is no contact to time.
 */
export function msUntilSilent(
  contactAt: number | null,
  nowMs: number,
  heartbeatWindowMs: number,
): number | null {
  if (contactAt === null) return null
  return Math.max(0, contactAt + heartbeatWindowMs - nowMs + 1)
}

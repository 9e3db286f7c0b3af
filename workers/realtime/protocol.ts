// What crosses between the realtime hub and a tab (docs/architecture.md#the-realtime-hub). The hub calls one sink per
// tab with TabMessage; the tab calls the hub's API (api.ts). Types only, apart from the spec's toast texts, so the
// page can import this file type-only through api.ts and never bundle worker code.
import type { ConnectionStatus, LivePriceUpdate } from '../../src/domain/contract/realtime'
import type { RealtimeEndpoints } from '../../src/domain/contract/site'

/** What a tab hands the hub: workers have no localStorage, so the token travels in here. */
export interface HubConfig {
  token: string | null
  /** Absolute API base, e.g. `https://broker.example/api/v1`. */
  apiBaseUrl: string
  /** `realtime` of GET /settings. Absent: the hub keeps what another tab gave; none at all: it only polls. */
  realtime?: RealtimeEndpoints | null
}

export interface TabInit {
  visible: boolean
  /** True when the tab holds the Web Lock `tab:<id>`: the hub then learns of the tab's death from the lock. */
  lock: boolean
}

/**
 * docs/product/realtime.md#connection-status, plus what a tab needs to label it: the polling fallback and the price
 * feed.
 */
export interface HubStatus {
  status: ConnectionStatus
  /** Set when status is failed (spec: default 'Connection failed'). */
  message: string | null
  /**
   * Chat and data polling is running because Pusher is not connected (docs/product/chat.md#admin-console
   * 'Reconnecting...').
   */
  polling: boolean
  prices: ConnectionStatus
  /**
   * When the hub last received a price tick (epoch ms, the hub's clock; null: none yet). Refreshed in the status at
   * most every HUB_TIMINGS.TICK_STAMP_STEP_MS, so a busy feed does not turn every batch into a status message.
   * With lastHeartbeatAt it tells a tab whether the server has been heard from lately (decision 0021: never 'Live'
   * after a heartbeat window of silence). Added after the first four fields: older readers ignore it.
   */
  lastTickAt: number | null
  /** When the server last answered a heartbeat (epoch ms; null: not since the hub started or signed out). */
  lastHeartbeatAt: number | null
}

export type ToastKind = 'connecting' | 'connected' | 'failed'

/** A connection toast (docs/product/realtime.md#connection-status). */
export interface ConnectionToast {
  kind: ToastKind
  /** The spec's text, verbatim. */
  message: string
  /** Undefined: the toast library's default. */
  durationMs?: number
}

/**
 * A notification.message (a request decided, a stop-out, a price alert fired) as a toast: every tab of the channel
 * gets the event and reloads the user, but only one visible tab gets this, so a browser shows it once however many
 * tabs are open (decision 0037). `notification` is the event's data as it came; the tab reads it.
 */
export interface NotificationToast {
  kind: 'notification'
  channel: string
  notification: unknown
}

export type HubToast = ConnectionToast | NotificationToast

/** One member of a presence channel, as the service signed it: the id and the app's `user_info`. */
export interface PresenceMember {
  id: string
  info: unknown
}

/** Who is on a presence channel, whole, and which member this browser's socket is (null: not known). */
export interface PresenceMembers {
  members: PresenceMember[]
  me: string | null
}

export type TabMessage =
  | { type: 'event'; channel: string; event: string; data: unknown }
  /**
   * Ticks to apply, keyed by id. The callback's answer is the ack: a promise that settles once the tab has taken
   * the batch, with the tab's `PriceBatchHold`.
   */
  | { type: 'prices'; ticks: LivePriceUpdate[]; seq: number }
  | { type: 'status'; status: HubStatus }
  /** Sent to one tab per browser: that tab alone shows it. */
  | { type: 'toast'; toast: HubToast }
  /** Sent to one tab per browser: that tab alone plays /sounds/notification.mp3. */
  | { type: 'playSound' }
  /** The push service refused a channel (docs/product/api.md#errors: reported as an auth error). */
  | { type: 'channelError'; channel: string; message: string }
  /**
   * A presence channel's members, whole: when the subscription is confirmed, on every arrival and departure, and to a
   * tab that joins a confirmed channel. Small lists (staff), so the whole list rather than the change.
   */
  | { type: 'members'; channel: string; presence: PresenceMembers }
  /** Some tab signed out: every channel subscription is gone. */
  | { type: 'signedOut' }

/**
 * A tab's callback. For a `prices` message it answers a promise that settles once the batch is taken. Over Comlink
 * that promise never settles once the tab is closed, so the hub never waits for an answer.
 */
export type TabSink = (message: TabMessage) => unknown

/**
 * What a tab's answer to a `prices` batch settles with: how long after that batch was sent the hub holds the next
 * one, merging what arrives meanwhile. The hub caps both (HUB_TIMINGS.MAX_PRICE_BATCH_HOLD_MS).
 * - `holdMs`: every tick waits this long (0: the next batch goes at once). A phone asks for PRICE_BATCH_MIN_GAP_MS
 *   (src/lib/realtime-client.ts), so the wait is a timer in the worker rather than one on the page's main thread.
 * - `unwatchedHoldMs`: a batch with no tick of an asset the tab watches (`watchPrices`) waits this long instead,
 *   when it is longer; a tick of a watched asset ends the wait. A phone that shows two assets takes the other
 *   ninety-eight's prices about once a second rather than ten times (PRICE_UNWATCHED_GAP_MS). A tab that never
 *   said what it watches is held by `holdMs` alone.
 */
export interface PriceBatchHold {
  holdMs: number
  unwatchedHoldMs: number
}

/** A picture of the hub for diagnostics and end-to-end tests. */
export interface HubSnapshot {
  tabs: { id: string; visible: boolean; channels: string[]; prices: boolean }[]
  /** Channel name -> number of tabs subscribed. */
  channels: Record<string, number>
  pusher: { open: boolean; status: ConnectionStatus }
  prices: { open: boolean; status: ConnectionStatus; cachedAssets: number }
  polling: boolean
  heartbeat: boolean
}

/** docs/product/realtime.md#connection-status toasts, verbatim. */
export const TOAST_TEXT = {
  CONNECTING: 'Reconnecting to server...',
  CONNECTED: 'Connected to server',
  failed: (reason: string | null | undefined) => `Connection failed: ${reason || 'Unknown error'}`,
} as const

/** docs/product/site-and-gates.md#toasts-and-alert-boxes: connected toast 2 s, failure toast 4 s. */
export const TOAST_DURATION_MS = { CONNECTED: 2_000, FAILED: 4_000 } as const

/** docs/product/realtime.md#connection-status: the failed state's message when the transport gives none. */
export const DEFAULT_FAILURE_MESSAGE = 'Connection failed'

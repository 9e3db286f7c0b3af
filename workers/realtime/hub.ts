// The realtime hub's core (DESIGN 4): the state one browser shares across its tabs. One Pusher connection with
// channel subscriptions counted across tabs, one price socket, the heartbeat, the polling fallback, connection
// status and the once-per-browser toasts and sound. It runs in the SharedWorker, in a dedicated Worker per tab
// where SharedWorker is missing, and in unit tests: it touches no worker global, so sockets, fetch, clock and Web
// Locks are all passed in.
import {
  BroadcastingAuthResponseSchema,
  CONNECTION_STATUS,
  PRIVATE_CHANNEL_PATTERN,
  PUSH_EVENTS,
  REALTIME_TIMINGS,
  isValidTick,
  type ConnectionStatus,
  type LivePriceUpdate,
} from '../../src/domain/contract/realtime'
import { defaultOrigin, resolvePriceEndpoint, resolvePusherEndpoint } from './endpoints'
import {
  DEFAULT_FAILURE_MESSAGE,
  TOAST_DURATION_MS,
  TOAST_TEXT,
  type HubConfig,
  type HubSnapshot,
  type HubStatus,
  type HubToast,
  type TabInit,
  type TabMessage,
  type TabSink,
} from './protocol'
import type {
  ChannelAuth,
  CreatePriceTransport,
  CreatePushTransport,
  PriceTransport,
  PushTransport,
} from './transports/types'

/** The hub's own timings (the spec's are REALTIME_TIMINGS). */
export const HUB_TIMINGS = {
  /** A socket nobody needs closes this much later, so a tab's effects re-running (or a route change) keep it. */
  IDLE_DISCONNECT_MS: 1_000,
  /** Two tabs swapping visibility would otherwise send two heartbeats in a row. */
  HEARTBEAT_MIN_GAP_MS: 5_000,
  /** socket.io gives up after 5 attempts (spec 9); the hub tries again this much later so prices recover. */
  PRICE_RETRY_MS: 30_000,
  /** Spec 9: request time-out. */
  REQUEST_TIMEOUT_MS: 15_000,
  /** Chat message ids remembered per conversation, so a poll never delivers one twice. */
  SEEN_MESSAGES: 500,
  /** At most one 'the server is back, reconnect Pusher now' per this long (see `onServerAnswered`). */
  PUSH_NUDGE_MIN_GAP_MS: 5_000,
  /** The connection test's ping gives up after this long: a pong slower than this is as good as none. */
  PING_TIMEOUT_MS: 5_000,
  /**
   * The status's lastTickAt moves in steps of at least this much: fine enough against a 60 s heartbeat window,
   * coarse enough that a feed of 20 batches a second sends each tab one status message per step, not per batch.
   */
  TICK_STAMP_STEP_MS: 5_000,
} as const

export interface Clock {
  now: () => number
  setTimeout: (callback: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
  setInterval: (callback: () => void, ms: number) => unknown
  clearInterval: (handle: unknown) => void
}

/** Reads the globals at call time, so fake timers installed after createHub still apply. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
}

/** The part of the Web Locks API the hub uses: a queued request is granted once the tab holding it is gone. */
export interface LocksLike {
  request: (name: string, callback: () => unknown) => Promise<unknown>
}

export interface FetchInit {
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
  signal?: AbortSignal
}

export type FetchLike = (
  url: string,
  init: FetchInit,
) => Promise<{ ok: boolean; status: number; json: () => Promise<unknown> }>

export interface HubLogger {
  warn: (...args: unknown[]) => void
}

export interface HubDeps {
  createPushTransport: CreatePushTransport
  createPriceTransport: CreatePriceTransport
  fetch: FetchLike
  /** Absent where the browser lacks Web Locks (or outside a secure context): then only pagehide ends a tab. */
  locks?: LocksLike | null
  clock?: Clock
  log?: HubLogger
  /** The worker's own origin, used when the API base is not absolute. */
  origin?: string
}

interface Tab {
  id: string
  sink: TabSink
  release: (() => void) | undefined
  visible: boolean
  lastActiveAt: number
  channels: Set<string>
  prices: boolean
  /** Sequence number of the last price batch sent; the tab acknowledges it by number. */
  priceSeq: number
  awaitingAck: boolean
  /** Ticks that arrived while the tab had not acknowledged: merged, last price per asset id wins. */
  pendingTicks: Map<string, LivePriceUpdate> | null
}

type ChannelKind = 'user' | 'notification' | 'trade' | 'chat.customer'

function parseChannel(channel: string): { kind: ChannelKind; id: number } | null {
  const match = PRIVATE_CHANNEL_PATTERN.exec(channel)
  if (!match?.[1] || !match[2]) return null
  return { kind: match[1] as ChannelKind, id: Number(match[2]) }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

interface ChatCursor {
  /** created_at of the newest message seen, sent back as `after`. */
  after: string | null
  seen: Set<string>
  inFlight: boolean
  /** A poll was asked for while one was in flight: run another once it ends (its answer may predate the ask). */
  again: boolean
  /** Pusher confirmed this channel before: a new confirmation follows a reconnect. */
  subscribed: boolean
}

/** Chat answers are `{ data: [...] }` (spec 7); tolerate the `data.data` envelope too. */
function chatMessagesOf(body: unknown): Record<string, unknown>[] {
  if (!isRecord(body)) return []
  const data = Array.isArray(body.data) ? body.data : isRecord(body.data) ? body.data.data : undefined
  return Array.isArray(data) ? data.filter(isRecord) : []
}

const createdAtOf = (message: Record<string, unknown>) =>
  typeof message.created_at === 'string' ? message.created_at : null

function isLater(candidate: string, than: string | null): boolean {
  if (than === null) return true
  const a = Date.parse(candidate)
  const b = Date.parse(than)
  return Number.isNaN(a) || Number.isNaN(b) ? candidate > than : a > b
}

class HubHttpError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.name = 'HubHttpError'
    this.status = status
  }
}

const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/
const TAB_ID = /^[A-Za-z0-9_-]{1,100}$/

export function createHub(deps: HubDeps) {
  const clock = deps.clock ?? systemClock
  const log = deps.log ?? console
  const fallbackOrigin = deps.origin ?? 'http://localhost'

  let config: Required<HubConfig> = { token: null, apiBaseUrl: '', realtime: null }
  const tabs = new Map<string, Tab>()
  /** Channel -> ids of the tabs that want it: the reference count. */
  const channelTabs = new Map<string, Set<string>>()
  const lockRequested = new Set<string>()

  let push: PushTransport | null = null
  let pushGeneration = 0
  let pushStatus: ConnectionStatus = CONNECTION_STATUS.DISCONNECTED
  let pushMessage: string | null = null
  let pushEverConnected = false
  /** Which toasts this outage has shown: each once per outage, whatever the transport does meanwhile. */
  let outage = { active: false, reconnecting: false, failed: false }
  let pushIdleTimer: unknown = null

  let prices: PriceTransport | null = null
  let pricesGeneration = 0
  let pricesStatus: ConnectionStatus = CONNECTION_STATUS.DISCONNECTED
  let pricesIdleTimer: unknown = null
  let pricesRetryTimer: unknown = null
  /** Latest tick per asset id: a tab that subscribes gets a snapshot at once, without a new socket. */
  const latestTicks = new Map<string, LivePriceUpdate>()

  let chatPollTimer: unknown = null
  let dataPollTimer: unknown = null
  const chatCursors = new Map<string, ChatCursor>()

  let heartbeatTimer: unknown = null
  let lastHeartbeatAt = Number.NEGATIVE_INFINITY
  /** What the status reports as lastTickAt and lastHeartbeatAt (see HubStatus). */
  let tickStampAt: number | null = null
  let heartbeatAnsweredAt: number | null = null
  let lastPushNudgeAt = Number.NEGATIVE_INFINITY

  let lastStatusKey = ''

  // ---- tabs -------------------------------------------------------------------------------------------------

  /** Calls the tab's callback; its answer, when it gives one, is a promise (through Comlink), else undefined. */
  function send(tab: Tab, message: TabMessage): Promise<unknown> | undefined {
    try {
      const result = tab.sink(message)
      // Fire and forget: a closed tab's Comlink proxy never settles, so nothing here may wait for it. Only a
      // rejection (the tab's handler threw) is swallowed, so it does not surface as an unhandled one.
      if (isRecord(result) && typeof result.then === 'function') {
        const answer = result as unknown as Promise<unknown>
        answer.then(undefined, () => undefined)
        return answer
      }
    } catch (error) {
      log.warn('[realtime] tab callback failed', tab.id, error)
    }
    return undefined
  }

  /** The tab that shows once-per-browser things: a visible one, most recently active first. */
  function chooseTab(visibleOnly: boolean): Tab | undefined {
    let best: Tab | undefined
    for (const tab of tabs.values()) {
      if (visibleOnly && !tab.visible) continue
      if (
        !best ||
        (tab.visible && !best.visible) ||
        (tab.visible === best.visible && tab.lastActiveAt >= best.lastActiveAt)
      ) {
        best = tab
      }
    }
    return best
  }

  function showToast(toast: HubToast): void {
    // Nobody would see a toast in a hidden tab; the status every tab receives still tells the story.
    const tab = chooseTab(true)
    if (tab) send(tab, { type: 'toast', toast })
  }

  function emit(channel: string, event: string, data: unknown): void {
    const ids = channelTabs.get(channel)
    if (!ids) return
    for (const id of ids) {
      const tab = tabs.get(id)
      if (tab) send(tab, { type: 'event', channel, event, data })
    }
  }

  function removeTab(tabId: string): void {
    const tab = tabs.get(tabId)
    if (!tab) return
    tabs.delete(tabId)
    for (const channel of tab.channels) releaseChannel(channel, tabId)
    tab.channels.clear()
    tab.prices = false
    tab.pendingTicks = null
    try {
      tab.release?.()
    } catch {
      // The proxy of a closed tab may already be gone.
    }
    reconcile()
  }

  // ---- status and toasts ------------------------------------------------------------------------------------

  function currentStatus(): HubStatus {
    return {
      status: pushStatus,
      message: pushMessage,
      polling: chatPollTimer !== null || dataPollTimer !== null,
      prices: pricesStatus,
      lastTickAt: tickStampAt,
      lastHeartbeatAt: heartbeatAnsweredAt,
    }
  }

  /** A tick arrived: the status says so, in steps of TICK_STAMP_STEP_MS. */
  function noteTick(): void {
    const now = clock.now()
    if (tickStampAt !== null && now - tickStampAt < HUB_TIMINGS.TICK_STAMP_STEP_MS) return
    tickStampAt = now
    broadcastStatus()
  }

  function broadcastStatus(): void {
    const status = currentStatus()
    const key = JSON.stringify(status)
    if (key === lastStatusKey) return
    lastStatusKey = key
    for (const tab of tabs.values()) send(tab, { type: 'status', status })
  }

  function onPushStatus(status: ConnectionStatus, reason?: string): void {
    const message = status === CONNECTION_STATUS.FAILED ? reason || DEFAULT_FAILURE_MESSAGE : null
    if (status === pushStatus && message === pushMessage) return
    pushStatus = status
    pushMessage = message
    if (status === CONNECTION_STATUS.CONNECTED) {
      const recovered = outage.active
      const reconnected = pushEverConnected
      pushEverConnected = true
      outage = { active: false, reconnecting: false, failed: false }
      if (recovered) {
        showToast({
          kind: 'connected',
          message: TOAST_TEXT.CONNECTED,
          durationMs: TOAST_DURATION_MS.CONNECTED,
        })
      }
      if (reconnected) refetchMissed()
    } else if (status === CONNECTION_STATUS.CONNECTING) {
      // The first connection of a session is not a *re*connection: no toast for it.
      if ((pushEverConnected || outage.active) && !outage.reconnecting) {
        outage = { ...outage, active: true, reconnecting: true }
        showToast({ kind: 'connecting', message: TOAST_TEXT.CONNECTING })
      }
    } else if (status === CONNECTION_STATUS.FAILED && !outage.failed) {
      outage = { ...outage, active: true, failed: true }
      showToast({ kind: 'failed', message: TOAST_TEXT.failed(reason), durationMs: TOAST_DURATION_MS.FAILED })
    }
    reconcilePolling()
    broadcastStatus()
  }

  // ---- HTTP -------------------------------------------------------------------------------------------------

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const { token, apiBaseUrl } = config
    if (!token || !apiBaseUrl) throw new Error('Not signed in')
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    const controller = new AbortController()
    const timer = clock.setTimeout(() => controller.abort(), HUB_TIMINGS.REQUEST_TIMEOUT_MS)
    try {
      const response = await deps.fetch(`${apiBaseUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: controller.signal,
      })
      onServerAnswered()
      if (!response.ok)
        throw new HubHttpError(response.status, `${method} ${path} answered ${response.status}`)
      // Heartbeats may answer 204: no body is not an error.
      return await response.json().catch(() => null)
    } finally {
      clock.clearTimeout(timer)
    }
  }

  async function authorize(channelName: string, socketId: string): Promise<ChannelAuth> {
    const body = await request('POST', '/broadcasting/auth', {
      socket_id: socketId,
      channel_name: channelName,
    })
    const parsed = BroadcastingAuthResponseSchema.safeParse(body)
    if (!parsed.success) throw new Error('Invalid channel authorisation from the server')
    return parsed.data
  }

  // ---- Pusher -----------------------------------------------------------------------------------------------

  /**
   * The server answered (an HTTP call, or the price feed reconnected) while Pusher is down in an outage: reconnect
   * it now. pusher-js retries on its own schedule, which after a server restart left 'Reconnecting...' up ~11 s
   * after the server was back (the realtime e2e measured 11.5 and 12.4 s); the price feed's socket.io is back in
   * 2-5 s and the chat poll every 5 s. Only in an outage (a first connection is never cut short), and at most once
   * per PUSH_NUDGE_MIN_GAP_MS, so a broker that stays down (another host) is not hammered.
   */
  function onServerAnswered(): void {
    if (!push || !outage.active || pushStatus === CONNECTION_STATUS.CONNECTED) return
    const now = clock.now()
    if (now - lastPushNudgeAt < HUB_TIMINGS.PUSH_NUDGE_MIN_GAP_MS) return
    lastPushNudgeAt = now
    push.reconnect()
  }

  function openPush(endpoints: NonNullable<HubConfig['realtime']>): void {
    const generation = ++pushGeneration
    const current = () => generation === pushGeneration
    pushEverConnected = false
    outage = { active: false, reconnecting: false, failed: false }
    pushStatus = CONNECTION_STATUS.CONNECTING
    pushMessage = null
    const endpoint = resolvePusherEndpoint(endpoints.pusher, defaultOrigin(config.apiBaseUrl, fallbackOrigin))
    push = deps.createPushTransport({
      ...endpoint,
      authorize,
      onStatus: (status, reason) => {
        if (current()) onPushStatus(status, reason)
      },
      onEvent: (channel, event, data) => {
        if (current()) onPushEvent(channel, event, data)
      },
      onSubscribed: (channel) => {
        if (current()) onPushSubscribed(channel)
      },
      onSubscriptionError: (channel, reason) => {
        if (!current()) return
        log.warn('[realtime] subscription refused', channel, reason)
        for (const id of channelTabs.get(channel) ?? []) {
          const tab = tabs.get(id)
          if (tab) send(tab, { type: 'channelError', channel, message: reason })
        }
      },
    })
    for (const channel of channelTabs.keys()) push.subscribe(channel)
  }

  function closePush(): void {
    if (pushIdleTimer !== null) clock.clearTimeout(pushIdleTimer)
    pushIdleTimer = null
    if (!push) return
    const transport = push
    push = null
    pushGeneration += 1
    pushEverConnected = false
    outage = { active: false, reconnecting: false, failed: false }
    pushStatus = CONNECTION_STATUS.DISCONNECTED
    pushMessage = null
    transport.disconnect()
  }

  function reconcilePush(): void {
    const endpoints = config.realtime
    if (!config.token || !endpoints) return closePush()
    if (channelTabs.size === 0) {
      if (push && pushIdleTimer === null) {
        pushIdleTimer = clock.setTimeout(() => {
          pushIdleTimer = null
          if (channelTabs.size === 0) closePush()
          reconcile()
        }, HUB_TIMINGS.IDLE_DISCONNECT_MS)
      }
      return
    }
    if (pushIdleTimer !== null) clock.clearTimeout(pushIdleTimer)
    pushIdleTimer = null
    if (!push) openPush(endpoints)
  }

  function onPushEvent(channel: string, event: string, data: unknown): void {
    // A message the catch-up poll after a reconnect already delivered can still arrive by socket (it was published
    // as the subscription came back): each message reaches the tabs once, whichever path was first.
    if (event === PUSH_EVENTS.MESSAGE_SENT && isRecord(data) && isRecord(data.message)) {
      if (!noteChatMessage(channel, data.message)) return
    }
    emit(channel, event, data)
    if (event === PUSH_EVENTS.NOTIFICATION_MESSAGE && channelTabs.has(channel)) {
      // One sound per browser: the visible, most recently active tab, else any tab.
      const tab = chooseTab(false)
      if (tab) send(tab, { type: 'playSound' })
    }
  }

  /**
   * Events reach the socket only once the channel's subscription is confirmed, which comes after `connected` (an
   * authorisation round trip later). Whatever was published before that reached no path:
   * - user and trade changes are signalled at every confirmation, as the usual events, so the tabs refetch. The
   *   first one matters too: a change made between a tab loading its data and the confirmation (an admin
   *   reactivating the account as the page reloads, a stop loss hit as /mt4 opens) was lost until the next one;
   * - chat is fetched again from the last message seen (the catch-up poll at `connected` can read the database
   *   before a message that is then published before the confirmation); the first confirmation of a session is
   *   left alone there, as before: the tabs just loaded the conversation.
   */
  function onPushSubscribed(channel: string): void {
    if (!channelTabs.has(channel)) return
    signalChannelChanged(channel)
    if (parseChannel(channel)?.kind !== 'chat.customer') return
    const cursor = cursorOf(channel)
    const resubscribed = cursor.subscribed || cursor.after !== null
    cursor.subscribed = true
    if (resubscribed) void pollChat(channel)
  }

  function releaseChannel(channel: string, tabId: string): void {
    const ids = channelTabs.get(channel)
    if (!ids) return
    ids.delete(tabId)
    if (ids.size > 0) return
    channelTabs.delete(channel)
    chatCursors.delete(channel)
    push?.unsubscribe(channel)
  }

  // ---- polling fallback and missed events -------------------------------------------------------------------

  function cursorOf(channel: string): ChatCursor {
    let cursor = chatCursors.get(channel)
    if (!cursor) {
      cursor = { after: null, seen: new Set(), inFlight: false, again: false, subscribed: false }
      chatCursors.set(channel, cursor)
    }
    return cursor
  }

  /** Remembers a message; false when it was already delivered. */
  function noteChatMessage(channel: string, message: Record<string, unknown>): boolean {
    if (!channelTabs.has(channel)) return false
    const cursor = cursorOf(channel)
    const id = typeof message.id === 'number' || typeof message.id === 'string' ? String(message.id) : null
    if (id !== null) {
      if (cursor.seen.has(id)) return false
      cursor.seen.add(id)
      if (cursor.seen.size > HUB_TIMINGS.SEEN_MESSAGES) {
        const oldest = cursor.seen.values().next()
        if (!oldest.done) cursor.seen.delete(oldest.value)
      }
    }
    const createdAt = createdAtOf(message)
    if (createdAt && isLater(createdAt, cursor.after)) cursor.after = createdAt
    return true
  }

  async function pollChat(channel: string): Promise<void> {
    const parsed = parseChannel(channel)
    if (parsed?.kind !== 'chat.customer') return
    const cursor = cursorOf(channel)
    if (cursor.inFlight) {
      cursor.again = true
      return
    }
    cursor.inFlight = true
    cursor.again = false
    const params = new URLSearchParams({ customer_id: String(parsed.id) })
    if (cursor.after) params.set('after', cursor.after)
    try {
      const body = await request('GET', `/chat/messages?${params.toString()}`)
      const messages = chatMessagesOf(body).sort((a, b) => {
        const at = createdAtOf(a) ?? ''
        const bt = createdAtOf(b) ?? ''
        return at === bt ? 0 : isLater(bt, at) ? -1 : 1
      })
      const from = cursor.after
      for (const message of messages) {
        // Delivered exactly as the socket would have: `message.sent` with the message as payload (spec 7).
        if (noteChatMessage(channel, message)) emit(channel, PUSH_EVENTS.MESSAGE_SENT, { message })
      }
      // An `after` answer holds one page; next_page_url says more came meanwhile (a long outage, a busy
      // conversation). Fetch on from the new cursor at once, or a reconnect that stops polling would leave the
      // rest behind. Only while the cursor moves, so a server that repeats itself cannot loop the hub.
      if (isRecord(body) && typeof body.next_page_url === 'string' && cursor.after !== from)
        cursor.again = true
    } catch (error) {
      log.warn('[realtime] chat polling failed', channel, error)
    } finally {
      cursor.inFlight = false
      // Not when the channel was released meanwhile: its cursor is gone.
      if (cursor.again && chatCursors.get(channel) === cursor) void pollChat(channel)
    }
  }

  /** Tells a user or trade channel's tabs to refetch, as the server's own event would; other channels: nothing. */
  function signalChannelChanged(channel: string): void {
    const parsed = parseChannel(channel)
    if (parsed?.kind === 'user') emit(channel, PUSH_EVENTS.USER_UPDATED, { user_id: parsed.id })
    if (parsed?.kind === 'trade') emit(channel, PUSH_EVENTS.TRADE_UPDATED, { user_id: parsed.id })
  }

  function signalDataChanged(): void {
    for (const channel of channelTabs.keys()) signalChannelChanged(channel)
  }

  function pollChats(): void {
    for (const channel of channelTabs.keys()) {
      if (parseChannel(channel)?.kind === 'chat.customer') void pollChat(channel)
    }
  }

  /** After a reconnect: whatever was published while the socket was away is fetched again. */
  function refetchMissed(): void {
    signalDataChanged()
    pollChats()
  }

  function channelKinds(): Set<ChannelKind> {
    const kinds = new Set<ChannelKind>()
    for (const channel of channelTabs.keys()) {
      const parsed = parseChannel(channel)
      if (parsed) kinds.add(parsed.kind)
    }
    return kinds
  }

  function reconcilePolling(): void {
    const wanted =
      !!config.token &&
      !!config.apiBaseUrl &&
      pushStatus !== CONNECTION_STATUS.CONNECTED &&
      channelTabs.size > 0
    const kinds = wanted ? channelKinds() : new Set<ChannelKind>()
    const chat = kinds.has('chat.customer')
    const data = kinds.has('user') || kinds.has('trade')
    if (chat && chatPollTimer === null) {
      chatPollTimer = clock.setInterval(pollChats, REALTIME_TIMINGS.CHAT_POLL_MS)
    } else if (!chat && chatPollTimer !== null) {
      clock.clearInterval(chatPollTimer)
      chatPollTimer = null
    }
    if (data && dataPollTimer === null) {
      dataPollTimer = clock.setInterval(signalDataChanged, REALTIME_TIMINGS.DATA_POLL_MS)
    } else if (!data && dataPollTimer !== null) {
      clock.clearInterval(dataPollTimer)
      dataPollTimer = null
    }
  }

  // ---- heartbeat --------------------------------------------------------------------------------------------

  /** Sends a heartbeat unless one went out moments ago; true when sent. */
  function beat(): boolean {
    const now = clock.now()
    if (now - lastHeartbeatAt < HUB_TIMINGS.HEARTBEAT_MIN_GAP_MS) return false
    lastHeartbeatAt = now
    const token = config.token
    request('POST', '/user/heartbeat').then(
      () => {
        // An answer for a user who has signed out since says nothing about this session.
        if (config.token !== token) return
        heartbeatAnsweredAt = clock.now()
        broadcastStatus()
      },
      (error: unknown) => {
        // Spec 8: heartbeat failures are logged only.
        log.warn('[realtime] heartbeat failed', error instanceof Error ? error.message : error)
      },
    )
    return true
  }

  function stopHeartbeat(): void {
    if (heartbeatTimer !== null) clock.clearInterval(heartbeatTimer)
    heartbeatTimer = null
  }

  function reconcileHeartbeat(): void {
    const wanted = !!config.token && !!config.apiBaseUrl && [...tabs.values()].some((tab) => tab.visible)
    if (wanted && heartbeatTimer === null) {
      beat()
      heartbeatTimer = clock.setInterval(beat, REALTIME_TIMINGS.HEARTBEAT_MS)
    } else if (!wanted) {
      stopHeartbeat()
    }
  }

  /** A tab became visible while the heartbeat already ran for another one: beat now, then every 60 s from now. */
  function beatForNewlyVisibleTab(): void {
    if (heartbeatTimer === null) return
    if (!beat()) return
    stopHeartbeat()
    heartbeatTimer = clock.setInterval(beat, REALTIME_TIMINGS.HEARTBEAT_MS)
  }

  // ---- prices -----------------------------------------------------------------------------------------------

  function sendTicks(tab: Tab, ticks: LivePriceUpdate[]): void {
    tab.priceSeq += 1
    tab.awaitingAck = true
    const seq = tab.priceSeq
    // The tab's answer to the batch is its ack: its callback resolves once the batch is painted, so no separate
    // ack call (and its own reply) crosses the port, two tasks fewer per batch per tab. A dead tab never answers,
    // which is the same as never acking: its batches merge until the hub forgets it.
    send(tab, { type: 'prices', ticks, seq })?.then(
      () => acknowledgePrices(tab.id, seq),
      () => undefined,
    )
  }

  /** The tab took batch `seq`: what merged meanwhile goes out now as one batch. */
  function acknowledgePrices(tabId: string, seq: number): void {
    const tab = tabs.get(tabId)
    if (!tab || seq !== tab.priceSeq || !tab.awaitingAck) return
    tab.awaitingAck = false
    const pending = tab.pendingTicks
    tab.pendingTicks = null
    if (tab.prices && pending && pending.size > 0) sendTicks(tab, [...pending.values()])
  }

  function offerTicks(tab: Tab, ticks: LivePriceUpdate[]): void {
    if (!tab.awaitingAck) return sendTicks(tab, ticks)
    // The tab has not taken the previous batch (busy or in the background): merge instead of queueing, so it
    // never builds a backlog. Optional 24h fields survive from an earlier tick that had them.
    const pending = (tab.pendingTicks ??= new Map())
    for (const tick of ticks) {
      const previous = pending.get(tick.id)
      pending.set(tick.id, previous ? { ...previous, ...tick } : tick)
    }
  }

  function deliverTicks(ticks: LivePriceUpdate[]): void {
    for (const tab of tabs.values()) if (tab.prices) offerTicks(tab, ticks)
  }

  function onPriceUpdate(payload: unknown): void {
    const ticks = (Array.isArray(payload) ? payload : [payload]).filter(isValidTick)
    if (ticks.length === 0) return
    for (const tick of ticks) {
      const previous = latestTicks.get(tick.id)
      latestTicks.set(tick.id, previous ? { ...previous, ...tick } : tick)
    }
    deliverTicks(ticks)
    noteTick()
  }

  function onPriceSnapshot(payload: unknown): void {
    if (!isRecord(payload) || payload.success !== true || !Array.isArray(payload.data)) {
      log.warn('[realtime] ignored a malformed data:all')
      return
    }
    const ticks = payload.data.filter(isValidTick)
    latestTicks.clear()
    for (const tick of ticks) latestTicks.set(tick.id, tick)
    deliverTicks(ticks)
    if (ticks.length > 0) noteTick()
  }

  function onPriceStatus(status: ConnectionStatus, reason?: string): void {
    const priceFeedBack =
      status === CONNECTION_STATUS.CONNECTED && pricesStatus !== CONNECTION_STATUS.CONNECTED
    pricesStatus = status
    if (priceFeedBack) onServerAnswered()
    if (status === CONNECTION_STATUS.FAILED) {
      if (reason) log.warn('[realtime] price feed failed', reason)
      if (pricesRetryTimer === null) {
        pricesRetryTimer = clock.setTimeout(() => {
          pricesRetryTimer = null
          if (prices && pricesStatus === CONNECTION_STATUS.FAILED) prices.reconnect()
        }, HUB_TIMINGS.PRICE_RETRY_MS)
      }
    } else if (status === CONNECTION_STATUS.CONNECTED && pricesRetryTimer !== null) {
      clock.clearTimeout(pricesRetryTimer)
      pricesRetryTimer = null
    }
    broadcastStatus()
  }

  function openPrices(endpoints: NonNullable<HubConfig['realtime']>): void {
    const generation = ++pricesGeneration
    const current = () => generation === pricesGeneration
    pricesStatus = CONNECTION_STATUS.CONNECTING
    const endpoint = resolvePriceEndpoint(endpoints.prices, defaultOrigin(config.apiBaseUrl, fallbackOrigin))
    prices = deps.createPriceTransport({
      ...endpoint,
      onStatus: (status, reason) => {
        if (current()) onPriceStatus(status, reason)
      },
      onSnapshot: (payload) => {
        if (current()) onPriceSnapshot(payload)
      },
      onUpdate: (payload) => {
        if (current()) onPriceUpdate(payload)
      },
    })
  }

  function closePrices(): void {
    if (pricesIdleTimer !== null) clock.clearTimeout(pricesIdleTimer)
    if (pricesRetryTimer !== null) clock.clearTimeout(pricesRetryTimer)
    pricesIdleTimer = null
    pricesRetryTimer = null
    if (!prices) return
    const transport = prices
    prices = null
    pricesGeneration += 1
    pricesStatus = CONNECTION_STATUS.DISCONNECTED
    // Without a socket the cache goes stale; a later tab must not be handed old prices as live ones.
    latestTicks.clear()
    transport.disconnect()
  }

  function reconcilePrices(): void {
    const endpoints = config.realtime
    if (!config.token || !endpoints) return closePrices()
    if (![...tabs.values()].some((tab) => tab.prices)) {
      if (prices && pricesIdleTimer === null) {
        pricesIdleTimer = clock.setTimeout(() => {
          pricesIdleTimer = null
          if (![...tabs.values()].some((tab) => tab.prices)) closePrices()
          reconcile()
        }, HUB_TIMINGS.IDLE_DISCONNECT_MS)
      }
      return
    }
    if (pricesIdleTimer !== null) clock.clearTimeout(pricesIdleTimer)
    pricesIdleTimer = null
    if (!prices) openPrices(endpoints)
  }

  // ---- everything follows from the state --------------------------------------------------------------------

  function reconcile(): void {
    reconcilePush()
    reconcilePrices()
    reconcilePolling()
    reconcileHeartbeat()
    broadcastStatus()
  }

  const hub = {
    /** A tab arrives (or comes back from the back/forward cache with the same id). */
    register(tabId: string, sink: TabSink, init: TabInit, release?: () => void): void {
      if (!TAB_ID.test(tabId) || typeof sink !== 'function') return
      const now = clock.now()
      let tab = tabs.get(tabId)
      if (tab) {
        if (tab.sink !== sink) tab.release?.()
        tab.sink = sink
        tab.release = release
      } else {
        tab = {
          id: tabId,
          sink,
          release,
          visible: false,
          lastActiveAt: now,
          channels: new Set(),
          prices: false,
          priceSeq: 0,
          awaitingAck: false,
          pendingTicks: null,
        }
        tabs.set(tabId, tab)
      }
      const becameVisible = init.visible && !tab.visible
      tab.visible = init.visible
      if (init.visible) tab.lastActiveAt = now
      if (init.lock && deps.locks && !lockRequested.has(tabId)) {
        lockRequested.add(tabId)
        // Queued behind the tab's own hold on `tab:<id>`: granted only when that tab is gone, however it went.
        deps.locks
          .request(`tab:${tabId}`, () => {
            lockRequested.delete(tabId)
            removeTab(tabId)
          })
          .catch((error: unknown) => {
            lockRequested.delete(tabId)
            log.warn('[realtime] tab lock request failed', tabId, error)
          })
      }
      send(tab, { type: 'status', status: currentStatus() })
      if (becameVisible) beatForNewlyVisibleTab()
      reconcile()
    },

    /** The tab is leaving (pagehide). Web Locks catch the tabs that cannot say so. */
    unregister(tabId: string): void {
      removeTab(tabId)
    },

    /** Token, API base and endpoints from a tab. A new token reconnects; the same one changes nothing. */
    configure(next: HubConfig): void {
      const token = typeof next.token === 'string' && next.token ? next.token : null
      // A tab that does not know the API base or the endpoints (settings not loaded yet) keeps the known ones
      // rather than closing every tab's sockets.
      const apiBaseUrl =
        (typeof next.apiBaseUrl === 'string' ? next.apiBaseUrl.replace(/\/+$/, '') : '') || config.apiBaseUrl
      const realtime = next.realtime ?? config.realtime
      const tokenChanged = token !== config.token
      const apiChanged = apiBaseUrl !== config.apiBaseUrl
      const endpointsChanged = JSON.stringify(realtime) !== JSON.stringify(config.realtime)
      config = { token, apiBaseUrl, realtime }
      if (tokenChanged || apiChanged || endpointsChanged) closePush()
      if (apiChanged || endpointsChanged) closePrices()
      if (tokenChanged) {
        // The heartbeat says "this user is online": a new user beats at once.
        stopHeartbeat()
        lastHeartbeatAt = Number.NEGATIVE_INFINITY
      }
      reconcile()
    },

    /** Sign-out in any tab: both sockets close, every channel subscription goes, every tab is told. */
    signOut(): void {
      config = { ...config, token: null }
      for (const tab of tabs.values()) tab.channels.clear()
      channelTabs.clear()
      chatCursors.clear()
      closePush()
      closePrices()
      stopHeartbeat()
      lastHeartbeatAt = Number.NEGATIVE_INFINITY
      tickStampAt = null
      heartbeatAnsweredAt = null
      reconcile()
      for (const tab of tabs.values()) send(tab, { type: 'signedOut' })
    },

    subscribe(tabId: string, channel: string): void {
      const tab = tabs.get(tabId)
      if (!tab || typeof channel !== 'string' || !CHANNEL_NAME.test(channel) || tab.channels.has(channel))
        return
      tab.channels.add(channel)
      let ids = channelTabs.get(channel)
      if (!ids) {
        ids = new Set()
        channelTabs.set(channel, ids)
        push?.subscribe(channel)
      }
      ids.add(tabId)
      reconcile()
    },

    unsubscribe(tabId: string, channel: string): void {
      const tab = tabs.get(tabId)
      if (!tab || !tab.channels.delete(channel)) return
      releaseChannel(channel, tabId)
      reconcile()
    },

    subscribePrices(tabId: string): void {
      const tab = tabs.get(tabId)
      if (!tab || tab.prices) return
      tab.prices = true
      if (latestTicks.size > 0) offerTicks(tab, [...latestTicks.values()])
      reconcile()
    },

    unsubscribePrices(tabId: string): void {
      const tab = tabs.get(tabId)
      if (!tab || !tab.prices) return
      tab.prices = false
      tab.awaitingAck = false
      tab.pendingTicks = null
      reconcile()
    },

    /** The tab took batch `seq` (a tab whose callback answers nothing acks this way). */
    ackPrices(tabId: string, seq: number): void {
      acknowledgePrices(tabId, seq)
    },

    setVisible(tabId: string, visible: boolean): void {
      const tab = tabs.get(tabId)
      if (!tab || tab.visible === visible) return
      tab.visible = visible
      if (visible) {
        tab.lastActiveAt = clock.now()
        beatForNewlyVisibleTab()
      }
      reconcile()
    },

    /** The tab got focus: it becomes the one that shows toasts and plays the sound. */
    markActive(tabId: string): void {
      const tab = tabs.get(tabId)
      if (tab) tab.lastActiveAt = clock.now()
    },

    /**
     * A tab saw `online` (pusher-js in a worker never does): reconnect both sockets now, and beat at once (the
     * server learns the user is back, and the tabs hear from the server without waiting for the next minute).
     */
    online(): void {
      push?.reconnect()
      if (prices) {
        if (pricesRetryTimer !== null) clock.clearTimeout(pricesRetryTimer)
        pricesRetryTimer = null
        prices.reconnect()
      }
      if (heartbeatTimer !== null) {
        stopHeartbeat()
        lastHeartbeatAt = Number.NEGATIVE_INFINITY
        reconcileHeartbeat()
      }
    },

    getStatus(): HubStatus {
      return currentStatus()
    },

    /**
     * A round trip to the push service in ms (the connection test, issue 16); null when there is no connection
     * or no answer within PING_TIMEOUT_MS. Read-only: it neither opens nor closes anything.
     */
    async ping(): Promise<number | null> {
      if (!push || pushStatus !== CONNECTION_STATUS.CONNECTED) return null
      const startedAt = clock.now()
      try {
        await push.ping(HUB_TIMINGS.PING_TIMEOUT_MS)
        return clock.now() - startedAt
      } catch {
        return null
      }
    },

    inspect(): HubSnapshot {
      return {
        tabs: [...tabs.values()].map((tab) => ({
          id: tab.id,
          visible: tab.visible,
          channels: [...tab.channels],
          prices: tab.prices,
        })),
        channels: Object.fromEntries([...channelTabs].map(([channel, ids]) => [channel, ids.size])),
        pusher: { open: push !== null, status: pushStatus },
        prices: { open: prices !== null, status: pricesStatus, cachedAssets: latestTicks.size },
        polling: chatPollTimer !== null || dataPollTimer !== null,
        heartbeat: heartbeatTimer !== null,
      }
    },
  }
  return hub
}

export type Hub = ReturnType<typeof createHub>

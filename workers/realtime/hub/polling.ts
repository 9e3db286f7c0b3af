// What Pusher would have delivered, fetched over HTTP instead: the polling fallback while Pusher is down, and the
// catch-up after a reconnect or a subscription's confirmation. Chat messages come from `/chat/messages` after the
// newest one seen and reach the tabs once, whichever path (poll or socket) brought them first; user and trade
// channels are told to refetch, as their own events would.
import { PRIVATE_CHANNEL_PATTERN, PUSH_EVENTS, REALTIME_TIMINGS } from '../../../src/domain/contract/realtime'
import type { HubContext } from './environment'
import type { ApiRequest } from './http'
import { isRecord } from './is-record'
import type { TabRegistry } from './tab-registry'
import { HUB_TIMINGS } from './timings'

type ChannelKind = 'user' | 'notification' | 'trade' | 'chat.customer'

function parseChannel(channel: string): { kind: ChannelKind; id: number } | null {
  const match = PRIVATE_CHANNEL_PATTERN.exec(channel)
  if (!match?.[1] || !match[2]) return null
  return { kind: match[1] as ChannelKind, id: Number(match[2]) }
}

interface ChatCursor {
  /** created_at of the newest message seen, by either path, sent back as `after`. */
  after: string | null
  /**
   * Where the next poll must start, when that is before `after`: the end of the page a catch-up answered with more
   * behind it, the cursor as it was when a poll was asked for during another, or where a failed poll started. The
   * socket moves `after` meanwhile, and going on from the newest message seen skipped the rest of the backlog (the
   * chat fault test lost messages that way once answers took longer to arrive). Null: from `after`.
   */
  resume: string | null
  seen: Set<string>
  inFlight: boolean
  /** A poll was asked for while one was in flight: run another once it ends (its answer may predate the ask). */
  again: boolean
}

/** Chat answers are `{ data: [...] }` (docs/product/api.md#calls); tolerate the `data.data` envelope too. */
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

/** Oldest first. */
function byCreatedAt(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const at = createdAtOf(a) ?? ''
  const bt = createdAtOf(b) ?? ''
  return at === bt ? 0 : isLater(bt, at) ? -1 : 1
}

/** The earlier of two starting points; null is "none" (not "the beginning"). */
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null || isLater(b, a) ? a : b)

export interface PollingDeps extends HubContext {
  request: ApiRequest
  tabs: Pick<TabRegistry, 'channels' | 'hasChannel' | 'hasChannels' | 'emit' | 'emitTo'>
  pushConnected: () => boolean
}

export function createPolling(deps: PollingDeps) {
  const { clock, log, config, request, tabs } = deps
  let chatPollTimer: unknown = null
  let dataPollTimer: unknown = null
  const chatCursors = new Map<string, ChatCursor>()

  function cursorOf(channel: string): ChatCursor {
    let cursor = chatCursors.get(channel)
    if (!cursor) {
      cursor = { after: null, resume: null, seen: new Set(), inFlight: false, again: false }
      chatCursors.set(channel, cursor)
    }
    return cursor
  }

  /** Remembers a message; false when it was already delivered. */
  function noteChatMessage(channel: string, message: Record<string, unknown>): boolean {
    if (!tabs.hasChannel(channel)) return false
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
      // Asked for now (a reconnect, a confirmation): it must read from the cursor as it is now, which the answer
      // in flight and the socket may both move past what was missed.
      cursor.resume = earlier(cursor.resume, cursor.after)
      cursor.again = true
      return
    }
    cursor.inFlight = true
    cursor.again = false
    const params = new URLSearchParams({ customer_id: String(parsed.id) })
    const asked = cursor.resume ?? cursor.after
    cursor.resume = null
    if (asked) params.set('after', asked)
    try {
      const body = await request('GET', `/chat/messages?${params.toString()}`)
      const messages = chatMessagesOf(body).sort(byCreatedAt)
      const from = cursor.after
      let pageEnd: string | null = null
      for (const message of messages) {
        // Delivered exactly as the socket would have: `message.sent` with the message as payload
        // (docs/product/realtime.md#push-channels-and-events).
        if (noteChatMessage(channel, message)) tabs.emit(channel, PUSH_EVENTS.MESSAGE_SENT, { message })
        const createdAt = createdAtOf(message)
        if (createdAt && isLater(createdAt, pageEnd)) pageEnd = createdAt
      }
      // An `after` answer holds one page; next_page_url says more came meanwhile (a long outage, a busy
      // conversation). Fetch on at once from this page's end, or a reconnect that stops polling would leave the
      // rest behind. Only while that moves, so a server that repeats itself cannot loop the hub. A newest-page
      // answer (no `after` asked) links to older pages instead: the cursor it set is where to go on from.
      const more = isRecord(body) && typeof body.next_page_url === 'string'
      if (more && asked !== null && pageEnd !== null && isLater(pageEnd, asked)) {
        cursor.resume = earlier(cursor.resume, pageEnd)
        cursor.again = true
      } else if (more && asked === null && cursor.after !== from) {
        cursor.again = true
      }
    } catch (error) {
      // The next poll, whenever it comes, starts where this one did.
      cursor.resume = earlier(cursor.resume, asked)
      log.warn('[realtime] chat polling failed', channel, error)
    } finally {
      cursor.inFlight = false
      // Not when the channel was released meanwhile: its cursor is gone.
      if (cursor.again && chatCursors.get(channel) === cursor) void pollChat(channel)
    }
  }

  /** What a user or trade channel's own event would say when it changed; other channels: nothing. */
  function changeSignalOf(channel: string): { event: string; data: { user_id: number } } | null {
    const parsed = parseChannel(channel)
    if (parsed?.kind === 'user') return { event: PUSH_EVENTS.USER_UPDATED, data: { user_id: parsed.id } }
    if (parsed?.kind === 'trade') return { event: PUSH_EVENTS.TRADE_UPDATED, data: { user_id: parsed.id } }
    return null
  }

  /** Tells a user or trade channel's tabs to refetch, as the server's own event would; other channels: nothing. */
  function signalChannelChanged(channel: string): void {
    const signal = changeSignalOf(channel)
    if (signal) tabs.emit(channel, signal.event, signal.data)
  }

  function signalDataChanged(): void {
    for (const channel of tabs.channels()) signalChannelChanged(channel)
  }

  function pollChats(): void {
    for (const channel of tabs.channels()) {
      if (parseChannel(channel)?.kind === 'chat.customer') void pollChat(channel)
    }
  }

  function channelKinds(): Set<ChannelKind> {
    const kinds = new Set<ChannelKind>()
    for (const channel of tabs.channels()) {
      const parsed = parseChannel(channel)
      if (parsed) kinds.add(parsed.kind)
    }
    return kinds
  }

  return {
    noteChatMessage,

    /**
     * Events reach the socket only once the channel's subscription is confirmed, which comes after `connected`
     * (an authorisation round trip later). Whatever was published before that reached no path:
     * - user and trade changes are signalled at every confirmation, as the usual events, so the tabs refetch. The
     *   first one matters too: a change made between a tab loading its data and the confirmation (an admin
     *   reactivating the account as the page reloads, a stop loss hit as /mt4 opens) was lost until the next one;
     * - chat is fetched again from the last message seen (the catch-up poll at `connected` can read the database
     *   before a message that is then published before the confirmation). The first confirmation too: a message
     *   sent between a tab loading the conversation and the confirmation reached neither (the admin console missed
     *   a customer's first message that way). With no message seen yet that is the newest page, which the tabs
     *   merge by id with what they loaded.
     */
    onSubscribed(channel: string): void {
      if (!tabs.hasChannel(channel)) return
      signalChannelChanged(channel)
      if (parseChannel(channel)?.kind !== 'chat.customer') return
      void pollChat(channel)
    },

    /**
     * A tab joined a channel whose subscription was confirmed before it came: no confirmation is coming for it, and
     * what was published between the tab asking for its data and joining reached the channel's other tabs only.
     * It gets what a confirmation gives, alone: the signal to refetch a user or trade channel, or the newest page of
     * the conversation as `message.sent` events, which it merges by id with what it loaded. The cursor is left as
     * it is: those messages are not marked delivered for the other tabs.
     */
    async catchUpTab(tabId: string, channel: string): Promise<void> {
      const signal = changeSignalOf(channel)
      if (signal) tabs.emitTo(tabId, channel, signal.event, signal.data)
      const parsed = parseChannel(channel)
      if (parsed?.kind !== 'chat.customer') return
      try {
        const params = new URLSearchParams({ customer_id: String(parsed.id) })
        const messages = chatMessagesOf(await request('GET', `/chat/messages?${params.toString()}`))
        for (const message of messages.sort(byCreatedAt)) {
          tabs.emitTo(tabId, channel, PUSH_EVENTS.MESSAGE_SENT, { message })
        }
      } catch (error) {
        log.warn('[realtime] chat catch-up failed', channel, error)
      }
    },

    /** After a reconnect: whatever was published while the socket was away is fetched again. */
    refetchMissed(): void {
      signalDataChanged()
      pollChats()
    },

    /** The channel's last tab left: its cursor goes with it. */
    forget(channel: string): void {
      chatCursors.delete(channel)
    },

    /** Sign-out: every cursor goes. */
    clear(): void {
      chatCursors.clear()
    },

    get active(): boolean {
      return chatPollTimer !== null || dataPollTimer !== null
    },

    reconcile(): void {
      const { token, apiBaseUrl } = config()
      const wanted = !!token && !!apiBaseUrl && !deps.pushConnected() && tabs.hasChannels()
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
    },
  }
}

export type Polling = ReturnType<typeof createPolling>

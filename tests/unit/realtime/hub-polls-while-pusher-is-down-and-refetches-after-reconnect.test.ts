// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CHANNELS,
  CONNECTION_STATUS,
  PUSH_EVENTS,
  REALTIME_TIMINGS,
} from '../../../src/domain/contract/realtime'
import { createTestHub, type FetchCall } from './hub-test-kit'

const USER = CHANNELS.user(7)
const TRADE = CHANNELS.trade(7)
const NOTIFICATION = CHANNELS.notification(7)
const CHAT = CHANNELS.chatCustomer(7)
const CHAT_MS = REALTIME_TIMINGS.CHAT_POLL_MS
const DATA_MS = REALTIME_TIMINGS.DATA_POLL_MS

const message = (id: number, createdAt: string) => ({
  id,
  message: `hello ${id}`,
  sender_id: 7,
  is_admin: false,
  created_at: createdAt,
  read_at: null,
})

/** A chat endpoint holding `messages`, answering `after=` with the later ones only. */
function chatServer(messages: ReturnType<typeof message>[]) {
  return (call: FetchCall) => {
    if (!call.path.startsWith('/chat/messages')) return undefined
    const after = new URL(call.url).searchParams.get('after')
    return { body: { data: messages.filter((m) => !after || m.created_at > after), next_page_url: null } }
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('polling fallback while Pusher is not connected (docs/product/realtime.md#polling-fallback)', () => {
  it('signals user and trade changes every 30 s as the usual events, on the subscribed channels only', async () => {
    const t = createTestHub()
    t.signIn()
    const a = t.addTab('a')
    const b = t.addTab('b')
    t.hub.subscribe('a', USER)
    t.hub.subscribe('b', TRADE)

    await vi.advanceTimersByTimeAsync(DATA_MS - 1)
    expect(a.events()).toEqual([])
    await vi.advanceTimersByTimeAsync(1)

    expect(a.events()).toEqual([
      { type: 'event', channel: USER, event: PUSH_EVENTS.USER_UPDATED, data: { user_id: 7 } },
    ])
    expect(b.events()).toEqual([
      { type: 'event', channel: TRADE, event: PUSH_EVENTS.TRADE_UPDATED, data: { user_id: 7 } },
    ])
    await vi.advanceTimersByTimeAsync(DATA_MS)
    expect(a.events()).toHaveLength(2)
    expect(t.hub.getStatus().polling).toBe(true)
  })

  it('polls chat every 5 s and delivers each new message once as message.sent', async () => {
    const t = createTestHub()
    const messages = [message(1, '2025-01-01T10:00:00.000Z'), message(2, '2025-01-01T10:00:01.000Z')]
    t.http.respond(chatServer(messages))
    t.signIn()
    const a = t.addTab('a')
    t.hub.subscribe('a', CHAT)

    await vi.advanceTimersByTimeAsync(CHAT_MS)
    expect(a.events(PUSH_EVENTS.MESSAGE_SENT).map((e) => e.data)).toEqual([
      { message: messages[0] },
      { message: messages[1] },
    ])
    const first = t.http.to('/chat/messages')[0]
    expect(new URL(first?.url ?? '').searchParams.get('customer_id')).toBe('7')

    messages.push(message(3, '2025-01-01T10:00:09.000Z'))
    await vi.advanceTimersByTimeAsync(CHAT_MS)
    const second = t.http.to('/chat/messages')[1]
    expect(new URL(second?.url ?? '').searchParams.get('after')).toBe('2025-01-01T10:00:01.000Z')
    expect(a.events(PUSH_EVENTS.MESSAGE_SENT).map((e) => e.data)).toHaveLength(3)

    // An inclusive `after` on the server would send the last one again: still delivered once.
    t.http.respond(() => ({ body: { data: [messages[2]] } }))
    await vi.advanceTimersByTimeAsync(CHAT_MS)
    expect(a.events(PUSH_EVENTS.MESSAGE_SENT)).toHaveLength(3)
  })

  it('continues chat polling after the last message Pusher delivered', async () => {
    const t = createTestHub()
    t.http.respond(chatServer([]))
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', CHAT)
    t.push.connected()
    t.push.event(CHAT, PUSH_EVENTS.MESSAGE_SENT, { message: message(9, '2025-02-02T08:00:00.000Z') })
    t.push.status(CONNECTION_STATUS.CONNECTING)

    await vi.advanceTimersByTimeAsync(CHAT_MS)
    const poll = t.http.to('/chat/messages')[0]
    expect(new URL(poll?.url ?? '').searchParams.get('after')).toBe('2025-02-02T08:00:00.000Z')
  })

  it('stops polling once Pusher connects, and starts again when it drops', async () => {
    const t = createTestHub()
    t.http.respond(chatServer([]))
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', CHAT)
    t.hub.subscribe('a', USER)
    await vi.advanceTimersByTimeAsync(CHAT_MS * 2)
    expect(t.http.to('/chat/messages')).toHaveLength(2)

    t.push.connected()
    expect(t.hub.getStatus().polling).toBe(false)
    await vi.advanceTimersByTimeAsync(DATA_MS * 2)
    expect(t.http.to('/chat/messages')).toHaveLength(2)

    t.push.status(CONNECTION_STATUS.FAILED, 'Server unreachable')
    expect(t.hub.getStatus().polling).toBe(true)
    await vi.advanceTimersByTimeAsync(CHAT_MS)
    expect(t.http.to('/chat/messages')).toHaveLength(3)
  })

  it('polls nothing for a notification channel alone, and nothing without a token', async () => {
    const t = createTestHub()
    t.signIn()
    const a = t.addTab('a')
    t.hub.subscribe('a', NOTIFICATION)
    await vi.advanceTimersByTimeAsync(DATA_MS * 2)
    expect(a.events()).toEqual([])
    expect(t.hub.getStatus().polling).toBe(false)

    t.hub.subscribe('a', USER)
    t.hub.configure({ token: null, apiBaseUrl: 'https://broker.example/api/v1' })
    await vi.advanceTimersByTimeAsync(DATA_MS * 2)
    expect(a.events()).toEqual([])
  })

  it('stops polling a channel once its last tab leaves', async () => {
    const t = createTestHub()
    t.http.respond(chatServer([]))
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', CHAT)
    await vi.advanceTimersByTimeAsync(CHAT_MS)
    t.hub.unsubscribe('a', CHAT)
    await vi.advanceTimersByTimeAsync(CHAT_MS * 4)
    expect(t.http.to('/chat/messages')).toHaveLength(1)
  })

  it('only logs a failed poll and keeps polling', async () => {
    const t = createTestHub()
    t.http.respond(() => ({ status: 500 }))
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', CHAT)
    await vi.advanceTimersByTimeAsync(CHAT_MS * 2)
    expect(t.http.to('/chat/messages')).toHaveLength(2)
    expect(t.log.warn).toHaveBeenCalledWith('[realtime] chat polling failed', CHAT, expect.any(Error))
  })
})

describe('after a reconnect, what may have been missed is fetched again', () => {
  it('signals user and trade changes and fetches chat after the last seen message', async () => {
    const t = createTestHub()
    const messages = [message(1, '2025-01-01T10:00:00.000Z')]
    t.http.respond(chatServer(messages))
    t.signIn()
    const a = t.addTab('a')
    for (const channel of [USER, TRADE, CHAT, NOTIFICATION]) t.hub.subscribe('a', channel)
    t.push.connected()
    t.push.event(CHAT, PUSH_EVENTS.MESSAGE_SENT, { message: messages[0] })
    a.clear()

    t.push.status(CONNECTION_STATUS.CONNECTING)
    messages.push(message(2, '2025-01-01T10:00:05.000Z'))
    t.push.connected()
    await vi.advanceTimersByTimeAsync(0)

    expect(a.events().map((e) => [e.channel, e.event, e.data])).toEqual([
      [USER, PUSH_EVENTS.USER_UPDATED, { user_id: 7 }],
      [TRADE, PUSH_EVENTS.TRADE_UPDATED, { user_id: 7 }],
      [CHAT, PUSH_EVENTS.MESSAGE_SENT, { message: messages[1] }],
    ])
    const refetch = t.http.to('/chat/messages')[0]
    expect(new URL(refetch?.url ?? '').searchParams.get('after')).toBe('2025-01-01T10:00:00.000Z')
  })

  it('does not refetch on the first connection: the tabs just loaded their data', async () => {
    const t = createTestHub()
    t.signIn()
    const a = t.addTab('a')
    t.hub.subscribe('a', USER)
    t.push.connected()
    await vi.advanceTimersByTimeAsync(0)
    expect(a.events()).toEqual([])
  })

  it('signals user and trade changes when their subscription is confirmed, the first one included', async () => {
    // An admin reactivating the account between the page loading the user and the channel going live published
    // into nothing: the confirmation is when events start to flow, so the tabs refetch then.
    const t = createTestHub()
    t.signIn()
    const a = t.addTab('a')
    const b = t.addTab('b')
    for (const channel of [USER, TRADE, NOTIFICATION]) t.hub.subscribe('a', channel)
    t.hub.subscribe('b', USER)
    t.push.connected()
    await vi.advanceTimersByTimeAsync(0)
    expect(a.events()).toEqual([])

    for (const channel of [USER, TRADE, NOTIFICATION]) t.push.options.onSubscribed?.(channel)
    expect(a.events().map((e) => [e.channel, e.event, e.data])).toEqual([
      [USER, PUSH_EVENTS.USER_UPDATED, { user_id: 7 }],
      [TRADE, PUSH_EVENTS.TRADE_UPDATED, { user_id: 7 }],
    ])
    expect(b.events().map((e) => [e.channel, e.event])).toEqual([[USER, PUSH_EVENTS.USER_UPDATED]])
  })
})

describe('when the server answers again during an outage, Pusher reconnects at once', () => {
  // pusher-js retries on its own schedule: after a server restart the page said 'Reconnecting...' ~11 s longer
  // than needed, while the price feed and the chat poll had already reached the server.
  it('reconnects Pusher when the price feed is back, at most once per 5 s, and never in a first connection', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', USER)
    t.hub.subscribePrices('a')
    // A session's first connection: the feed is up before Pusher, which is left to finish its own handshake.
    t.prices.options.onStatus(CONNECTION_STATUS.CONNECTED)
    expect(t.push.reconnects).toBe(0)
    t.push.connected()

    // The server goes away: both sockets retry.
    t.push.status(CONNECTION_STATUS.CONNECTING)
    t.prices.options.onStatus(CONNECTION_STATUS.CONNECTING, 'transport close')
    expect(t.push.reconnects).toBe(0)
    // It is back: the feed reconnects first, and Pusher is told to try now.
    t.prices.options.onStatus(CONNECTION_STATUS.CONNECTED)
    expect(t.push.reconnects).toBe(1)

    // The feed flapping again within 5 s does not cut Pusher's new attempt short...
    t.prices.options.onStatus(CONNECTION_STATUS.CONNECTING, 'transport close')
    t.prices.options.onStatus(CONNECTION_STATUS.CONNECTED)
    expect(t.push.reconnects).toBe(1)
    // ...later it does, while Pusher is still down.
    vi.advanceTimersByTime(5_000)
    t.prices.options.onStatus(CONNECTION_STATUS.CONNECTING, 'transport close')
    t.prices.options.onStatus(CONNECTION_STATUS.CONNECTED)
    expect(t.push.reconnects).toBe(2)

    // Pusher connected: the outage is over, and the feed's reconnects leave it alone.
    t.push.connected()
    vi.advanceTimersByTime(5_000)
    t.prices.options.onStatus(CONNECTION_STATUS.CONNECTING, 'transport close')
    t.prices.options.onStatus(CONNECTION_STATUS.CONNECTED)
    expect(t.push.reconnects).toBe(2)
  })

  it('reconnects Pusher when a chat poll gets an answer during the outage', async () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', CHAT)
    t.push.connected()
    await vi.advanceTimersByTimeAsync(0) // the visible tab's first heartbeat is answered
    // The server is gone: the polls reach nothing.
    t.http.respond(() => {
      throw new TypeError('Failed to fetch')
    })
    t.push.status(CONNECTION_STATUS.FAILED, 'Server unreachable')
    await vi.advanceTimersByTimeAsync(CHAT_MS)
    expect(t.http.to('/chat/messages').length).toBeGreaterThan(0)
    expect(t.push.reconnects).toBe(0)

    // Any answer, even an error status, says the server is reachable again.
    t.http.respond(() => ({ status: 503 }))
    await vi.advanceTimersByTimeAsync(CHAT_MS)
    expect(t.push.reconnects).toBe(1)
  })
})

describe('a tab that joins a channel another tab has already made live is caught up', () => {
  // No confirmation comes for it: the channel is live already. What was published between this tab asking for its
  // data and its subscription reaching the hub went to the other tabs only (decision 0030's second gap).
  it('gets the refetch signal of a user or trade channel, alone', async () => {
    const t = createTestHub()
    t.signIn()
    const a = t.addTab('a')
    for (const channel of [USER, TRADE, NOTIFICATION]) t.hub.subscribe('a', channel)
    t.push.connected()
    for (const channel of [USER, TRADE, NOTIFICATION]) t.push.options.onSubscribed?.(channel)
    await vi.advanceTimersByTimeAsync(0)
    a.clear()

    const b = t.addTab('b')
    for (const channel of [USER, TRADE, NOTIFICATION]) t.hub.subscribe('b', channel)
    await vi.advanceTimersByTimeAsync(0)
    expect(b.events().map((e) => [e.channel, e.event, e.data])).toEqual([
      [USER, PUSH_EVENTS.USER_UPDATED, { user_id: 7 }],
      [TRADE, PUSH_EVENTS.TRADE_UPDATED, { user_id: 7 }],
    ])
    expect(a.events()).toEqual([])
  })

  it("gets the conversation's newest page as message.sent, oldest first, without marking it delivered for the others", async () => {
    const t = createTestHub()
    t.signIn()
    const a = t.addTab('a')
    t.hub.subscribe('a', CHAT)
    t.push.connected()
    t.http.respond(chatServer([]))
    t.push.options.onSubscribed?.(CHAT)
    await vi.advanceTimersByTimeAsync(0)
    a.clear()

    // Support wrote twice before the second tab's subscription arrived; the socket's copy of the second is late.
    t.http.respond(
      chatServer([message(2, '2026-11-28T10:00:02.000Z'), message(1, '2026-11-28T10:00:01.000Z')]),
    )
    const b = t.addTab('b')
    t.hub.subscribe('b', CHAT)
    await vi.advanceTimersByTimeAsync(0)
    expect(
      b.events(PUSH_EVENTS.MESSAGE_SENT).map((e) => (e.data as { message: { id: number } }).message.id),
    ).toEqual([1, 2])
    expect(a.events()).toEqual([])

    // The socket delivers message 2 after all: every tab still gets it once from the hub (the joining tab merges
    // it by id with its catch-up copy).
    t.push.event(CHAT, PUSH_EVENTS.MESSAGE_SENT, { message: message(2, '2026-11-28T10:00:02.000Z') })
    expect(a.events(PUSH_EVENTS.MESSAGE_SENT)).toHaveLength(1)
    expect(b.events(PUSH_EVENTS.MESSAGE_SENT)).toHaveLength(3)
  })

  it('is not caught up while the channel is not live yet, nor after a reconnect has undone its confirmation', async () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', USER)
    t.push.connected()
    const b = t.addTab('b')
    t.hub.subscribe('b', USER)
    await vi.advanceTimersByTimeAsync(0)
    // Not confirmed yet: the confirmation to come signals both tabs.
    expect(b.events()).toEqual([])
    t.push.options.onSubscribed?.(USER)
    expect(b.events()).toHaveLength(1)

    // The connection drops and comes back: until pusher-js confirms again, a new tab waits for that confirmation.
    t.push.status(CONNECTION_STATUS.CONNECTING)
    t.push.connected()
    const c = t.addTab('c')
    t.hub.subscribe('c', USER)
    await vi.advanceTimersByTimeAsync(0)
    expect(c.events()).toEqual([])
  })
})

// @vitest-environment node
// Regressions found by the chat fault test (tests/integration/chat-survives-realtime-cuts-...): after a reconnect,
// (1) a message published before the channel's subscription was confirmed again reached neither the socket nor the
// catch-up poll; (2) a catch-up poll answering one page of a longer backlog left the rest behind once polling
// stopped; (3) a message delivered by the catch-up poll and then by the socket reached the tabs twice; (4) once the
// API's answers were compressed and so came a little later, a backlog's next page was asked for from the newest
// message the socket had brought meanwhile, and the rest of the backlog was skipped. And (e2e, under load): a message
// sent before the channel's first confirmation reached neither.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHANNELS, CONNECTION_STATUS, PUSH_EVENTS } from '../../../src/domain/contract/realtime'
import { createTestHub, type FetchCall } from './hub-test-kit'

const CHAT = CHANNELS.chatCustomer(7)
const PAGE = 2

const message = (id: number) => ({
  id,
  message: `hello ${id}`,
  created_at: new Date(Date.UTC(2025, 0, 1, 10, 0, id)).toISOString(),
})

/** The server's `after=`: inclusive, ascending, PAGE at a time, next_page_url when more remain. */
function chatServer(messages: ReturnType<typeof message>[]) {
  return (call: FetchCall) => {
    if (!call.path.startsWith('/chat/messages')) return undefined
    const after = new URL(call.url).searchParams.get('after')
    const from = messages.filter((m) => !after || m.created_at >= after)
    return {
      body: {
        data: from.slice(0, PAGE),
        next_page_url: from.length > PAGE ? `/api/v1/chat/messages?after=${after}&page=2` : null,
      },
    }
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function connectedHub(messages: ReturnType<typeof message>[]) {
  const t = createTestHub()
  t.http.respond(chatServer(messages))
  t.signIn()
  const tab = t.addTab('a')
  t.hub.subscribe('a', CHAT)
  t.push.connected()
  t.push.options.onSubscribed?.(CHAT)
  return {
    t,
    tab,
    ids: () =>
      tab.events(PUSH_EVENTS.MESSAGE_SENT).map((e) => (e.data as { message: { id: number } }).message.id),
  }
}

describe('chat after a reconnect', () => {
  it('fetches again once the subscription is confirmed, not only at connected', async () => {
    const messages = [message(1)]
    const { t, ids } = connectedHub(messages)
    await vi.advanceTimersByTimeAsync(0)
    t.push.event(CHAT, PUSH_EVENTS.MESSAGE_SENT, { message: messages[0] })
    // The first confirmation's poll.
    expect(t.http.to('/chat/messages')).toHaveLength(1)

    t.push.status(CONNECTION_STATUS.CONNECTING)
    t.push.connected()
    await vi.advanceTimersByTimeAsync(0)
    // Published after the catch-up poll read the database, before the subscription was back: no socket event.
    messages.push(message(2))
    t.push.options.onSubscribed?.(CHAT)
    await vi.advanceTimersByTimeAsync(0)

    expect(ids()).toEqual([1, 2])
    const polls = t.http.to('/chat/messages')
    expect(polls).toHaveLength(3)
    expect(new URL(polls[2]?.url ?? '').searchParams.get('after')).toBe(messages[0]?.created_at)
  })

  it('fetches at the first confirmation too: a message sent while the page loaded reaches its tabs', async () => {
    // Sent after the tab loaded the conversation, published before its subscription was confirmed: no socket event
    // (the admin console missed a customer's first message that way).
    const { t, ids } = connectedHub([message(1)])
    await vi.advanceTimersByTimeAsync(0)
    const polls = t.http.to('/chat/messages')
    expect(polls).toHaveLength(1)
    // Nothing seen yet: the newest page, which the tabs merge by id with what they loaded.
    expect(new URL(polls[0]?.url ?? '').searchParams.get('after')).toBeNull()
    expect(ids()).toEqual([1])
  })

  it('asks again after a poll in flight when another was wanted meanwhile', async () => {
    const messages = [message(1)]
    const { t, ids } = connectedHub(messages)
    t.push.event(CHAT, PUSH_EVENTS.MESSAGE_SENT, { message: messages[0] })
    t.push.status(CONNECTION_STATUS.CONNECTING)
    t.push.connected()
    // The subscription is confirmed while the catch-up poll is still on its way.
    t.push.options.onSubscribed?.(CHAT)
    messages.push(message(2))
    await vi.advanceTimersByTimeAsync(0)
    expect(t.http.to('/chat/messages')).toHaveLength(2)
    expect(ids()).toEqual([1, 2])
  })

  /** Message 1 came by the socket; 2 to 7 were sent while it was away (three pages); then it connects again. */
  function reconnectedWithBacklog() {
    const messages = [message(1)]
    const hub = connectedHub(messages)
    hub.t.push.event(CHAT, PUSH_EVENTS.MESSAGE_SENT, { message: messages[0] })
    hub.t.push.status(CONNECTION_STATUS.CONNECTING)
    for (let id = 2; id <= 7; id += 1) messages.push(message(id))
    hub.t.push.connected()
    return { ...hub, messages }
  }

  it('follows next_page_url until the backlog is fetched, although Pusher is connected again', async () => {
    const { t, ids } = reconnectedWithBacklog()
    await vi.advanceTimersByTimeAsync(0)
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(t.hub.getStatus().polling).toBe(false)
  })

  it('goes on through a backlog from the page it answered, though the socket brought a newer message meanwhile', async () => {
    const { t, ids, messages } = reconnectedWithBacklog()
    // The catch-up poll is on its way when the socket, subscribed again, delivers a message sent just now.
    messages.push(message(8))
    t.push.event(CHAT, PUSH_EVENTS.MESSAGE_SENT, { message: messages[7] })
    await vi.advanceTimersByTimeAsync(0)
    // Every message once: going on from the newest seen (8) skipped 4 to 7.
    expect([...ids()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    // No poll went on from the socket's message; the walk went page by page up to 7.
    const afters = t.http.to('/chat/messages').map((call) => new URL(call.url).searchParams.get('after'))
    expect(afters).not.toContain(messages[7]?.created_at)
    expect(afters.at(-1)).toBe(messages[6]?.created_at)
    expect(t.hub.getStatus().polling).toBe(false)
  })

  it('delivers a message once when the catch-up poll and the socket both bring it', async () => {
    const messages = [message(1)]
    const { t, tab, ids } = connectedHub(messages)
    t.push.event(CHAT, PUSH_EVENTS.MESSAGE_SENT, { message: messages[0] })
    t.push.status(CONNECTION_STATUS.CONNECTING)
    messages.push(message(2))
    t.push.connected()
    await vi.advanceTimersByTimeAsync(0)
    t.push.event(CHAT, PUSH_EVENTS.MESSAGE_SENT, { message: messages[1] })
    t.push.event(CHAT, PUSH_EVENTS.MESSAGE_SENT, { message: messages[1] })
    expect(ids()).toEqual([1, 2])
    // Other events are not affected.
    t.push.event(CHAT, PUSH_EVENTS.MESSAGE_READ, { message_id: 2 })
    t.push.event(CHAT, PUSH_EVENTS.MESSAGE_READ, { message_id: 2 })
    expect(tab.events(PUSH_EVENTS.MESSAGE_READ)).toHaveLength(2)
  })
})

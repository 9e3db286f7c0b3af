// @vitest-environment node
// A signed-out session's sockets are closed by the server before any session.revoked could reach them (decision
// 0033): the broker's pusher:error names the session, and the hub hands its user channel's tabs that event itself,
// so they check their session (401: signed out) rather than sit on a dead connection. The price socket presents the
// token the tabs hold at each handshake, so the feed can drop it too.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHANNELS, PUSH_EVENTS } from '../../../src/domain/contract/realtime'
import { endedSessionOf } from '../../../workers/realtime/transports/pusher-states'
import { TOKEN, createTestHub } from './hub-test-kit'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe("the broker's word that a session was signed out", () => {
  it('is a 4009 pusher:error that names the session; an Origin refusal or any other error is not', () => {
    const error = (data: object) => ({ type: 'PusherError', data })
    expect(endedSessionOf(error({ code: 4009, message: 'Session signed out', session_id: 42 }))).toBe(42)
    expect(
      endedSessionOf(error({ code: 4009, message: 'Origin https://x.example is not allowed' })),
    ).toBeUndefined()
    expect(
      endedSessionOf(error({ code: 4200, message: 'Server shutting down', session_id: 42 })),
    ).toBeUndefined()
    expect(endedSessionOf({ type: 'WebSocketError', error: { isTrusted: true } })).toBeUndefined()
    expect(endedSessionOf(undefined)).toBeUndefined()
  })
})

describe('the hub, when the broker ends its session', () => {
  it("tells the tabs on a user channel session.revoked, and no other channel's tabs", () => {
    const t = createTestHub()
    t.signIn()
    const account = t.addTab('account')
    const chat = t.addTab('chat')
    t.hub.subscribe('account', CHANNELS.user(7))
    t.hub.subscribe('chat', CHANNELS.chatCustomer(7))
    t.push.connected()

    t.push.options.onSessionEnded?.(42)

    expect(account.events(PUSH_EVENTS.SESSION_REVOKED)).toEqual([
      {
        type: 'event',
        channel: CHANNELS.user(7),
        event: PUSH_EVENTS.SESSION_REVOKED,
        data: { session_id: 42 },
      },
    ])
    expect(chat.events(PUSH_EVENTS.SESSION_REVOKED)).toEqual([])
  })

  it('ignores the word of a connection it has already replaced', () => {
    const t = createTestHub()
    t.signIn()
    const tab = t.addTab('a')
    t.hub.subscribe('a', CHANNELS.user(7))
    const replaced = t.push
    t.signIn('token-2')

    replaced.options.onSessionEnded?.(42)
    expect(tab.events(PUSH_EVENTS.SESSION_REVOKED)).toEqual([])
  })
})

describe('the price socket', () => {
  it('presents the token the tabs hold now at each handshake', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.hub.subscribePrices('a')
    const { token } = t.prices.options
    expect(token()).toBe(TOKEN)

    // Another sign-in while the socket stays open: its next handshake (a reconnect) carries the new token.
    t.signIn('token-2')
    expect(token()).toBe('token-2')
  })
})

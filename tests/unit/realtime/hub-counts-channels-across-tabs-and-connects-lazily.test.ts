// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHANNELS, CONNECTION_STATUS, PUSH_EVENTS } from '../../../src/domain/contract/realtime'
import { HUB_TIMINGS } from '../../../workers/realtime/hub'
import { API, ENDPOINTS, createTestHub } from './hub-test-kit'

const USER = CHANNELS.user(7)
const TRADE = CHANNELS.trade(7)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('one Pusher connection per browser, channels counted across tabs', () => {
  it('opens no connection until the first channel subscription arrives (docs/product/realtime.md#connection-status: lazily on first subscribe)', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.addTab('b')
    expect(t.pushes).toHaveLength(0)

    t.hub.subscribe('a', USER)
    expect(t.pushes).toHaveLength(1)
    expect(t.push.channels).toEqual(new Set([USER]))
  })

  it('shares one connection and one subscription when two tabs want the same channel', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.addTab('b')
    t.hub.subscribe('a', USER)
    t.hub.subscribe('b', USER)
    t.hub.subscribe('b', TRADE)

    expect(t.pushes).toHaveLength(1)
    expect(t.hub.inspect().channels).toEqual({ [USER]: 2, [TRADE]: 1 })
  })

  it('keeps the channel while one tab still wants it, and drops it when the last one leaves', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.addTab('b')
    t.hub.subscribe('a', USER)
    t.hub.subscribe('b', USER)

    t.hub.unsubscribe('a', USER)
    expect(t.push.channels.has(USER)).toBe(true)
    expect(t.hub.inspect().channels).toEqual({ [USER]: 1 })

    t.hub.unsubscribe('b', USER)
    expect(t.push.channels.has(USER)).toBe(false)
    expect(t.hub.inspect().channels).toEqual({})
  })

  it('counts a tab once however often it subscribes, and ignores unsubscribes it never made', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.addTab('b')
    t.hub.subscribe('a', USER)
    t.hub.subscribe('a', USER)
    t.hub.subscribe('b', USER)
    t.hub.unsubscribe('a', TRADE)
    t.hub.unsubscribe('a', USER)
    t.hub.unsubscribe('a', USER)

    expect(t.hub.inspect().channels).toEqual({ [USER]: 1 })
  })

  it('disconnects shortly after nobody needs the connection, so the server count falls within seconds', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', USER)
    const push = t.push

    t.hub.unsubscribe('a', USER)
    expect(push.disconnected).toBe(false)
    vi.advanceTimersByTime(HUB_TIMINGS.IDLE_DISCONNECT_MS)
    expect(push.disconnected).toBe(true)
    expect(t.hub.getStatus().status).toBe(CONNECTION_STATUS.DISCONNECTED)
  })

  it('keeps the connection when a channel is re-subscribed before the idle delay ends', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', USER)
    t.hub.unsubscribe('a', USER)
    t.hub.subscribe('a', USER)
    vi.advanceTimersByTime(HUB_TIMINGS.IDLE_DISCONNECT_MS * 5)

    expect(t.pushes).toHaveLength(1)
    expect(t.push.channels).toEqual(new Set([USER]))
  })

  it('disconnects when every tab has closed', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.addTab('b')
    t.hub.subscribe('a', USER)
    t.hub.subscribe('b', TRADE)
    t.hub.subscribePrices('b')
    const push = t.push
    const prices = t.prices

    t.hub.unregister('a')
    t.hub.unregister('b')
    vi.advanceTimersByTime(HUB_TIMINGS.IDLE_DISCONNECT_MS)

    expect(push.disconnected).toBe(true)
    expect(prices.disconnected).toBe(true)
    expect(t.hub.inspect()).toMatchObject({
      tabs: [],
      channels: {},
      pusher: { open: false },
      prices: { open: false },
    })
  })

  it('waits for a token before connecting, since the hub signs channels with it', () => {
    const t = createTestHub()
    t.hub.configure({ token: null, apiBaseUrl: API, realtime: ENDPOINTS })
    t.addTab('a')
    t.hub.subscribe('a', USER)
    t.hub.subscribePrices('a')
    expect(t.pushes).toHaveLength(0)
    expect(t.priceSockets).toHaveLength(0)

    t.signIn()
    expect(t.push.channels).toEqual(new Set([USER]))
    expect(t.priceSockets).toHaveLength(1)
  })

  it('points the sockets at the API origin when the settings omit the host', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', USER)
    t.hub.subscribePrices('a')

    expect(t.push.options).toMatchObject({
      key: 'app-key',
      cluster: 'mt1',
      wsHost: 'broker.example',
      wsPort: 443,
      forceTLS: true,
    })
    expect(t.prices.options).toMatchObject({ url: 'https://broker.example', apiKey: 'price-key' })
  })

  it('reconnects with a new token, and changes nothing for the same token handed in by another tab', () => {
    const t = createTestHub()
    t.signIn('token-1')
    t.addTab('a')
    t.hub.subscribe('a', USER)
    const first = t.push

    t.signIn('token-1')
    expect(first.disconnected).toBe(false)

    t.signIn('token-2')
    expect(first.disconnected).toBe(true)
    expect(t.pushes).toHaveLength(2)
    expect(t.push.channels).toEqual(new Set([USER]))
  })

  it('keeps the known endpoints when a tab that has not loaded the settings yet configures the hub', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', USER)
    const push = t.push

    t.hub.configure({ token: 'token-1', apiBaseUrl: '', realtime: null })
    expect(push.disconnected).toBe(false)
    expect(t.hub.inspect().pusher.open).toBe(true)
  })

  it('signs channels through POST /broadcasting/auth with the bearer token', async () => {
    const t = createTestHub()
    t.http.respond((call) =>
      call.path === '/broadcasting/auth' ? { body: { auth: 'app-key:abc' } } : undefined,
    )
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', USER)

    await expect(t.push.options.authorize(USER, '123.456')).resolves.toEqual({ auth: 'app-key:abc' })
    expect(t.http.to('/broadcasting/auth')[0]).toMatchObject({
      method: 'POST',
      headers: { Authorization: 'Bearer token-1' },
      body: { socket_id: '123.456', channel_name: USER },
    })
  })

  it('fails the authorisation on a refusal, and tells the tabs of that channel', async () => {
    const t = createTestHub()
    t.http.respond(() => ({ status: 403, body: { message: 'Forbidden' } }))
    t.signIn()
    const a = t.addTab('a')
    const b = t.addTab('b')
    t.hub.subscribe('a', USER)

    await expect(t.push.options.authorize(USER, '1.2')).rejects.toThrow(/403/)
    t.push.options.onSubscriptionError(USER, 'Forbidden')
    expect(a.of('channelError')).toEqual([{ type: 'channelError', channel: USER, message: 'Forbidden' }])
    expect(b.of('channelError')).toEqual([])
  })

  it('delivers a channel event to the tabs subscribed to that channel only', () => {
    const t = createTestHub()
    t.signIn()
    const a = t.addTab('a')
    const b = t.addTab('b')
    const c = t.addTab('c')
    t.hub.subscribe('a', USER)
    t.hub.subscribe('b', USER)
    t.hub.subscribe('c', TRADE)

    t.push.event(USER, PUSH_EVENTS.USER_UPDATED, { user_id: 7 })

    for (const tab of [a, b]) {
      expect(tab.events()).toEqual([
        { type: 'event', channel: USER, event: PUSH_EVENTS.USER_UPDATED, data: { user_id: 7 } },
      ])
    }
    expect(c.events()).toEqual([])
  })

  it('sign-out disconnects everything, clears every channel and tells every tab', () => {
    const t = createTestHub()
    t.signIn()
    const a = t.addTab('a')
    const b = t.addTab('b')
    t.hub.subscribe('a', USER)
    t.hub.subscribePrices('b')
    const push = t.push
    const prices = t.prices

    t.hub.signOut()

    expect(push.disconnected).toBe(true)
    expect(prices.disconnected).toBe(true)
    expect(t.hub.inspect()).toMatchObject({ channels: {}, heartbeat: false, polling: false })
    expect(a.of('signedOut')).toHaveLength(1)
    expect(b.of('signedOut')).toHaveLength(1)

    // Signing in again reconnects nothing until a tab asks for a channel: the old user's are gone.
    t.signIn('token-2')
    expect(t.pushes).toHaveLength(1)
  })

  it('reconnects both sockets when a tab reports the browser came back online', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', USER)
    t.hub.subscribePrices('a')

    t.hub.online()

    expect(t.push.reconnects).toBe(1)
    expect(t.prices.reconnects).toBe(1)
  })

  it('sends every newly registered tab the current status at once', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', USER)
    t.push.connected()

    const b = t.addTab('b')
    expect(b.of('status').at(-1)?.status).toMatchObject({
      status: CONNECTION_STATUS.CONNECTED,
      polling: false,
    })
  })
})

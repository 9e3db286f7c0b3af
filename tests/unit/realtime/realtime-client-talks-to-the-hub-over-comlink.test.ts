// @vitest-environment node
// The page client against the real hub API through a real MessageChannel and Comlink, as in the browser, with the
// hub's sockets faked. Node's MessagePort stands in for the SharedWorker's port.
import * as Comlink from 'comlink'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHANNELS, CONNECTION_STATUS, PUSH_EVENTS } from '../../../src/domain/contract/realtime'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { createRealtimeClient, type RealtimeClient } from '../../../src/lib/realtime-client'
import { createHubApi } from '../../../workers/realtime/api'
import { API, ENDPOINTS, TOKEN, createTestHub } from './hub-test-kit'

const USER = CHANNELS.user(7)
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function connect(options: { token?: string | null; visible?: boolean } = {}) {
  const t = createTestHub()
  const channel = new MessageChannel()
  Comlink.expose(createHubApi(t.hub), channel.port1)
  const window = new EventTarget()
  const document = Object.assign(new EventTarget(), {
    visibilityState: (options.visible ?? true) ? 'visible' : 'hidden',
  }) as EventTarget & { visibilityState: DocumentVisibilityState }
  const frames: (() => void)[] = []
  const heldLocks: string[] = []
  const locks = {
    request: (name: string, callback: () => Promise<void>) => {
      heldLocks.push(name)
      return callback()
    },
  } as unknown as LockManager
  let token = options.token === undefined ? TOKEN : options.token
  const client: RealtimeClient = createRealtimeClient(
    { getToken: () => token, apiBaseUrl: API, realtime: ENDPOINTS },
    {
      endpoint: channel.port2 as unknown as Comlink.Endpoint,
      mode: 'shared',
      window,
      document,
      locks,
      takePriceBatch: (taken) => frames.push(() => taken({ holdMs: 0, unwatchedHoldMs: 0 })),
      randomId: () => 'tab-1',
    },
  )
  cleanups.push(() => {
    client.close()
    channel.port1.close()
    channel.port2.close()
  })
  const paint = () => frames.splice(0).forEach((frame) => frame())
  return {
    t,
    client,
    window,
    document,
    heldLocks,
    paint,
    setToken: (next: string | null) => {
      token = next
    },
  }
}

describe('realtime client', () => {
  it('holds its tab lock, registers with the hub and hands over token, API base and endpoints', async () => {
    const { t, heldLocks } = connect()
    await vi.waitFor(() => expect(t.hub.inspect().tabs).toEqual([expect.objectContaining({ id: 'tab-1' })]))
    expect(heldLocks).toEqual(['tab:tab-1'])
    expect(t.locks.request).toHaveBeenCalledWith('tab:tab-1', expect.any(Function))
    await vi.waitFor(() => expect(t.http.to('/user/heartbeat')).toHaveLength(1))
  })

  it('routes channel events to the handlers of that event, and releases the channel with its last handler', async () => {
    const { t, client } = connect()
    const updated = vi.fn()
    const other = vi.fn()
    const stop = client.subscribe(USER, PUSH_EVENTS.USER_UPDATED, updated)
    const stopOther = client.subscribe(USER, PUSH_EVENTS.NOTIFICATION_MESSAGE, other)
    await vi.waitFor(() => expect(t.hub.inspect().channels).toEqual({ [USER]: 1 }))

    t.push.event(USER, PUSH_EVENTS.USER_UPDATED, { user_id: 7 })
    await vi.waitFor(() => expect(updated).toHaveBeenCalledWith({ user_id: 7 }))
    expect(other).not.toHaveBeenCalled()

    stop()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(t.hub.inspect().channels).toEqual({ [USER]: 1 })
    stopOther()
    await vi.waitFor(() => expect(t.hub.inspect().channels).toEqual({}))
  })

  it('hands a presence channel’s members to its handlers, at once to a later one, and releases the channel with the last', async () => {
    const { t, client } = connect()
    const online = 'presence-admin.online'
    const first = vi.fn()
    const stopFirst = client.subscribePresence(online, first)
    await vi.waitFor(() => expect(t.hub.inspect().channels).toEqual({ [online]: 1 }))
    t.push.connected()
    t.push.subscribed(online)
    const presence = { members: [{ id: '1', info: { name: 'Alice Admin', role: 'admin' } }], me: '1' }
    t.push.members(online, presence)
    await vi.waitFor(() => expect(first).toHaveBeenCalledWith(presence))

    const second = vi.fn()
    const stopSecond = client.subscribePresence(online, second)
    expect(second).toHaveBeenCalledWith(presence)

    stopFirst()
    stopSecond()
    await vi.waitFor(() => expect(t.hub.inspect().channels).toEqual({}))
  })

  it('does not bother the hub when a handler leaves and comes back in the same task (React effects)', async () => {
    const { t, client } = connect()
    const unsubscribe = vi.spyOn(t.hub, 'unsubscribe')
    const first = client.subscribe(USER, PUSH_EVENTS.USER_UPDATED, () => undefined)
    first()
    client.subscribe(USER, PUSH_EVENTS.USER_UPDATED, () => undefined)
    await vi.waitFor(() => expect(t.hub.inspect().channels).toEqual({ [USER]: 1 }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(unsubscribe).not.toHaveBeenCalled()
  })

  it('tells the hub which assets the page shows, once per task and only when the set changed', async () => {
    const { t, client } = connect()
    const watch = vi.spyOn(t.hub, 'watchPrices')
    const store = createLivePriceStore()
    client.watchPrices(store)
    const stopEur = store.subscribe('EURUSD', () => undefined)
    const stopBtc = store.subscribe('BTCUSD', () => undefined)
    await vi.waitFor(() => expect(watch).toHaveBeenCalledTimes(1))
    expect(watch).toHaveBeenLastCalledWith('tab-1', ['BTCUSD', 'EURUSD'])

    // A row that leaves and comes back in one task (React effects) changes nothing the hub hears.
    stopBtc()
    const stopBtcAgain = store.subscribe('BTCUSD', () => undefined)
    // A second listener of a watched asset is not news either.
    const stopEurAgain = store.subscribe('EURUSD', () => undefined)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(watch).toHaveBeenCalledTimes(1)

    stopBtcAgain()
    stopEur()
    await vi.waitFor(() => expect(watch).toHaveBeenLastCalledWith('tab-1', ['EURUSD']))
    stopEurAgain()
    await vi.waitFor(() => expect(watch).toHaveBeenLastCalledWith('tab-1', []))

    client.watchPrices(null)
    await vi.waitFor(() => expect(watch).toHaveBeenLastCalledWith('tab-1', null))
    store.subscribe('XAUUSD', () => undefined)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(watch).toHaveBeenLastCalledWith('tab-1', null)
  })

  it('acknowledges a price batch only after a paint, so batches merge while the tab does not paint', async () => {
    const { t, client, paint } = connect()
    const batches: unknown[] = []
    client.subscribePrices((ticks) => batches.push(ticks))
    await vi.waitFor(() => expect(t.priceSockets).toHaveLength(1))

    t.prices.update([{ id: 'EURUSD', price: 1.1 }])
    await vi.waitFor(() => expect(batches).toHaveLength(1))
    t.prices.update([{ id: 'EURUSD', price: 1.2 }])
    t.prices.update([{ id: 'EURUSD', price: 1.3 }])
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(batches).toHaveLength(1)

    paint()
    await vi.waitFor(() =>
      expect(batches).toEqual([[{ id: 'EURUSD', price: 1.1 }], [{ id: 'EURUSD', price: 1.3 }]]),
    )
  })

  it('reports the status at once and on change; toasts and the sound reach their listeners', async () => {
    const { t, client } = connect()
    const statuses: string[] = []
    const toasts = vi.fn()
    const sound = vi.fn()
    client.onStatus((status) => statuses.push(status.status))
    client.onToast(toasts)
    client.onPlaySound(sound)
    client.subscribe(CHANNELS.notification(7), PUSH_EVENTS.NOTIFICATION_MESSAGE, () => undefined)
    await vi.waitFor(() => expect(t.pushes).toHaveLength(1))

    t.push.connected()
    t.push.status(CONNECTION_STATUS.CONNECTING)
    t.push.event(CHANNELS.notification(7), PUSH_EVENTS.NOTIFICATION_MESSAGE, { id: 1 })
    await vi.waitFor(() => expect(sound).toHaveBeenCalledTimes(1))
    expect(statuses[0]).toBe(CONNECTION_STATUS.DISCONNECTED)
    expect(statuses).toContain(CONNECTION_STATUS.CONNECTED)
    expect(client.getStatus().status).toBe(CONNECTION_STATUS.CONNECTING)
    expect(toasts).toHaveBeenCalledWith({ kind: 'connecting', message: 'Reconnecting to server...' })
  })

  it('forwards visibility, focus, online and pagehide, which a worker cannot see', async () => {
    const { t, window, document } = connect()
    await vi.waitFor(() => expect(t.hub.inspect().tabs).toHaveLength(1))
    const reconnect = vi.spyOn(t.hub, 'online')
    const active = vi.spyOn(t.hub, 'markActive')

    document.visibilityState = 'hidden'
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(() => expect(t.hub.inspect().tabs[0]?.visible).toBe(false))
    window.dispatchEvent(new Event('focus'))
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(reconnect).toHaveBeenCalledTimes(1))
    expect(active).toHaveBeenCalledWith('tab-1')

    window.dispatchEvent(new Event('pagehide'))
    await vi.waitFor(() => expect(t.hub.inspect().tabs).toEqual([]))
  })

  it('comes back after a back/forward-cache restore with its subscriptions', async () => {
    const { t, client, window } = connect()
    client.subscribe(USER, PUSH_EVENTS.USER_UPDATED, () => undefined)
    await vi.waitFor(() => expect(t.hub.inspect().channels).toEqual({ [USER]: 1 }))
    window.dispatchEvent(new Event('pagehide'))
    await vi.waitFor(() => expect(t.hub.inspect().tabs).toEqual([]))

    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }))
    await vi.waitFor(() => expect(t.hub.inspect().channels).toEqual({ [USER]: 1 }))
  })

  it('passes a new token on, and on sign-out drops the channel handlers of the signed-out user', async () => {
    const { t, client } = connect()
    const handler = vi.fn()
    client.subscribe(USER, PUSH_EVENTS.USER_UPDATED, handler)
    await vi.waitFor(() => expect(t.pushes).toHaveLength(1))

    client.setToken('token-2')
    await vi.waitFor(() => expect(t.pushes).toHaveLength(2))

    client.signOut()
    await vi.waitFor(() => expect(t.hub.inspect()).toMatchObject({ channels: {}, pusher: { open: false } }))
    expect((await client.inspect()).tabs).toHaveLength(1)
  })
})

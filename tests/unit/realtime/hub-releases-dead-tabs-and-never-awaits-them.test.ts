// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHANNELS, PUSH_EVENTS } from '../../../src/domain/contract/realtime'
import { HUB_TIMINGS } from '../../../workers/realtime/hub'
import { createTestHub } from './hub-test-kit'

const USER = CHANNELS.user(7)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('tabs that die', () => {
  it('queues a Web Lock request for every tab that holds its lock', () => {
    const t = createTestHub()
    t.addTab('a')
    t.addTab('b', { lock: false })

    expect(t.locks.request).toHaveBeenCalledTimes(1)
    expect(t.locks.request.mock.calls[0]?.[0]).toBe('tab:a')
  })

  it("releases a closed tab's subscriptions when its lock is granted to the hub", async () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.addTab('b')
    t.hub.subscribe('a', USER)
    t.hub.subscribe('b', USER)
    t.hub.subscribePrices('a')

    t.locks.die('tab:a')
    await Promise.resolve()

    expect(t.hub.inspect().tabs.map((tab) => tab.id)).toEqual(['b'])
    expect(t.hub.inspect().channels).toEqual({ [USER]: 1 })

    t.locks.die('tab:b')
    vi.advanceTimersByTime(HUB_TIMINGS.IDLE_DISCONNECT_MS)
    expect(t.pushes.every((push) => push.disconnected)).toBe(true)
    expect(t.priceSockets.every((socket) => socket.disconnected)).toBe(true)
  })

  it('forgets a tab on pagehide, and a later lock grant for it changes nothing', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.addTab('b')
    t.hub.subscribe('a', USER)
    t.hub.subscribe('b', USER)

    t.hub.unregister('a')
    expect(t.hub.inspect().channels).toEqual({ [USER]: 1 })
    t.locks.die('tab:a')
    expect(t.hub.inspect().channels).toEqual({ [USER]: 1 })
  })

  it('takes a tab back with the same id after a back/forward-cache restore, without a second lock request', () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.hub.unregister('a')
    const again = t.addTab('a')
    t.hub.subscribe('a', USER)
    t.push.event(USER, PUSH_EVENTS.USER_UPDATED, { user_id: 7 })

    expect(again.events()).toHaveLength(1)
    expect(t.locks.request).toHaveBeenCalledTimes(1)
  })

  it('releases the old callback proxy when a tab registers again', () => {
    const t = createTestHub()
    const release = vi.fn()
    t.hub.register('a', vi.fn(), { visible: true, lock: false }, release)
    t.hub.register('a', vi.fn(), { visible: true, lock: false })
    expect(release).toHaveBeenCalledTimes(1)
  })
})

describe('the hub never waits for a tab', () => {
  it("delivers to every tab at once even when one tab's callback never settles or throws", () => {
    const t = createTestHub()
    t.signIn()
    const frozen = t.addTab('frozen', { sink: () => new Promise(() => {}) })
    const broken = t.addTab('broken', {
      sink: () => {
        throw new Error('port closed')
      },
    })
    const rejecting = t.addTab('rejecting', { sink: () => Promise.reject(new Error('handler threw')) })
    const healthy = t.addTab('healthy')
    for (const tab of [frozen, broken, rejecting, healthy]) t.hub.subscribe(tab.id, USER)

    // Synchronous on purpose: nothing between the event and the deliveries may be awaited.
    t.push.event(USER, PUSH_EVENTS.USER_UPDATED, { user_id: 7 })
    t.push.event(USER, PUSH_EVENTS.USER_UPDATED, { user_id: 7, updated_at: 'later' })

    expect(healthy.events()).toHaveLength(2)
    expect(frozen.events()).toHaveLength(2)
    expect(rejecting.events()).toHaveLength(2)
    expect(t.log.warn).toHaveBeenCalledWith('[realtime] tab callback failed', 'broken', expect.any(Error))
  })

  it("keeps serving other tabs while a dead tab's lock has not been granted yet", () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('dead', { sink: () => new Promise(() => {}) })
    const alive = t.addTab('alive')
    t.hub.subscribePrices('dead')
    t.hub.subscribePrices('alive')

    for (let batch = 0; batch < 3; batch += 1) {
      t.prices.update([{ id: 'EURUSD', price: 1 + batch }])
      t.hub.ackPrices('alive', alive.of('prices').at(-1)?.seq ?? -1)
    }
    expect(alive.of('prices')).toHaveLength(3)
  })
})

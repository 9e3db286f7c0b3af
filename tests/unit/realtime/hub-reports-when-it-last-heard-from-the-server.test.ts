// @vitest-environment node
// Decision 0021: the hub's status says when it last heard from the server (a price tick, a heartbeat's answer), so
// every tab can tell a live connection from a silent one; a busy feed sends one status per step, not one per batch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REALTIME_TIMINGS } from '../../../src/domain/contract/realtime'
import { HUB_TIMINGS } from '../../../workers/realtime/hub'
import { createTestHub } from './hub-test-kit'

const HEARTBEAT = '/user/heartbeat'
const T0 = Date.parse('2026-07-15T12:00:00Z')

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(T0)
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the last contact in the hub status', () => {
  it('stamps the first tick at once, then at most once per step however many batches arrive', async () => {
    const t = createTestHub()
    t.signIn()
    const tab = t.addTab('a', { visible: false })
    t.hub.subscribePrices('a')
    expect(t.hub.getStatus().lastTickAt).toBeNull()

    t.prices.update([{ id: 'btcusd', price: 1 }])
    expect(t.hub.getStatus().lastTickAt).toBe(T0)
    const statusesBefore = tab.of('status').length
    for (let i = 0; i < 40; i += 1) {
      await vi.advanceTimersByTimeAsync(100)
      t.prices.update([{ id: 'btcusd', price: 2 + i }])
    }
    expect(t.hub.getStatus().lastTickAt).toBe(T0)
    expect(tab.of('status').length).toBe(statusesBefore)

    await vi.advanceTimersByTimeAsync(HUB_TIMINGS.TICK_STAMP_STEP_MS)
    t.prices.update([{ id: 'btcusd', price: 99 }])
    expect(t.hub.getStatus().lastTickAt).toBe(Date.now())
    expect(tab.of('status').at(-1)?.status.lastTickAt).toBe(Date.now())
  })

  it('stamps each heartbeat the server answers, and none it refuses', async () => {
    const t = createTestHub()
    t.signIn()
    const tab = t.addTab('a')
    await vi.advanceTimersByTimeAsync(0)
    expect(t.http.to(HEARTBEAT)).toHaveLength(1)
    expect(tab.of('status').at(-1)?.status.lastHeartbeatAt).toBe(T0)

    t.http.respond((call) => (call.path === HEARTBEAT ? { status: 503 } : undefined))
    await vi.advanceTimersByTimeAsync(REALTIME_TIMINGS.HEARTBEAT_MS)
    expect(t.http.to(HEARTBEAT)).toHaveLength(2)
    expect(t.hub.getStatus().lastHeartbeatAt).toBe(T0)
  })

  it('beats at once when a tab says the browser is back online, and forgets the stamps on sign-out', async () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(t.http.to(HEARTBEAT)).toHaveLength(1)

    t.hub.online()
    await vi.advanceTimersByTimeAsync(0)
    expect(t.http.to(HEARTBEAT)).toHaveLength(2)
    expect(t.hub.getStatus().lastHeartbeatAt).toBe(T0 + 10_000)

    t.hub.signOut()
    expect(t.hub.getStatus()).toMatchObject({ lastTickAt: null, lastHeartbeatAt: null })
  })
})

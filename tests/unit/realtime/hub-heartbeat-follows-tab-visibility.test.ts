// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REALTIME_TIMINGS } from '../../../src/domain/contract/realtime'
import { HUB_TIMINGS } from '../../../workers/realtime/hub'
import { API, ENDPOINTS, createTestHub } from './hub-test-kit'

const HEARTBEAT = '/user/heartbeat'
const MINUTE = REALTIME_TIMINGS.HEARTBEAT_MS

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('heartbeat (docs/product/realtime.md#heartbeat: at once, every 60 s while visible, and on becoming visible)', () => {
  it('beats at once when the first visible tab registers with a token', async () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    await vi.advanceTimersByTimeAsync(0)

    expect(t.http.to(HEARTBEAT)).toHaveLength(1)
    expect(t.http.to(HEARTBEAT)[0]).toMatchObject({
      method: 'POST',
      url: `${API}${HEARTBEAT}`,
      headers: { Authorization: 'Bearer token-1' },
    })
  })

  it('beats at once when the token arrives after the tab', async () => {
    const t = createTestHub()
    t.addTab('a')
    await vi.advanceTimersByTimeAsync(MINUTE)
    expect(t.http.to(HEARTBEAT)).toHaveLength(0)

    t.signIn()
    await vi.advanceTimersByTimeAsync(0)
    expect(t.http.to(HEARTBEAT)).toHaveLength(1)
  })

  it('beats every 60 s while any tab is visible, once for the browser however many tabs', async () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a', { visible: true })
    t.addTab('b', { visible: false })
    t.addTab('c', { visible: false })
    await vi.advanceTimersByTimeAsync(MINUTE * 3)

    expect(t.http.to(HEARTBEAT)).toHaveLength(4)
  })

  it('sends nothing while every tab is hidden', async () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a', { visible: false })
    t.addTab('b', { visible: false })
    await vi.advanceTimersByTimeAsync(MINUTE * 5)
    expect(t.http.to(HEARTBEAT)).toHaveLength(0)
  })

  it('stops when the last visible tab hides and beats again when one becomes visible', async () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a', { visible: true })
    await vi.advanceTimersByTimeAsync(0)
    t.hub.setVisible('a', false)
    await vi.advanceTimersByTimeAsync(MINUTE * 3)
    expect(t.http.to(HEARTBEAT)).toHaveLength(1)

    t.hub.setVisible('a', true)
    await vi.advanceTimersByTimeAsync(0)
    expect(t.http.to(HEARTBEAT)).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(MINUTE)
    expect(t.http.to(HEARTBEAT)).toHaveLength(3)
  })

  it('beats when another tab becomes visible while one already is, and counts the minute from then', async () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a', { visible: true })
    t.addTab('b', { visible: false })
    await vi.advanceTimersByTimeAsync(30_000)
    expect(t.http.to(HEARTBEAT)).toHaveLength(1)

    t.hub.setVisible('b', true)
    await vi.advanceTimersByTimeAsync(0)
    expect(t.http.to(HEARTBEAT)).toHaveLength(2)

    // The old schedule (at 60 s) is replaced by one counted from the visibility change (at 90 s).
    await vi.advanceTimersByTimeAsync(MINUTE - 1)
    expect(t.http.to(HEARTBEAT)).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(t.http.to(HEARTBEAT)).toHaveLength(3)
  })

  it('does not beat twice in a row when tabs swap visibility within moments', async () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a', { visible: true })
    t.addTab('b', { visible: false })
    await vi.advanceTimersByTimeAsync(1_000)
    t.hub.setVisible('a', false)
    t.hub.setVisible('b', true)
    await vi.advanceTimersByTimeAsync(HUB_TIMINGS.HEARTBEAT_MIN_GAP_MS - 1_001)
    expect(t.http.to(HEARTBEAT)).toHaveLength(1)
  })

  it('beats at once for a new token (another user is online now)', async () => {
    const t = createTestHub()
    t.signIn('token-1')
    t.addTab('a')
    await vi.advanceTimersByTimeAsync(1_000)
    t.hub.configure({ token: 'token-2', apiBaseUrl: API, realtime: ENDPOINTS })
    await vi.advanceTimersByTimeAsync(0)

    expect(t.http.to(HEARTBEAT).map((call) => call.headers.Authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ])
  })

  it('stops on sign-out', async () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    await vi.advanceTimersByTimeAsync(0)
    t.hub.signOut()
    await vi.advanceTimersByTimeAsync(MINUTE * 3)
    expect(t.http.to(HEARTBEAT)).toHaveLength(1)
  })

  it('only logs a failed heartbeat (the route may not exist yet)', async () => {
    const t = createTestHub()
    t.http.respond(() => ({ status: 404 }))
    t.signIn()
    t.addTab('a')
    await vi.advanceTimersByTimeAsync(MINUTE)

    expect(t.http.to(HEARTBEAT)).toHaveLength(2)
    expect(t.log.warn).toHaveBeenCalledWith('[realtime] heartbeat failed', expect.stringContaining('404'))
  })
})

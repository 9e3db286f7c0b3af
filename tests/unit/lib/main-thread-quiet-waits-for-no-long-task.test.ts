import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { whenMainThreadQuiet } from '../../../src/lib/main-thread-quiet'
import { FakeLongTaskObserver } from '../support/fake-long-task-observer'

function track(promise: Promise<void>) {
  const state = { resolved: false }
  void promise.then(() => (state.resolved = true))
  return state
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
  vi.stubGlobal('PerformanceObserver', FakeLongTaskObserver)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('whenMainThreadQuiet', () => {
  it('resolves after quietMs when no long task runs, and stops observing', async () => {
    const quiet = track(whenMainThreadQuiet({ quietMs: 2_000, capMs: 20_000 }))
    await vi.advanceTimersByTimeAsync(1_999)
    expect(quiet.resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(quiet.resolved).toBe(true)
    expect(FakeLongTaskObserver.current?.disconnected).toBe(true)
  })

  it('counts the quiet from the end of the last long task', async () => {
    const quiet = track(whenMainThreadQuiet({ quietMs: 2_000, capMs: 20_000 }))
    await vi.advanceTimersByTimeAsync(1_500)
    const now = performance.now()
    FakeLongTaskObserver.current!.longTask(now - 100, 100, { delivered: true })
    await vi.advanceTimersByTimeAsync(1_999)
    expect(quiet.resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(quiet.resolved).toBe(true)
  })

  it('counts a long task the browser has not delivered yet when the timer comes due', async () => {
    const quiet = track(whenMainThreadQuiet({ quietMs: 2_000, capMs: 20_000 }))
    await vi.advanceTimersByTimeAsync(1_900)
    FakeLongTaskObserver.current!.longTask(performance.now() - 50, 50, { delivered: false })
    await vi.advanceTimersByTimeAsync(100)
    expect(quiet.resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1_900)
    expect(quiet.resolved).toBe(true)
  })

  it('resolves at capMs on a page that keeps running long tasks', async () => {
    const quiet = track(whenMainThreadQuiet({ quietMs: 2_000, capMs: 5_000 }))
    for (let elapsed = 0; elapsed < 4_500; elapsed += 500) {
      await vi.advanceTimersByTimeAsync(500)
      FakeLongTaskObserver.current!.longTask(performance.now() - 60, 60, { delivered: true })
    }
    expect(quiet.resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(500)
    expect(quiet.resolved).toBe(true)
  })

  it('waits quietMs where the browser reports no long tasks', async () => {
    vi.stubGlobal('PerformanceObserver', undefined)
    const quiet = track(whenMainThreadQuiet({ quietMs: 1_000, capMs: 20_000 }))
    await vi.advanceTimersByTimeAsync(999)
    expect(quiet.resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(quiet.resolved).toBe(true)
  })
})

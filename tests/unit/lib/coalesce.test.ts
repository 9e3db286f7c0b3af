import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { coalesce } from '../../../src/lib/coalesce'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('coalesce', () => {
  it('runs once for a burst of calls, after the delay, and again for a later burst', () => {
    const run = vi.fn()
    const refresh = coalesce(run, 50)
    for (let i = 0; i < 50; i += 1) refresh.call()
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(50)
    expect(run).toHaveBeenCalledTimes(1)

    refresh.call()
    vi.advanceTimersByTime(50)
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('drops a scheduled run when cancelled', () => {
    const run = vi.fn()
    const refresh = coalesce(run, 50)
    refresh.call()
    refresh.cancel()
    vi.advanceTimersByTime(100)
    expect(run).not.toHaveBeenCalled()
  })
})

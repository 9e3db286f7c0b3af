// @vitest-environment node
// The browser's `requestFrame` for price batches (src/lib/realtime-client.ts): a batch counts as taken after the next
// frame and no sooner than PRICE_BATCH_MIN_GAP_MS after it arrived, so the hub merges what comes in between and a tab
// paints at most ten price batches a second (docs/decisions/0043-the-signed-in-start-on-a-phone.md).
import { describe, expect, it } from 'vitest'
import { PRICE_BATCH_MIN_GAP_MS, frameNoSoonerThan } from '../../../src/lib/realtime-client'

function fakeClock() {
  let nowMs = 0
  const frames: (() => void)[] = []
  const timers: { atMs: number; callback: () => void }[] = []
  return {
    clock: {
      nowMs: () => nowMs,
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void, delayMs: number) => timers.push({ atMs: nowMs + delayMs, callback }),
    },
    /** Moves time on by `ms` and runs the timers that fall due. */
    advance(ms: number) {
      nowMs += ms
      for (const timer of timers.filter((timer) => timer.atMs <= nowMs)) {
        timers.splice(timers.indexOf(timer), 1)
        timer.callback()
      }
    },
    paint: () => frames.splice(0).forEach((frame) => frame()),
  }
}

describe('a price batch is taken after the next frame and no sooner than the gap', () => {
  it('is ten batches a second', () => {
    expect(PRICE_BATCH_MIN_GAP_MS).toBe(100)
  })

  it('waits out the rest of the gap when the frame comes early', () => {
    const { clock, advance, paint } = fakeClock()
    const taken: number[] = []
    frameNoSoonerThan(100, clock)(() => taken.push(clock.nowMs()))
    advance(16)
    paint()
    expect(taken).toEqual([])
    advance(83)
    expect(taken).toEqual([])
    advance(1)
    expect(taken).toEqual([100])
  })

  it('is taken at the frame when the frame comes after the gap', () => {
    const { clock, advance, paint } = fakeClock()
    const taken: number[] = []
    frameNoSoonerThan(100, clock)(() => taken.push(clock.nowMs()))
    advance(250)
    expect(taken).toEqual([])
    paint()
    expect(taken).toEqual([250])
  })

  it('is never taken while no frame comes (a hidden tab), however long it waits', () => {
    const { clock, advance } = fakeClock()
    const taken: number[] = []
    frameNoSoonerThan(100, clock)(() => taken.push(clock.nowMs()))
    advance(60_000)
    expect(taken).toEqual([])
  })
})

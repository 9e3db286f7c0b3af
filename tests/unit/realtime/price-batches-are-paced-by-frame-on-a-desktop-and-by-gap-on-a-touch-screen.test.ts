// @vitest-environment node
// The browser's `requestFrame` for price batches (src/lib/realtime-client.ts): on a desktop a batch counts as taken
// after the next frame, so a tick paints within a frame; on a touch screen PRICE_BATCH_MIN_GAP_MS after it arrived,
// without asking for a frame, so a phone takes at most ten batches a second and a batch that changes nothing on
// screen costs no frame (docs/decisions/0043-the-signed-in-start-on-a-phone.md). A hidden page takes nothing.
import { describe, expect, it } from 'vitest'
import { PRICE_BATCH_MIN_GAP_MS, pacePriceBatches } from '../../../src/lib/realtime-client'

function fakeBrowser(options: { touchScreen: boolean }) {
  let nowMs = 0
  let hidden = false
  const frames: (() => void)[] = []
  const timers: { atMs: number; callback: () => void }[] = []
  return {
    clock: {
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void, delayMs: number) => timers.push({ atMs: nowMs + delayMs, callback }),
      touchScreen: () => options.touchScreen,
      hidden: () => hidden,
    },
    now: () => nowMs,
    /** Moves time on by `ms` and runs the timers that fall due. */
    advance(ms: number) {
      nowMs += ms
      for (const timer of timers.filter((timer) => timer.atMs <= nowMs)) {
        timers.splice(timers.indexOf(timer), 1)
        timer.callback()
      }
    },
    paint: () => frames.splice(0).forEach((frame) => frame()),
    framesAsked: () => frames.length,
    hide: (value: boolean) => (hidden = value),
  }
}

describe('price batches on a touch screen', () => {
  it('are ten a second at the most', () => {
    expect(PRICE_BATCH_MIN_GAP_MS).toBe(100)
  })

  it('are taken the gap after they arrive, without asking for a frame', () => {
    const browser = fakeBrowser({ touchScreen: true })
    const taken: number[] = []
    pacePriceBatches(100, browser.clock)(() => taken.push(browser.now()))
    expect(browser.framesAsked()).toBe(0)
    browser.advance(99)
    expect(taken).toEqual([])
    browser.advance(1)
    expect(taken).toEqual([100])
    expect(browser.framesAsked()).toBe(0)
  })

  it('are not taken while the page is hidden, however long it waits, and are once it shows again', () => {
    const browser = fakeBrowser({ touchScreen: true })
    const taken: number[] = []
    const pace = pacePriceBatches(100, browser.clock)
    pace(() => taken.push(browser.now()))
    browser.hide(true)
    browser.advance(60_000)
    pace(() => taken.push(browser.now()))
    browser.advance(60_000)
    expect(taken).toEqual([])
    browser.hide(false)
    browser.paint()
    expect(taken).toEqual([120_000, 120_000])
  })
})

describe('price batches on a desktop', () => {
  it('are taken at the next frame, however soon it comes', () => {
    const browser = fakeBrowser({ touchScreen: false })
    const taken: number[] = []
    pacePriceBatches(100, browser.clock)(() => taken.push(browser.now()))
    browser.advance(16)
    expect(taken).toEqual([])
    browser.paint()
    expect(taken).toEqual([16])
  })

  it('are never taken while no frame comes (a hidden tab)', () => {
    const browser = fakeBrowser({ touchScreen: false })
    const taken: number[] = []
    pacePriceBatches(100, browser.clock)(() => taken.push(browser.now()))
    browser.advance(60_000)
    expect(taken).toEqual([])
  })
})

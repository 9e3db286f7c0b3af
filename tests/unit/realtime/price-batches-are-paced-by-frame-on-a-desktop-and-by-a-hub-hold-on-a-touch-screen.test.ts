// @vitest-environment node
// The browser's `takePriceBatch` (src/lib/realtime-client.ts): on a desktop a batch counts as taken after the next
// frame, with no hold, so a tick paints within a frame; on a touch screen at once, without asking for a frame, with
// a hold of PRICE_BATCH_MIN_GAP_MS that the hub keeps before the next batch (PRICE_UNWATCHED_GAP_MS when the batch
// has no asset the page shows), so a phone takes at most ten batches a second and its main thread has no timer to run
// between them (docs/decisions/0043-the-signed-in-start-on-a-phone.md). A hidden page takes nothing.
import { describe, expect, it } from 'vitest'
import type { PriceBatchHold } from '../../../workers/realtime/api'
import {
  PRICE_BATCH_MIN_GAP_MS,
  PRICE_UNWATCHED_GAP_MS,
  pacePriceBatches,
} from '../../../src/lib/realtime-client'

const PHONE_GAPS: PriceBatchHold = { holdMs: 100, unwatchedHoldMs: 1_000 }

function fakeBrowser(options: { touchScreen: boolean }) {
  let hidden = false
  const frames: (() => void)[] = []
  return {
    browser: {
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      touchScreen: () => options.touchScreen,
      hidden: () => hidden,
    },
    paint: () => frames.splice(0).forEach((frame) => frame()),
    framesAsked: () => frames.length,
    hide: (value: boolean) => (hidden = value),
  }
}

describe('price batches on a touch screen', () => {
  it('are ten a second at the most, and one a second for the assets the page does not show', () => {
    expect(PRICE_BATCH_MIN_GAP_MS).toBe(100)
    expect(PRICE_UNWATCHED_GAP_MS).toBe(1_000)
  })

  it('are taken at once, without asking for a frame, and ask the hub to hold the next for the gap', () => {
    const page = fakeBrowser({ touchScreen: true })
    const holds: PriceBatchHold[] = []
    pacePriceBatches(PHONE_GAPS, page.browser)((hold) => holds.push(hold))
    expect(holds).toEqual([PHONE_GAPS])
    expect(page.framesAsked()).toBe(0)
  })

  it('are not taken while the page is hidden, and are at its first frame once it shows again', () => {
    const page = fakeBrowser({ touchScreen: true })
    const holds: PriceBatchHold[] = []
    const pace = pacePriceBatches(PHONE_GAPS, page.browser)
    page.hide(true)
    pace((hold) => holds.push(hold))
    expect(holds).toEqual([])
    page.hide(false)
    page.paint()
    expect(holds).toEqual([PHONE_GAPS])
  })
})

describe('price batches on a desktop', () => {
  it('are taken at the next frame, with no hold', () => {
    const page = fakeBrowser({ touchScreen: false })
    const holds: PriceBatchHold[] = []
    pacePriceBatches(PHONE_GAPS, page.browser)((hold) => holds.push(hold))
    expect(holds).toEqual([])
    page.paint()
    expect(holds).toEqual([{ holdMs: 0, unwatchedHoldMs: 0 }])
  })

  it('are never taken while no frame comes (a hidden tab)', () => {
    const page = fakeBrowser({ touchScreen: false })
    const holds: PriceBatchHold[] = []
    pacePriceBatches(PHONE_GAPS, page.browser)((hold) => holds.push(hold))
    expect(page.framesAsked()).toBe(1)
    expect(holds).toEqual([])
  })
})

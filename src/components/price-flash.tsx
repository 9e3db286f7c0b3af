// The price flash of docs/product/trading-workspace.md#market-watch (rising green, falling red, cleared 2.2 s after
// the change) as a hook, and its non-colour cue: a triangle for the eye, named for screen readers, since colour is
// never the only signal.
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { PRICE_FLASH_MS } from '../domain/market/live-prices'
import type { LiveAsset } from '../lib/live-prices'

export type FlashDirection = 'up' | 'down'

/**
 * 'up' or 'down' for PRICE_FLASH_MS after each price change seen while mounted, else null. A change already in the
 * store when the row mounts (a search or tab switch remounts rows) does not flash: it is old news. Nor does one
 * made while `paused` (the row out of sight): a paused row keeps no timer, so it stays asleep until it is back on
 * screen. (It once kept flashing: each timer's render read the newest price, a new change, and set the next timer,
 * so every row out of sight woke every 2.2 s, all together; the tick benchmark showed a tab's prices stalling
 * 200-400 ms at that period.)
 */
export function usePriceFlash(live: LiveAsset | undefined, paused = false): FlashDirection | null {
  const changedAtMs = live?.changedAtMs ?? 0
  const [settledAtMs, setSettledAtMs] = useState(changedAtMs)
  // Derived state, set while rendering (React re-renders at once): going out of sight ends a flash, and coming
  // back shows the newest price as old news.
  const [pausedBefore, setPausedBefore] = useState(paused)
  if (paused !== pausedBefore) {
    setPausedBefore(paused)
    setSettledAtMs(changedAtMs)
  }
  useEffect(() => {
    if (paused || changedAtMs === settledAtMs) return
    // A newer change clears this timer (the effect re-runs), so the flash lasts 2.2 s after the latest change.
    const timer = setTimeout(() => setSettledAtMs(changedAtMs), PRICE_FLASH_MS)
    return () => clearTimeout(timer)
  }, [changedAtMs, settledAtMs, paused])
  return !paused && changedAtMs !== settledAtMs ? (live?.direction ?? null) : null
}

// A market watch row (the dashboard's Markets card and the workspace's Market Watch, decision 0040: one home for
// what both draw): its own paint layer, so a tick repaints this row only, and its price cells (`data-price`) tinted
// while the row flashes (`data-flash`, from usePriceFlash) — a steady tint for its 2.2 s, not a fade, since a fading
// background repaints every visible cell on every frame (tests/bench/README.md). Decision 0021: prices that are not
// live (an ancestor's `data-prices="stale"`: offline, or a stored copy) are muted and never flash.
export const priceFlashRow = css({
  position: 'relative',
  '&[data-flash=up] [data-price]': { color: 'gain', bg: 'gain.subtle' },
  '&[data-flash=down] [data-price]': { color: 'loss', bg: 'loss.subtle' },
  '[data-prices=stale] &': {
    '& [data-price]': { color: 'text.muted' },
    '&[data-flash] [data-price]': { color: 'text.muted', bg: 'transparent' },
    '& [data-direction] > span': { borderColor: 'transparent' },
  },
})

// Two triangles drawn with borders, both always in the DOM and stacked in one slot; only their colour changes with
// the direction (transparent when not shown). A flash starting or ending then repaints the slot and nothing else:
// swapping icon elements laid out the table ~70 times a second, and toggling an SVG's visibility made Chromium
// re-layerize the whole page each frame (tests/bench/README.md, the trace figures).
const cueBox = css({
  display: 'inline-grid',
  placeItems: 'center',
  w: '3',
  h: '3',
  flexShrink: 0,
  '& > span': {
    gridArea: '1 / 1',
    w: '0',
    h: '0',
    borderInlineWidth: '4px',
    borderColor: 'transparent',
  },
  '& > [data-arrow=up]': { borderBottomWidth: '6px' },
  '& > [data-arrow=down]': { borderTopWidth: '6px' },
  '&[data-direction=up] > [data-arrow=up]': { borderBottomColor: 'gain' },
  '&[data-direction=down] > [data-arrow=down]': { borderTopColor: 'loss' },
})

/**
 * A triangle, up or down, named 'price up' or 'price down' for assistive technology; an invisible, unnamed slot
 * when not flashing.
 */
export function PriceFlashCue(props: { direction: FlashDirection | null }) {
  const { direction } = props
  return (
    <span
      className={cueBox}
      data-direction={direction ?? undefined}
      role={direction ? 'img' : undefined}
      aria-label={direction ? (direction === 'up' ? 'price up' : 'price down') : undefined}
    >
      <span data-arrow="up" />
      <span data-arrow="down" />
    </span>
  )
}

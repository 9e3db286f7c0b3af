// The price flash of spec 4 (rising green, falling red, cleared 2.2 s after the change) as a hook, and its
// non-colour cue: an arrow for the eye and a word for screen readers, since colour is never the only signal.
import { ArrowDown, ArrowUp } from 'lucide-react'
import { useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { PRICE_FLASH_MS } from '../../../../domain/market/live-prices'
import type { LiveAsset } from '../../../../lib/live-prices'

export type FlashDirection = 'up' | 'down'

/**
 * 'up' or 'down' for PRICE_FLASH_MS after each price change seen while mounted, else null. A change already in the
 * store when the row mounts (a search or tab switch remounts rows) does not flash: it is old news.
 */
export function usePriceFlash(live: LiveAsset | undefined): FlashDirection | null {
  const changedAtMs = live?.changedAtMs ?? 0
  const [settledAtMs, setSettledAtMs] = useState(changedAtMs)
  useEffect(() => {
    if (changedAtMs === settledAtMs) return
    // A newer change clears this timer (the effect re-runs), so the flash lasts 2.2 s after the latest change.
    const timer = setTimeout(() => setSettledAtMs(changedAtMs), PRICE_FLASH_MS)
    return () => clearTimeout(timer)
  }, [changedAtMs, settledAtMs])
  return changedAtMs !== settledAtMs ? (live?.direction ?? null) : null
}

const cueBox = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '3',
  flexShrink: 0,
})
const cueColor = { up: css({ color: 'gain' }), down: css({ color: 'loss' }) }
const srOnly = css({ srOnly: true })

/** Arrow (hidden from assistive technology) plus visually hidden text; renders an empty slot when not flashing. */
export function PriceFlashCue(props: { direction: FlashDirection | null }) {
  const { direction } = props
  return (
    <span className={direction ? cx(cueBox, cueColor[direction]) : cueBox}>
      {direction === 'up' ? <ArrowUp size={12} aria-hidden="true" /> : null}
      {direction === 'down' ? <ArrowDown size={12} aria-hidden="true" /> : null}
      {direction ? <span className={srOnly}>{direction === 'up' ? 'price up' : 'price down'}</span> : null}
    </span>
  )
}

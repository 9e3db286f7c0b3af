// A part of a page that lies below a phone's first screen and loads its code late (decision 0043, eleventh pass):
// not while the page renders its first screen, whose paint would otherwise wait on the part's download and
// evaluation on a slow phone, but once the page's start is over, or as soon as the reader scrolls near it.
import { useEffect, useState, type RefObject } from 'react'
import { watchViewport } from './in-viewport'
import { whenMainThreadQuiet, type QuietOptions } from './main-thread-quiet'

/** How near the viewport (px) a waiting part starts to load: a scroll reaches it already loading. */
const NEAR_VIEWPORT_MARGIN_PX = 400

/**
 * Becomes true, once and for good, when the element that stands in for the part comes within
 * NEAR_VIEWPORT_MARGIN_PX of the viewport, or when the main thread has run no long task for `quietMs` (at the latest
 * `capMs` after the first render). The first check of either runs after the first paint, so the page's first screen
 * never waits for the part. Where IntersectionObserver is missing, the quiet moment alone decides.
 */
export function useWantedAfterStart(placeholder: RefObject<Element | null>, quiet: QuietOptions): boolean {
  const [wanted, setWanted] = useState(false)
  const { quietMs, capMs } = quiet
  useEffect(() => {
    if (wanted) return
    let live = true
    const want = () => {
      if (live) setWanted(true)
    }
    void whenMainThreadQuiet({ quietMs, capMs }).then(want)
    const element = placeholder.current
    const stopWatching = element
      ? watchViewport(element, (near) => near && want(), NEAR_VIEWPORT_MARGIN_PX)
      : null
    return () => {
      live = false
      stopWatching?.()
    }
  }, [wanted, placeholder, quietMs, capMs])
  return wanted
}

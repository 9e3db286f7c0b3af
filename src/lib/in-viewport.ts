// Whether an element is on screen, from one IntersectionObserver shared by every caller. Live rows use it to stop
// re-rendering for ticks nobody can see: a row scrolled out of its list, or in a sidebar hidden on phones.
import { useEffect, useState, type RefObject } from 'react'

type VisibilityListener = (visible: boolean) => void

const listeners = new Map<Element, VisibilityListener>()
let observer: IntersectionObserver | null = null
// The constructor the observer came from: a test that installs its own IntersectionObserver gets a fresh one.
let observerClass: typeof IntersectionObserver | null = null

function sharedObserver(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null
  if (observer && observerClass === IntersectionObserver) return observer
  observerClass = IntersectionObserver
  // A margin of a few rows, so a row scrolled into view is already live.
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting)
    },
    { rootMargin: '96px 0px' },
  )
  return observer
}

/**
 * True while the element is within (or near) the viewport, after clipping by scrolling ancestors. Starts true and
 * stays true where IntersectionObserver is missing, so nothing is ever hidden by mistake, only spared work.
 */
export function useInViewport(ref: RefObject<Element | null>): boolean {
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    const element = ref.current
    const io = sharedObserver()
    if (!element || !io) return
    listeners.set(element, setVisible)
    io.observe(element)
    return () => {
      io.unobserve(element)
      listeners.delete(element)
    }
  }, [ref])
  return visible
}

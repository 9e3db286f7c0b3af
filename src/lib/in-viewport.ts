// Whether an element is on screen (within a margin of the viewport, after clipping by scrolling ancestors), from one
// IntersectionObserver per margin shared by every caller: live rows that stop re-rendering for ticks nobody can see,
// the last item of a paged list that asks for the next page, a part that loads when the reader scrolls near it.
import { useEffect, useState, type RefObject } from 'react'

type VisibilityListener = (visible: boolean) => void

interface SharedObserver {
  observer: IntersectionObserver
  listeners: Map<Element, Set<VisibilityListener>>
}

const observersByMarginPx = new Map<number, SharedObserver>()
// The constructor the observers came from: a test that installs its own IntersectionObserver gets fresh ones.
let observerClass: typeof IntersectionObserver | null = null

function sharedObserver(marginPx: number): SharedObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null
  if (observerClass !== IntersectionObserver) {
    observersByMarginPx.clear()
    observerClass = IntersectionObserver
  }
  const existing = observersByMarginPx.get(marginPx)
  if (existing) return existing
  const listeners = new Map<Element, Set<VisibilityListener>>()
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries)
        listeners.get(entry.target)?.forEach((listener) => listener(entry.isIntersecting))
    },
    { rootMargin: `${marginPx}px 0px` },
  )
  const shared = { observer, listeners }
  observersByMarginPx.set(marginPx, shared)
  return shared
}

/**
 * Calls `listener` with whether the element is within `marginPx` of the viewport: once soon after the call, then at
 * each change. Returns the call that stops it, or null where IntersectionObserver is missing (the caller decides what
 * that means: a live row stays live, a paged list shows its first page).
 */
export function watchViewport(
  element: Element,
  listener: VisibilityListener,
  marginPx = 0,
): (() => void) | null {
  const shared = sharedObserver(marginPx)
  if (!shared) return null
  const forElement = shared.listeners.get(element) ?? new Set<VisibilityListener>()
  // A second watcher of the same element gets its first answer too: observe() reports only to a new target.
  const alreadyObserved = forElement.size > 0
  forElement.add(listener)
  shared.listeners.set(element, forElement)
  if (alreadyObserved) {
    shared.observer.unobserve(element)
  }
  shared.observer.observe(element)
  return () => {
    forElement.delete(listener)
    if (forElement.size > 0) return
    shared.listeners.delete(element)
    shared.observer.unobserve(element)
  }
}

/** A live row's margin (px): a few rows, so a row scrolled into view is already live. */
const LIVE_ROW_MARGIN_PX = 96

/**
 * True while the element is within (or near) the viewport. Starts true and stays true where IntersectionObserver is
 * missing, so nothing is ever hidden by mistake, only spared work.
 */
export function useInViewport(ref: RefObject<Element | null>): boolean {
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    return watchViewport(element, setVisible, LIVE_ROW_MARGIN_PX) ?? undefined
  }, [ref])
  return visible
}

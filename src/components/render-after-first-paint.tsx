import { startTransition, useEffect, useState, type ReactNode } from 'react'

/**
 * Its children render after the first paint of what surrounds them, in a transition (decision 0043): the router's
 * first render of a page is one synchronous task, a long one on a phone when the layout and the page render
 * together; a transition renders in slices of a few milliseconds, yielding to the browser between them, so the layout
 * paints first and no slice blocks input. Once shown, the children stay: a later render of the parent renders them
 * as usual, synchronously.
 */
export function RenderAfterFirstPaint(props: { children: ReactNode; fallback?: ReactNode }) {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    startTransition(() => setShown(true))
  }, [])
  return shown ? props.children : (props.fallback ?? null)
}

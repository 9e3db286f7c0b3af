import { useEffect, useRef, type Ref } from 'react'
import { css } from 'styled-system/css'
import { watchViewport } from '../../lib/in-viewport'
import { Spinner } from './spinner'

// The last item of an infinitely paged list: when it scrolls into view (of the viewport, as clipped by any
// scrolling ancestor) the list loads its next page, with a spinner while that page is on its way.

export interface LoadMoreSentinelProps {
  /** Called each time the sentinel comes into view; the caller skips it while a page is already loading. */
  onVisible: () => void
  /** A page is loading: the spinner shows, named by `label`. */
  busy: boolean
  label: string
  /** 'li' at the end of a <ul> (the default), 'div' elsewhere. */
  as?: 'li' | 'div'
}

const sentinel = css({ display: 'flex', justifyContent: 'center', py: '2' })

export function LoadMoreSentinel({ onVisible, busy, label, as: Element = 'li' }: LoadMoreSentinelProps) {
  const ref = useRef<HTMLElement>(null)
  const callback = useRef(onVisible)
  useEffect(() => {
    callback.current = onVisible
  })
  useEffect(() => {
    const element = ref.current
    if (!element) return
    return watchViewport(element, (visible) => visible && callback.current()) ?? undefined
  }, [])
  return (
    <Element
      ref={ref as Ref<HTMLLIElement & HTMLDivElement>}
      className={sentinel}
      aria-hidden={!busy}
      data-testid="load-more"
    >
      {busy ? <Spinner label={label} /> : null}
    </Element>
  )
}

// A CSS media query read from React: whether it matches now, re-rendering when that changes. For the parts that a
// layout leaves out rather than hides: a `display: none` subtree still renders, and on /mt4 it re-rendered on every
// price batch (docs/decisions/0043-the-signed-in-start-on-a-phone.md).
import { useSyncExternalStore } from 'react'

/** Panda's `md` breakpoint (panda.config.ts): from this width the desktop layouts apply. */
export const WIDE_LAYOUT_QUERY = '(min-width: 768px)'

const subscriptions = new Map<string, (onChange: () => void) => () => void>()

// One subscribe function per query, so useSyncExternalStore keeps its subscription across renders.
function subscribeTo(query: string) {
  let subscribe = subscriptions.get(query)
  if (!subscribe) {
    subscribe = (onChange) => {
      const list = globalThis.matchMedia?.(query)
      list?.addEventListener('change', onChange)
      return () => list?.removeEventListener('change', onChange)
    }
    subscriptions.set(query, subscribe)
  }
  return subscribe
}

/** Whether `query` matches; `fallback` where there is no matchMedia (jsdom, very old browsers) and on the server. */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  return useSyncExternalStore(
    subscribeTo(query),
    () => globalThis.matchMedia?.(query).matches ?? fallback,
    () => fallback,
  )
}

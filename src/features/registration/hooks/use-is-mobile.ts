import { useSyncExternalStore } from 'react'

// docs/product/site-and-gates.md#toasts-and-alert-boxes: the mobile breakpoint is 768 px (Panda's `md`); below it the
// sign-up pages use their mobile layout.
const MOBILE_QUERY = '(max-width: 767.98px)'

function subscribe(onChange: () => void) {
  const query = globalThis.matchMedia?.(MOBILE_QUERY)
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}

// jsdom and very old browsers have no matchMedia: they get the desktop layout.
const isMobileNow = () => globalThis.matchMedia?.(MOBILE_QUERY).matches ?? false

/** The parts that differ by layout beyond CSS (sign-in target, small logo, dismissable banner). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false)
}

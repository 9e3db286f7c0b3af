import { useMediaQuery } from '../../../lib/media-query'

// docs/product/site-and-gates.md#toasts-and-alert-boxes: the mobile breakpoint is 768 px (Panda's `md`); below it the
// sign-up pages use their mobile layout.
const MOBILE_QUERY = '(max-width: 767.98px)'

/**
 * The parts that differ by layout beyond CSS (sign-in target, small logo, dismissable banner). jsdom and very old
 * browsers have no matchMedia: they get the desktop layout.
 */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, false)
}

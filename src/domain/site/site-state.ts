// Which full-screen state the site gate shows (docs/product/site-and-gates.md#full-screen-states and
// #site-gate). Pure: the caller passes in what it knows.
import type { LeverageMap, SiteData, SiteSettings } from '../contract/site'
import { SITE_STATUS } from '../contract/site-constants'

export const DEFAULT_SITE_NAME = 'CFD Trader'

export type SiteGateState = 'splash' | 'unreachable' | 'disabled' | 'content'

export interface SiteGateInput {
  settings: SiteSettings | null
  initialized: boolean
  isLoading: boolean
  hasError: boolean
  /** The splash, once shown, runs to 100 % before content replaces it. */
  splashRunning: boolean
  /**
   * A signed-in admin, or the sign-in page itself: a disabled site stays open to the staff who must be able to
   * switch it back on from the back office (decision 0017). Customers still see Site Temporarily Disabled.
   */
  staffAccess?: boolean
}

export function siteGateState(input: SiteGateInput): SiteGateState {
  if ((input.isLoading && !input.initialized) || input.splashRunning) return 'splash'
  if (input.hasError) return 'unreachable'
  if (!input.settings) return 'unreachable'
  if (input.settings.status === SITE_STATUS.DISABLED && !input.staffAccess) return 'disabled'
  return 'content'
}

export const DEFAULT_MAINTENANCE_MESSAGE = 'This site is currently unavailable. Please check back later.'

export function maintenanceMessage(settings: Pick<SiteSettings, 'maintenanceMessage'> | null): string {
  const message = settings?.maintenanceMessage?.trim()
  return message ? message : DEFAULT_MAINTENANCE_MESSAGE
}

export const DEFAULT_LEVERAGE = 100

export const DEFAULT_LEVERAGE_MAP: LeverageMap = {
  cryptos: DEFAULT_LEVERAGE,
  stocks: DEFAULT_LEVERAGE,
  indices: DEFAULT_LEVERAGE,
  commodities: DEFAULT_LEVERAGE,
  metals: DEFAULT_LEVERAGE,
  forex: DEFAULT_LEVERAGE,
}

/** Leverage from the server replaces the defaults class by class, when present and sensible. */
export function leverageFromSiteData(data: SiteData | null | undefined): LeverageMap {
  const fromServer = data?.leverage ?? {}
  const merged = { ...DEFAULT_LEVERAGE_MAP }
  for (const key of Object.keys(merged) as (keyof LeverageMap)[]) {
    const value = fromServer[key]
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) merged[key] = value
  }
  return merged
}

/** docs/product/site-and-gates.md#splash: the splash bar goes 0 to 100 in 1 % steps every 30 ms. */
export const SPLASH_STEP_MS = 30
export const SPLASH_STEPS = 100

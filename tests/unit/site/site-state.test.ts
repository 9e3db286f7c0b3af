import { describe, expect, it } from 'vitest'
import type { SiteSettings } from '../../../src/domain/contract/site'
import {
  DEFAULT_LEVERAGE_MAP,
  leverageFromSiteData,
  maintenanceMessage,
  siteGateState,
} from '../../../src/domain/site/site-state'
import { isPublicPath, isSessionExpiryExempt } from '../../../src/domain/site/public-paths'

const settings = (patch: Partial<SiteSettings> = {}): SiteSettings => ({
  name: 'Broker',
  status: 'active',
  maintenanceMessage: null,
  contactEmail: null,
  website_url: null,
  logo: null,
  logo_sm: null,
  favicon: null,
  has_marketplace: true,
  r_page: 'basic',
  require_approval: true,
  header_text: null,
  footer_text: null,
  terms_url: null,
  privacy_url: null,
  risk_url: null,
  help_url: null,
  leverage: DEFAULT_LEVERAGE_MAP,
  ...patch,
})

describe('site gate states (docs/product/site-and-gates.md#site-gate)', () => {
  const base = { settings: null, initialized: false, isLoading: false, hasError: false, splashRunning: false }

  it('shows the splash while loading and not initialised', () => {
    expect(siteGateState({ ...base, isLoading: true })).toBe('splash')
  })
  it('keeps the splash until it has run to the end', () => {
    expect(siteGateState({ ...base, settings: settings(), initialized: true, splashRunning: true })).toBe(
      'splash',
    )
  })
  it('shows Site Unreachable on a fetch error', () => {
    expect(siteGateState({ ...base, initialized: true, hasError: true })).toBe('unreachable')
  })
  it('shows Site Unreachable when no settings came back', () => {
    expect(siteGateState({ ...base, initialized: true })).toBe('unreachable')
  })
  it("shows Site Temporarily Disabled for status 'disabled'", () => {
    expect(siteGateState({ ...base, initialized: true, settings: settings({ status: 'disabled' }) })).toBe(
      'disabled',
    )
  })
  it('shows content otherwise, and while a cached site refreshes', () => {
    expect(siteGateState({ ...base, initialized: true, settings: settings() })).toBe('content')
    // Staff (a signed-in admin, or the sign-in page) get through a disabled site to switch it back on.
    const disabled = settings({ status: 'disabled' })
    expect(siteGateState({ ...base, initialized: true, settings: disabled, staffAccess: true })).toBe(
      'content',
    )
    expect(siteGateState({ ...base, initialized: true, settings: disabled, staffAccess: false })).toBe(
      'disabled',
    )
    expect(siteGateState({ ...base, initialized: true, isLoading: true, settings: settings() })).toBe(
      'content',
    )
  })
})

describe('maintenance message', () => {
  it('uses the operator message, else the default sentence', () => {
    expect(maintenanceMessage({ maintenanceMessage: 'Back at 6 pm' })).toBe('Back at 6 pm')
    expect(maintenanceMessage({ maintenanceMessage: null })).toBe(
      'This site is currently unavailable. Please check back later.',
    )
    expect(maintenanceMessage({ maintenanceMessage: '   ' })).toBe(
      'This site is currently unavailable. Please check back later.',
    )
  })
})

describe('leverage from site data', () => {
  it('defaults every class to 100', () => {
    expect(leverageFromSiteData(undefined)).toEqual({
      cryptos: 100,
      stocks: 100,
      indices: 100,
      commodities: 100,
      metals: 100,
      forex: 100,
    })
  })
  it('takes the server values where present and sensible', () => {
    const merged = leverageFromSiteData({ leverage: { forex: 500, cryptos: 0, stocks: 20 } })
    expect(merged).toEqual({ ...DEFAULT_LEVERAGE_MAP, forex: 500, stocks: 20 })
  })
})

describe('public paths', () => {
  it("lists the seven public routes of docs/product/site-and-gates.md#full-screen-states and the mailed links' two pages", () => {
    for (const path of [
      '/register/country-residence',
      '/signup',
      '/',
      '/login',
      '/auto-login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/confirm-email',
    ])
      expect(isPublicPath(path)).toBe(true)
    expect(isPublicPath('/main/dashboard')).toBe(false)
  })
  it('spares only /, /login, /register and /forgot-password from the 401 rule', () => {
    expect(['/', '/login', '/register', '/forgot-password'].every(isSessionExpiryExempt)).toBe(true)
    expect(
      ['/signup', '/auto-login', '/register/country-residence', '/mt4'].some(isSessionExpiryExempt),
    ).toBe(false)
  })
})

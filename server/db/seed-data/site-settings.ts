// What a fresh site looks like. Stored settings are read merged over these, so a setting added to the code later
// has a value on sites seeded before it existed.
import type { SiteSettings } from '../../../src/domain/contract'

export type StoredSiteSettings = Omit<SiteSettings, 'realtime'>

export const DEFAULT_SITE_SETTINGS: StoredSiteSettings = {
  name: 'CFD Trader',
  status: 'active',
  maintenanceMessage: null,
  contactEmail: 'support@example.com',
  website_url: null,
  logo: null,
  logo_sm: null,
  favicon: '/favicon.svg',
  has_marketplace: true,
  r_page: 'basic',
  require_approval: true,
  header_text: null,
  footer_text: null,
  terms_url: '/legal/terms',
  privacy_url: '/legal/privacy',
  risk_url: '/legal/risk-disclosure',
  help_url: '/help',
  leverage: { cryptos: 100, stocks: 100, indices: 100, commodities: 100, metals: 100, forex: 100 },
}

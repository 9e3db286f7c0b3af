// A fresh site's settings (as server/db/seed-data/site-settings.ts seeds them), for the settings form's tests.
import type { SiteSettings } from '../../../src/domain/contract/site'

export const SITE_SETTINGS: SiteSettings = {
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

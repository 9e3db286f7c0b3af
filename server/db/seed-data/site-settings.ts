// What a fresh site looks like. Stored settings are read merged over these, so a setting added to the code later
// has a value on sites seeded before it existed.
import type { FundsSettings, SiteSettings } from '../../../src/domain/contract'

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

/**
 * The cashier's settings (decision 0019), stored in the same row under `funds` but never in the public GET /settings:
 * the broker's bank account for wires, the amount limits per method (USD) and the savings rate.
 */
export const DEFAULT_FUNDS_SETTINGS: FundsSettings = {
  bank: {
    beneficiary: 'Example Markets Ltd',
    bank_name: 'Example Bank plc',
    iban: 'GB33BUKB20201555555555',
    bic: 'BUKBGB22',
    bank_address: '1 Example Street, London EC2N 2DB, United Kingdom',
  },
  limits: {
    card: { min: 10, max: 10_000 },
    wire: { min: 100, max: 100_000 },
    withdrawal: { min: 10, max: 50_000 },
  },
  savings_apr_percent: 4.5,
}

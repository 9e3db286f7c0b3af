// Site settings and site data (spec sections 3 and 4, "Site"), in zod/mini: every page's root reads them before its
// first render (decision 0027). The back office's PATCH lives in ./admin-settings.
import * as z from 'zod/mini'
import { dataEnvelope } from './wire'

export const ASSET_CLASSES = ['cryptos', 'stocks', 'indices', 'commodities', 'metals', 'forex'] as const
export type AssetClass = (typeof ASSET_CLASSES)[number]

/** One numeric leverage per asset class; the spec defaults each to 100. */
const leverage = () => z.number().check(z.positive())
export const LeverageMapSchema = z.object({
  cryptos: leverage(),
  stocks: leverage(),
  indices: leverage(),
  commodities: leverage(),
  metals: leverage(),
  forex: leverage(),
})
export type LeverageMap = z.infer<typeof LeverageMapSchema>

export const SITE_STATUS = { ACTIVE: 'active', DISABLED: 'disabled' } as const

/** Register-page variants of spec 2.2; any other value falls back to the full form. */
export const R_PAGE = { BASIC: 'basic', IC: 'ic', TD: 'td' } as const

export const RealtimeEndpointsSchema = z.object({
  pusher: z.object({
    key: z.string(),
    host: z.optional(z.string()),
    port: z.optional(z.int()),
    forceTLS: z.optional(z.boolean()),
    cluster: z.string(),
  }),
  prices: z.object({ url: z.optional(z.string()), apiKey: z.string() }),
})
export type RealtimeEndpoints = z.infer<typeof RealtimeEndpointsSchema>

export const SiteSettingsSchema = z.object({
  name: z.string(),
  status: z.string(),
  maintenanceMessage: z.nullable(z.string()),
  contactEmail: z.nullable(z.string()),
  website_url: z.nullable(z.string()),
  logo: z.nullable(z.string()),
  logo_sm: z.nullable(z.string()),
  favicon: z.nullable(z.string()),
  has_marketplace: z.boolean(),
  r_page: z.string(),
  require_approval: z.boolean(),
  header_text: z.nullable(z.string()),
  footer_text: z.nullable(z.string()),
  terms_url: z.nullable(z.string()),
  privacy_url: z.nullable(z.string()),
  risk_url: z.nullable(z.string()),
  help_url: z.nullable(z.string()),
  leverage: LeverageMapSchema,
  realtime: z.optional(RealtimeEndpointsSchema),
})
export type SiteSettings = z.infer<typeof SiteSettingsSchema>
export const SiteSettingsResponseSchema = dataEnvelope(SiteSettingsSchema)

export const SiteDataSchema = z.looseObject({
  leverage: z.optional(z.partial(LeverageMapSchema)),
  server_time: z.optional(z.string()),
})
export type SiteData = z.infer<typeof SiteDataSchema>
export const SiteDataResponseSchema = dataEnvelope(SiteDataSchema)

/** Public: every open client refetches the settings on it (issue 14). Here, not with the back office's calls, so
 * the root route hears it without pulling the back office's schemas into the sign-in page's bundle. */
export const SITE_CHANNEL = 'site'
export const SITE_EVENTS = { SETTINGS_UPDATED: 'settings.updated' } as const

// Site settings and site data (docs/product/data-model.md#site-data and docs/product/site-and-gates.md#site-gate),
// in zod/mini: every page's root reads them before its first render (decision 0027). The back office's PATCH
// lives in ./admin-settings.
import * as z from 'zod/mini'
import { dataEnvelope } from './wire'

export {
  ASSET_CLASSES,
  type AssetClass,
  R_PAGE,
  SITE_CHANNEL,
  SITE_EVENTS,
  SITE_STATUS,
} from './site-constants'

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

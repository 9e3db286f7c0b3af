// Site settings and site data (spec sections 3 and 4, "Site").
import { z } from 'zod'
import { dataEnvelope, TextSchema } from './common'

export const ASSET_CLASSES = ['cryptos', 'stocks', 'indices', 'commodities', 'metals', 'forex'] as const
export type AssetClass = (typeof ASSET_CLASSES)[number]

/** One numeric leverage per asset class; the spec defaults each to 100. */
export const LeverageMapSchema = z.object({
  cryptos: z.number().positive(),
  stocks: z.number().positive(),
  indices: z.number().positive(),
  commodities: z.number().positive(),
  metals: z.number().positive(),
  forex: z.number().positive(),
})
export type LeverageMap = z.infer<typeof LeverageMapSchema>

export const SITE_STATUS = { ACTIVE: 'active', DISABLED: 'disabled' } as const

/** Register-page variants of spec 2.2; any other value falls back to the full form. */
export const R_PAGE = { BASIC: 'basic', IC: 'ic', TD: 'td' } as const

export const RealtimeEndpointsSchema = z.object({
  pusher: z.object({
    key: z.string(),
    host: z.string().optional(),
    port: z.number().int().optional(),
    forceTLS: z.boolean().optional(),
    cluster: z.string(),
  }),
  prices: z.object({ url: z.string().optional(), apiKey: z.string() }),
})
export type RealtimeEndpoints = z.infer<typeof RealtimeEndpointsSchema>

export const SiteSettingsSchema = z.object({
  name: z.string(),
  status: z.string(),
  maintenanceMessage: z.string().nullable(),
  contactEmail: z.string().nullable(),
  website_url: z.string().nullable(),
  logo: z.string().nullable(),
  logo_sm: z.string().nullable(),
  favicon: z.string().nullable(),
  has_marketplace: z.boolean(),
  r_page: z.string(),
  require_approval: z.boolean(),
  header_text: z.string().nullable(),
  footer_text: z.string().nullable(),
  terms_url: z.string().nullable(),
  privacy_url: z.string().nullable(),
  risk_url: z.string().nullable(),
  help_url: z.string().nullable(),
  leverage: LeverageMapSchema,
  realtime: RealtimeEndpointsSchema.optional(),
})
export type SiteSettings = z.infer<typeof SiteSettingsSchema>
export const SiteSettingsResponseSchema = dataEnvelope(SiteSettingsSchema)

/** Links are shown as hrefs: only http(s) URLs or same-site paths, never `javascript:` and the like. */
function isSafeLink(value: string): boolean {
  if (/^\/(?![/\\])/.test(value)) return true
  try {
    const protocol = new URL(value).protocol
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

const optionalUrl = TextSchema.max(2048)
  .refine(isSafeLink, { message: 'Must be an http(s) URL or a path starting with /' })
  .nullable()

/** PATCH /admin/settings: any subset of what an operator may change. */
export const SiteSettingsPatchSchema = z
  .object({
    name: TextSchema.trim().min(1, 'Site name is required').max(120),
    status: z.enum([SITE_STATUS.ACTIVE, SITE_STATUS.DISABLED], {
      message: "Status must be 'active' or 'disabled'",
    }),
    maintenanceMessage: TextSchema.trim().max(2000).nullable(),
    contactEmail: TextSchema.pipe(z.email({ message: 'Please enter a valid email address' })).nullable(),
    website_url: optionalUrl,
    logo: TextSchema.max(2048).nullable(),
    logo_sm: TextSchema.max(2048).nullable(),
    favicon: TextSchema.max(2048).nullable(),
    has_marketplace: z.boolean(),
    r_page: TextSchema.trim().min(1).max(20),
    require_approval: z.boolean(),
    header_text: TextSchema.max(2000).nullable(),
    footer_text: TextSchema.max(2000).nullable(),
    terms_url: optionalUrl,
    privacy_url: optionalUrl,
    risk_url: optionalUrl,
    help_url: optionalUrl,
    leverage: LeverageMapSchema.partial(),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, {
    message: 'Nothing to change',
    // Unknown keys are already reported; without this, `{ typo: 1 }` would also read as "nothing to change".
    when: (payload) => payload.issues.length === 0,
  })
export type SiteSettingsPatch = z.infer<typeof SiteSettingsPatchSchema>

export const SiteDataSchema = z
  .object({
    leverage: LeverageMapSchema.partial().optional(),
    server_time: z.string().optional(),
  })
  .passthrough()
export type SiteData = z.infer<typeof SiteDataSchema>
export const SiteDataResponseSchema = dataEnvelope(SiteDataSchema)

/** Public: every open client refetches the settings on it (issue 14). Here, not with the back office's calls, so
 * the root route hears it without pulling the back office's schemas into the sign-in page's bundle. */
export const SITE_CHANNEL = 'site'
export const SITE_EVENTS = { SETTINGS_UPDATED: 'settings.updated' } as const

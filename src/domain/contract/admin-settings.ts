// GET and PATCH /admin/settings: the site settings with what the public GET /settings leaves out (the funds settings,
// the legal pages' texts). Its own file, not funds.ts: the login route reads funds.ts's schemas (through the route
// tree's search schemas), and this one would bring the site and legal contracts along.
import { z } from 'zod'
import { dataEnvelope, TextSchema } from './common'
import { FundsSettingsPatchSchema, FundsSettingsSchema } from './funds-options'
import { LegalTextsPatchSchema, LegalTextsSchema } from './legal'
import { LeverageMapSchema, SITE_STATUS, SiteSettingsSchema } from './site'

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

const optionalUrl = z.nullable(
  TextSchema.check(
    z.maxLength(2048),
    z.refine(isSafeLink, { message: 'Must be an http(s) URL or a path starting with /' }),
  ),
)

/**
 * The leverage an operator may set per asset class: above 0, and at most 10,000 (beyond it the margin of a position
 * rounds toward no cents at all: trading without margin).
 */
export const MAX_LEVERAGE = 10_000
export const LeverageSettingSchema = z
  .number({ message: 'Leverage must be a number' })
  .positive('Leverage must be above 0')
  .max(MAX_LEVERAGE, `Leverage can be at most ${MAX_LEVERAGE.toLocaleString('en-US')}`)
const LeveragePatchSchema = z
  .object(
    Object.fromEntries(Object.keys(LeverageMapSchema.shape).map((name) => [name, LeverageSettingSchema])) as {
      [K in keyof typeof LeverageMapSchema.shape]: typeof LeverageSettingSchema
    },
  )
  .partial()

/** PATCH /admin/settings: any subset of what an operator may change. */
export const SiteSettingsPatchSchema = z
  .object({
    name: TextSchema.check(z.trim(), z.minLength(1, 'Site name is required'), z.maxLength(120)),
    status: z.enum([SITE_STATUS.ACTIVE, SITE_STATUS.DISABLED], {
      message: "Status must be 'active' or 'disabled'",
    }),
    maintenanceMessage: z.nullable(TextSchema.check(z.trim(), z.maxLength(2000))),
    contactEmail: z.nullable(z.pipe(TextSchema, z.email({ message: 'Please enter a valid email address' }))),
    website_url: optionalUrl,
    logo: z.nullable(TextSchema.check(z.maxLength(2048))),
    logo_sm: z.nullable(TextSchema.check(z.maxLength(2048))),
    favicon: z.nullable(TextSchema.check(z.maxLength(2048))),
    has_marketplace: z.boolean(),
    r_page: TextSchema.check(z.trim(), z.minLength(1), z.maxLength(20)),
    require_approval: z.boolean(),
    header_text: z.nullable(TextSchema.check(z.maxLength(2000))),
    footer_text: z.nullable(TextSchema.check(z.maxLength(2000))),
    terms_url: optionalUrl,
    privacy_url: optionalUrl,
    risk_url: optionalUrl,
    help_url: optionalUrl,
    leverage: LeveragePatchSchema,
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, {
    message: 'Nothing to change',
    // Unknown keys are already reported; without this, `{ typo: 1 }` would also read as "nothing to change".
    when: (payload) => payload.issues.length === 0,
  })
export type SiteSettingsPatch = z.infer<typeof SiteSettingsPatchSchema>

/**
 * GET /admin/settings, and PATCH /admin/settings's answer: the site settings with the funds settings and the legal
 * pages' texts that the public GET /settings leaves out.
 */
export const AdminSettingsSchema = z.object({
  ...SiteSettingsSchema.shape,
  funds: FundsSettingsSchema,
  legal: LegalTextsSchema,
})
export type AdminSettings = z.infer<typeof AdminSettingsSchema>
export const AdminSettingsResponseSchema = dataEnvelope(AdminSettingsSchema)
/**
 * PATCH /admin/settings: SiteSettingsPatchSchema's fields, `funds` (deep-merged over the stored ones) and `legal`
 * (the pages named are replaced).
 */
export const AdminSettingsPatchSchema = z
  .object({
    ...SiteSettingsPatchSchema.shape,
    funds: z.optional(FundsSettingsPatchSchema),
    legal: LegalTextsPatchSchema.optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, {
    message: 'Nothing to change',
    when: (payload) => payload.issues.length === 0,
  })
export type AdminSettingsPatch = z.infer<typeof AdminSettingsPatchSchema>

// GET and PATCH /admin/settings: the site settings with what the public GET /settings leaves out (the funds settings,
// the legal pages' texts). Its own file, not funds.ts: the login route reads funds.ts's schemas (through the route
// tree's search schemas), and this one would bring the site and legal contracts along.
import { z } from 'zod'
import { dataEnvelope } from './common'
import { FundsSettingsPatchSchema, FundsSettingsSchema } from './funds'
import { LegalTextsPatchSchema, LegalTextsSchema } from './legal'
import { SiteSettingsPatchSchema, SiteSettingsSchema } from './site'

/**
 * GET /admin/settings, and PATCH /admin/settings's answer: the site settings with the funds settings and the legal
 * pages' texts that the public GET /settings leaves out.
 */
export const AdminSettingsSchema = SiteSettingsSchema.extend({
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
    funds: FundsSettingsPatchSchema.optional(),
    legal: LegalTextsPatchSchema.optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, {
    message: 'Nothing to change',
    when: (payload) => payload.issues.length === 0,
  })
export type AdminSettingsPatch = z.infer<typeof AdminSettingsPatchSchema>

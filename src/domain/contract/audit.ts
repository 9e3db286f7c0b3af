// The back office's audit log (decision 0017): who changed what, before and after, and why.
import { z } from 'zod'
import { PageMetaSchema, PageSchema } from './back-office-common'
import { SerialIdSchema, TextSchema } from './common'

export { AUDIT_ACTIONS, type AuditAction } from '../back-office/codes'

export const AuditQuerySchema = z.object({
  user_id: z.optional(SerialIdSchema),
  actor_id: z.optional(SerialIdSchema),
  action: z.optional(TextSchema.check(z.trim(), z.maxLength(60))),
  page: PageSchema.optional(),
})
export const AuditEventSchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  target_user_id: z.number().int().nullable(),
  target_name: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
})
export type AuditEvent = z.infer<typeof AuditEventSchema>
export const AuditResponseSchema = z.object({ data: z.array(AuditEventSchema), meta: PageMetaSchema })

// The mail outbox, for admins (decision 0020): what the server mailed while no SMTP_URL is set.
import { z } from 'zod'
import { IsoTimeSchema } from './account-common'
import { PageMetaSchema } from './back-office-common'
import { dataEnvelope, SerialIdSchema } from './common'

export const MAIL_KINDS = {
  PASSWORD_RESET: 'password_reset',
  EMAIL_CHANGE: 'email_change',
  EMAIL_CHANGED: 'email_changed',
  PASSWORD_CHANGED: 'password_changed',
  NEW_DEVICE_SIGN_IN: 'new_device_sign_in',
  WITHDRAWAL_STATUS: 'withdrawal_status',
} as const
export type MailKind = (typeof MAIL_KINDS)[keyof typeof MAIL_KINDS]

export const OutboxQuerySchema = z.object({
  page: z.coerce.number({ message: 'The page must be a number' }).int().min(1).max(100_000).optional(),
})
export const OutboxMailSummarySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  created_at: IsoTimeSchema,
})
export const OutboxMailSchema = OutboxMailSummarySchema.extend({
  text: z.string(),
  html: z.string().nullable(),
})
export type OutboxMail = z.infer<typeof OutboxMailSchema>
/** GET /admin/outbox?page=: newest first, ADMIN_PAGE_SIZE a page. Empty when SMTP_URL sends real mail. */
export const OutboxResponseSchema = z.object({ data: z.array(OutboxMailSummarySchema), meta: PageMetaSchema })
/** GET /admin/outbox/{id}. */
export const OutboxMailResponseSchema = dataEnvelope(OutboxMailSchema)
export const OutboxParamsSchema = z.object({ id: SerialIdSchema })

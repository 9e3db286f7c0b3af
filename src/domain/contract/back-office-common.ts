// What several of the back office's contracts share (decision 0017): the page size, a page number and a list's
// meta, a reason staff give, and what a pending or deactivated account may still call.
import { z } from 'zod'
import { TextSchema } from './common'

/** Back-office lists are paged by this many rows. */
export const ADMIN_PAGE_SIZE = 25
export const PageSchema = z.coerce.number({ message: 'The page must be a number' }).int().min(1).max(100_000)

export const PageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
})
export type PageMeta = z.infer<typeof PageMetaSchema>

/** What a pending or deactivated account may still call (everything else answers 403 with the gate's text). */
export const ACCOUNT_STATUS_MESSAGES = {
  pending: 'Your account is awaiting approval from the Client Management Team',
  deactivated: 'Your account is currently disabled, please contact support.',
} as const

export const ReasonSchema = TextSchema.check(
  z.trim(),
  z.maxLength(500, 'The reason must be at most 500 characters'),
)
export const REASON_REQUIRED = 'A reason is required.'

// A reason an admin gives (deactivating an account, rejecting a request): required, because the customer or the
// audit log reads it, and at most what the server keeps.
import { z } from 'zod'
import { REASON_REQUIRED } from '../contract/back-office-common'

export const REASON_MAX_LENGTH = 500

export const ReasonFormSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, REASON_REQUIRED)
    .max(REASON_MAX_LENGTH, `The reason must be at most ${REASON_MAX_LENGTH} characters`),
})
export type ReasonForm = z.infer<typeof ReasonFormSchema>

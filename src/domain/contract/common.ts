// The wire shapes every API answer shares. Client, worker and server import these; nothing here may
// import anything but zod.
import { z } from 'zod'

/** The one error envelope of the API: a sentence for people, and per-field messages for forms. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ApiError = z.infer<typeof ApiErrorSchema>

/** Spec section 7 reads most answers as `data.data`: the body is `{ data: T }`. */
export const dataEnvelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema })

export const API_PREFIX = '/api/v1' as const

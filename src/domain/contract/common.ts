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

// ---- what every request may carry -------------------------------------------------------------------------------

/**
 * Text no field may hold (decision 0018): U+0000, which PostgreSQL's text and jsonb cannot store, and a UTF-16
 * surrogate without its other half, which is no character at all and has no UTF-8 form (a cut emoji). One rule for
 * every text field a client sends: refused with this message, never stripped, so what is stored is what was sent.
 */
export const TEXT_MESSAGES = {
  UNSTORABLE: 'This text contains a character that cannot be stored (a NUL or a broken emoji); remove it.',
} as const

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** False for text holding a NUL or an unpaired surrogate (String.prototype.isWellFormed is too new for the page). */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text)
}

/** The rule as a zod check, for a string that needs its own type message: `z.string({ message }).check(storableText)`. */
export const storableText = z.refine<string>(isStorableText, { message: TEXT_MESSAGES.UNSTORABLE })

/** The base of every text field in a request body, query or path: `TextSchema.trim().max(100)`. */
export const TextSchema = z.string().check(storableText)

/** Postgres int4 (serial): a bigger id cannot name a row and would fail inside the query. */
export const MAX_SERIAL_ID = 2_147_483_647
/** Postgres int8 (bigserial) ids as JavaScript numbers hold them: whole numbers up to 2^53 - 1. */
export const MAX_BIG_SERIAL_ID = Number.MAX_SAFE_INTEGER

/** An id in a path or query string: digits, a whole number from 1 to MAX_SERIAL_ID. */
export const SerialIdSchema = z.coerce
  .number({ message: 'The id must be a number' })
  .int('The id must be a whole number')
  .positive('The id must be positive')
  .max(MAX_SERIAL_ID, 'The id is too large')

/** An id in a JSON body: a number (never a string), a whole one, from 1 to `max`. */
export const serialIdNumber = (message = 'The id must be a number', max = MAX_SERIAL_ID) =>
  z
    .number({ message })
    .int('The id must be a whole number')
    .positive('The id must be positive')
    .max(max, 'The id is too large')

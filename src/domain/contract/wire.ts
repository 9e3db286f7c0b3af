// The wire shapes every API answer shares, written with zod/mini (decision 0027). The sign-in page and the root of
// every page parse with these before anything else loads: zod/mini's functions tree-shake to the few checks a
// schema uses, where classic zod's methods bring the whole library (25 KB gzip) with the first schema. Classic
// contracts import these too (through ./common); both APIs share zod's one core, so a schema from either nests in
// the other. Nothing here may import anything but zod/mini.
import * as z from 'zod/mini'

/** The one error envelope of the API: a sentence for people, and per-field messages for forms. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
})
export type ApiError = z.infer<typeof ApiErrorSchema>

/** Spec section 7 reads most answers as `data.data`: the body is `{ data: T }`. */
export const dataEnvelope = <T extends z.core.$ZodType>(schema: T) => z.object({ data: schema })

export const API_PREFIX = '/api/v1' as const

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

/** The base of every text field a zod/mini contract reads from a request: common.ts's TextSchema, in zod/mini. */
export const StorableTextSchema = z.string().check(storableText)

/** Postgres int4 (serial): a bigger id cannot name a row and would fail inside the query. */
export const MAX_SERIAL_ID = 2_147_483_647

/**
 * An id in a path or query string: digits, a whole number from 1 to MAX_SERIAL_ID. Here, in zod/mini, because the
 * route tree reads ids from URLs before the first render; classic contracts nest it as any other schema.
 */
export const SerialIdSchema = z.coerce
  .number({ message: 'The id must be a number' })
  .check(
    z.int('The id must be a whole number'),
    z.positive('The id must be positive'),
    z.maximum(MAX_SERIAL_ID, 'The id is too large'),
  )

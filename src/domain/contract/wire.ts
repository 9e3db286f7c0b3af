// The wire shapes every API answer shares, written with zod/mini (decision 0027). The sign-in page and the root of
// every page parse with these before anything else loads: zod/mini's functions tree-shake to the few checks a
// schema uses, where classic zod's methods bring the whole library (25 KB gzip) with the first schema. Classic
// contracts import these too (through ./common); both APIs share zod's one core, so a schema from either nests in
// the other. Nothing here may import anything but zod/mini.
import * as z from 'zod/mini'
import { isStorableText, MAX_SERIAL_ID, TEXT_MESSAGES } from './wire-rules'

export {
  API_PREFIX,
  DATE_MESSAGES,
  DATE_RANGE,
  isCalendarDay,
  isDayInRange,
  isStorableText,
  isStorableTimestamp,
  MAX_SERIAL_ID,
  TEXT_MESSAGES,
} from './wire-rules'

/** The one error envelope of the API: a sentence for people, and per-field messages for forms. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
})
export type ApiError = z.infer<typeof ApiErrorSchema>

/** docs/product/api.md#calls reads most answers as `data.data`: the body is `{ data: T }`. */
export const dataEnvelope = <T extends z.core.$ZodType>(schema: T) => z.object({ data: schema })

/** The rule as a zod check, for a string that needs its own type message: `z.string({ message }).check(storableText)`. */
export const storableText = z.refine<string>(isStorableText, { message: TEXT_MESSAGES.UNSTORABLE })

/** The base of every text field a zod/mini contract reads from a request: common.ts's TextSchema, in zod/mini. */
export const StorableTextSchema = z.string().check(storableText)

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

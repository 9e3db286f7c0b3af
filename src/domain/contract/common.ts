// What classic contracts build their request fields from (the text rule, ids), and the wire basics of ./wire
// re-exported. Client, worker and server import these; nothing here may import anything but zod and ./wire.
import { z } from 'zod'
import { MAX_SERIAL_ID, storableText } from './wire'

export {
  API_PREFIX,
  ApiErrorSchema,
  dataEnvelope,
  isStorableText,
  MAX_SERIAL_ID,
  SerialIdSchema,
  storableText,
  TEXT_MESSAGES,
  type ApiError,
} from './wire'

/** The base of every text field in a request body, query or path: `TextSchema.trim().max(100)`. */
export const TextSchema = z.string().check(storableText)

/** Postgres int8 (bigserial) ids as JavaScript numbers hold them: whole numbers up to 2^53 - 1. */
export const MAX_BIG_SERIAL_ID = Number.MAX_SAFE_INTEGER

/** An id in a JSON body: a number (never a string), a whole one, from 1 to `max`. */
export const serialIdNumber = (message = 'The id must be a number', max = MAX_SERIAL_ID) =>
  z
    .number({ message })
    .int('The id must be a whole number')
    .positive('The id must be positive')
    .max(max, 'The id is too large')

// What the contracts build their request fields from (the text rule, ids, days, timestamps and amounts of money),
// and the wire basics of ./wire re-exported. Client, worker and server import these; nothing here may import
// anything but zod/mini, ./wire and ./zod-messages. The bounds are the database's (decision 0033): a value a schema
// accepts is one every column and comparison takes, on PGlite and PostgreSQL alike. In zod/mini, as the contracts of
// the signed-in start that build on it (decision 0043); classic contracts nest these as any other schema and add
// checks with `.check(z.trim(), z.maxLength(100))`.
import * as z from 'zod/mini'
import {
  DATE_MESSAGES,
  isCalendarDay,
  isDayInRange,
  isStorableTimestamp,
  MAX_SERIAL_ID,
  storableText,
} from './wire'
import './zod-messages'

export {
  API_PREFIX,
  ApiErrorSchema,
  DATE_MESSAGES,
  DATE_RANGE,
  dataEnvelope,
  isCalendarDay,
  isDayInRange,
  isStorableText,
  isStorableTimestamp,
  MAX_SERIAL_ID,
  SerialIdSchema,
  storableText,
  TEXT_MESSAGES,
  type ApiError,
} from './wire'

/** The base of every text field in a request body, query or path: `TextSchema.check(z.trim(), z.maxLength(100))`. */
export const TextSchema = z.string().check(storableText)

/** Postgres int8 (bigserial) ids as JavaScript numbers hold them: whole numbers up to 2^53 - 1. */
export const MAX_BIG_SERIAL_ID = Number.MAX_SAFE_INTEGER

/** An id in a JSON body: a number (never a string), a whole one, from 1 to `max`. */
export const serialIdNumber = (message = 'The id must be a number', max = MAX_SERIAL_ID) =>
  z
    .number({ message })
    .check(
      z.int('The id must be a whole number'),
      z.positive('The id must be positive'),
      z.maximum(max, 'The id is too large'),
    )

// ---- days and timestamps ---------------------------------------------------------------------------------------

/**
 * A day, YYYY-MM-DD, that exists and lies within DATE_RANGE. `messages` are the field's own words for a wrong
 * format and a day that does not exist; `base` is the text schema it refines (`TextSchema.check(z.trim())` for a form
 * field).
 */
export const boundedDay = (
  messages: { format: string; notADay: string },
  base: z.ZodMiniType<string, string> = TextSchema,
) =>
  base.check(
    z.refine((text) => /^\d{4}-\d{2}-\d{2}$/.test(text), { message: messages.format, abort: true }),
    z.refine(isCalendarDay, { message: messages.notADay, abort: true }),
    z.refine(isDayInRange, DATE_MESSAGES.OUT_OF_RANGE),
  )

/** A day in a query string (a filter's first or last day). */
export const BoundedDateSchema = boundedDay({
  format: 'Dates are YYYY-MM-DD',
  notADay: 'This is not a calendar date',
})

/** An ISO timestamp with its offset (`2025-03-01T09:30:00.123Z`), on a day within DATE_RANGE. */
export const boundedTimestamp = (message: string) =>
  z.iso.datetime({ offset: true, message }).check(
    z.refine((text) => isDayInRange(text.slice(0, 10)), DATE_MESSAGES.OUT_OF_RANGE),
    z.refine(isStorableTimestamp, DATE_MESSAGES.TIMESTAMP_PARTS),
  )

// ---- money ------------------------------------------------------------------------------------------------------

/**
 * The money columns are numeric(18,2) (server/db/schema.ts): 16 whole digits. One request moves at most 12 of them,
 * so a balance that sums many moves still fits its column, and an amount in cents stays an exact JavaScript number.
 */
export const MONEY_COLUMN = { PRECISION: 18, SCALE: 2 } as const
export const MONEY_WHOLE_DIGITS = 12
/** The largest amount of USD a request may name, a limit in the settings included: 999,999,999,999.99. */
export const MAX_MONEY_USD = Number(`${'9'.repeat(MONEY_WHOLE_DIGITS)}.99`)
export const MAX_MONEY_TEXT = `$${MAX_MONEY_USD.toLocaleString('en-US', { minimumFractionDigits: 2 })}`

/**
 * An amount sent as text or a number, read as its decimal text: at most `wholeDigits` whole digits and `decimals`
 * decimals, a minus sign only when `signed`. The column it lands in must hold `wholeDigits + decimals` digits.
 */
export const decimalAmount = (options: {
  wholeDigits: number
  decimals: number
  signed?: boolean
  message: string
}) =>
  z.pipe(
    z.pipe(
      z.union([z.number(), TextSchema.check(z.trim())]),
      z.transform((value: number | string) => (typeof value === 'number' ? String(value) : value)),
    ),
    z
      .string()
      .check(
        z.regex(
          new RegExp(
            `^${options.signed ? '-?' : ''}\\d{1,${options.wholeDigits}}(\\.\\d{1,${options.decimals}})?$`,
          ),
          options.message,
        ),
      ),
  )

/** USD in a request: at most MONEY_WHOLE_DIGITS whole digits and two decimals (cents). */
export const moneyAmount = (signed = false) =>
  decimalAmount({
    wholeDigits: MONEY_WHOLE_DIGITS,
    decimals: MONEY_COLUMN.SCALE,
    signed,
    message: 'The amount must be a number with at most two decimals',
  })

/** True for a number with at most two decimals (0.29 is, 0.295 is not), compared in cents. */
export const isWholeCents = (value: number) => Math.round(value * 100) / 100 === value

/** A limit in USD that an operator sets (`label`: 'Card deposits minimum'): from 0 to MAX_MONEY_USD, in cents. */
export const moneyLimit = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .check(
      z.minimum(0, { message: `${label} cannot be negative`, abort: true }),
      z.maximum(MAX_MONEY_USD, { message: `${label} can be at most ${MAX_MONEY_TEXT}`, abort: true }),
      z.refine(isWholeCents, `${label} can have at most two decimals`),
    )

/**
 * A limit's bound as stored, held within what moneyLimit accepts: one stored before the bounds (or edited by hand)
 * may be anything, and is read as the nearest bound an amount can meet; `otherwise` when it is no finite number.
 */
export const heldLimit = (bound: unknown, otherwise: number): number =>
  typeof bound === 'number' && Number.isFinite(bound)
    ? Math.min(Math.max(bound, 0), MAX_MONEY_USD)
    : otherwise

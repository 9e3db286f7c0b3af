// The wire's plain rules, without a schema: the API's prefix, the text rule and the id range. Apart from ./wire so
// that what every page loads before its first render can use them without zod (decision 0031); ./wire re-exports
// them, and its schemas are built from them.

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

/** Postgres int4 (serial): a bigger id cannot name a row and would fail inside the query. */
export const MAX_SERIAL_ID = 2_147_483_647

/**
 * The days a date or a timestamp in a request may name (decision 0033). PostgreSQL has no year 0 and refuses the
 * `+010000-01-01` JavaScript writes for a year past 9999; a day's end (the day after) or a time-zone offset moves a
 * value by a day at most, so the range keeps clear of both edges by a year. No birth date, document or filter
 * needs more.
 */
export const DATE_RANGE = { FIRST_DAY: '1900-01-01', LAST_DAY: '9998-12-31' } as const

export const DATE_MESSAGES = {
  OUT_OF_RANGE: `Dates must be from ${DATE_RANGE.FIRST_DAY} to ${DATE_RANGE.LAST_DAY}.`,
  /** A timestamp's offset or fraction PostgreSQL would refuse: no zone is further than 14 hours from UTC. */
  TIMESTAMP_PARTS: 'The time zone offset must be within ±14:00, and the seconds have at most 9 decimals.',
} as const

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** A day that exists, written YYYY-MM-DD (no 2023-02-29), by arithmetic: Date reads years 0-99 as 19xx. */
export function isCalendarDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return days !== undefined && day >= 1 && day <= days
}

/** True for a YYYY-MM-DD day within DATE_RANGE, and for text that is no such day (the format rule says why). */
export function isDayInRange(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return true
  return text >= DATE_RANGE.FIRST_DAY && text <= DATE_RANGE.LAST_DAY
}

const TIMESTAMP_TAIL = /T\d{2}:\d{2}(?::\d{2}(?:\.(\d+))?)?(Z|([+-])(\d{2}):?(\d{2}))?$/

/**
 * An ISO timestamp's parts beyond its format that PostgreSQL refuses: an offset past ±15:59 (held to ±14:00, the
 * furthest zone) and a fraction longer than its input field. Its day is checked with isDayInRange. True for text
 * without a time part (the format rule says why).
 */
export function isStorableTimestamp(text: string): boolean {
  const match = TIMESTAMP_TAIL.exec(text)
  if (!match) return true
  const [, fraction, , , hours, minutes] = match
  if (fraction !== undefined && fraction.length > 9) return false
  if (hours === undefined) return true
  return Number(hours) * 60 + Number(minutes) <= 14 * 60
}

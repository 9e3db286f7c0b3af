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

// The pieces route search schemas are built from. Every route's `validateSearch` (and params parser) is loaded with
// the router, before the first page renders, so they are guards (./guard.ts, decision 0031), not zod, whose core
// would otherwise come with every page's entry, and they import no contract but the zod-free modules
// (../contract/wire-rules.ts, user-constants.ts, site-constants.ts). A parameter from a URL anyone can craft falls
// back rather than failing the page.
import { MAX_SERIAL_ID } from './contract/wire-rules'
import { coercedNumber, fail, guard, int, numberFrom, orElse } from './guard'

/** The highest page a list's URL may ask for. */
export const MAX_SEARCH_PAGE = 100_000

/** `?page=`: a whole number from 1 to MAX_SEARCH_PAGE, read from the URL's text; absent or damaged is the first page. */
export const pageSearchParam = () => orElse(coercedNumber(int(1, MAX_SEARCH_PAGE)), 1)

/** A positive whole number written in a URL (an id, a deposit): `?user=12`. */
export const positiveIntParam = () => coercedNumber(int(1))

/**
 * A row id in a path: digits, a whole number from 1 to MAX_SERIAL_ID, with the contract's messages
 * (SerialIdSchema in ../contract/wire.ts, which the server checks with).
 */
export const serialIdParam = () =>
  guard<number, unknown>((value, path) => {
    const id = numberFrom(value)
    // zod's order: a number, then whole (a safe integer: 1e20 is not), then positive, then at most MAX_SERIAL_ID.
    const problem = !Number.isFinite(id)
      ? 'The id must be a number'
      : !Number.isSafeInteger(id)
        ? 'The id must be a whole number'
        : id <= 0
          ? 'The id must be positive'
          : id > MAX_SERIAL_ID
            ? 'The id is too large'
            : null
    if (problem) fail(problem, path)
    return id
  })

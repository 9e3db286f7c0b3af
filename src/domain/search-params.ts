// The pieces route search schemas are built from. Every route's `validateSearch` is loaded with the router, before
// the first page renders, so search schemas are written with zod/mini (whose functions tree-shake to the checks a
// schema uses) and import nothing that imports classic zod: not the contracts, whose schemas are built when their
// module loads. A parameter from a URL anyone can craft falls back (`z.catch`) rather than failing the page.
import * as z from 'zod/mini'
import type { MAX_SERIAL_ID as CONTRACT_MAX_SERIAL_ID } from './contract/common'

/** The highest page a list's URL may ask for. */
export const MAX_SEARCH_PAGE = 100_000

/**
 * `?page=`: a whole number from 1 to MAX_SEARCH_PAGE, read from the URL's text; absent or damaged is the first page.
 * Classic zod's `z.coerce.number().int().min(1).max(100_000).default(1).catch(1)`.
 */
export const pageSearchParam = () =>
  z.catch(z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_SEARCH_PAGE)), 1), 1)

/** An optional parameter whose bad value is dropped, not an error: classic zod's `schema.optional().catch(undefined)`. */
export const optionalSearchParam = <T extends z.core.SomeType>(schema: T) =>
  z.catch(z.optional(schema), undefined)

/** The contract's MAX_SERIAL_ID (Postgres int4, ../contract/common.ts), restated here: the compiler holds them equal. */
const MAX_SERIAL_ID: typeof CONTRACT_MAX_SERIAL_ID = 2_147_483_647

/**
 * An id in a URL's path or search: digits, a whole number from 1 to MAX_SERIAL_ID (a bigger id cannot name a row).
 * The contract's SerialIdSchema, messages and all, in zod/mini.
 */
export const SerialIdParamSchema = z.coerce
  .number({ message: 'The id must be a number' })
  .check(
    z.int('The id must be a whole number'),
    z.positive('The id must be positive'),
    z.maximum(MAX_SERIAL_ID, 'The id is too large'),
  )

// The pieces route search schemas are built from. Every route's `validateSearch` is loaded with the router, before
// the first page renders, so search schemas are written with zod/mini (whose functions tree-shake to the checks a
// schema uses) and import nothing that imports classic zod: of the contracts, only the zod/mini ones (../contract/
// wire.ts and its neighbours, decision 0027). A parameter from a URL anyone can craft falls back (`z.catch`) rather than failing the page.
import * as z from 'zod/mini'

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

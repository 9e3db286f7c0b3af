// Marketplace query parameters (spec 2.1 and 2.8): search, category (default all), filter (default popular). The
// schema is the route's `validateSearch`, loaded before the first render of every page: zod/mini (see
// ../search-params.ts).
import * as z from 'zod/mini'
import { optionalSearchParam } from '../search-params'

export const MARKETPLACE_CATEGORIES = ['all', 'expert_advisor', 'others'] as const
export const MARKETPLACE_FILTERS = ['popular', 'free', 'purchased'] as const

export const MARKETPLACE_SEARCH_DEFAULTS = { category: 'all', filter: 'popular' } as const

/** Unknown values fall back to the defaults rather than breaking the page a shared link opens. */
export const MarketplaceSearchSchema = z.object({
  search: optionalSearchParam(z.string().check(z.trim(), z.maxLength(100))),
  category: z.catch(z._default(z.enum(MARKETPLACE_CATEGORIES), 'all'), 'all'),
  filter: z.catch(z._default(z.enum(MARKETPLACE_FILTERS), 'popular'), 'popular'),
})
export type MarketplaceSearch = z.infer<typeof MarketplaceSearchSchema>

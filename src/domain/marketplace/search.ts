// Marketplace query parameters (docs/product/marketplace.md#marketplace-page): search, category (default all), filter
// (default popular). The schema is the route's `validateSearch`, loaded before the first render of every page: guards
// (see ../search-params.ts).
import { type Infer, object, oneOf, optionalParam, orElse, refine, trimmedString } from '../guard'

export const MARKETPLACE_CATEGORIES = ['all', 'expert_advisor', 'others'] as const
export const MARKETPLACE_FILTERS = ['popular', 'free', 'purchased'] as const

export const MARKETPLACE_SEARCH_DEFAULTS = { category: 'all', filter: 'popular' } as const

/** Unknown values fall back to the defaults rather than breaking the page a shared link opens. */
export const MarketplaceSearchSchema = object({
  search: optionalParam(
    refine(trimmedString(), (search) => search.length <= 100, 'Expected a shorter search'),
  ),
  category: orElse(oneOf(MARKETPLACE_CATEGORIES), 'all'),
  filter: orElse(oneOf(MARKETPLACE_FILTERS), 'popular'),
})
export type MarketplaceSearch = Infer<typeof MarketplaceSearchSchema>

// Marketplace query parameters (spec 2.1 and 2.8): search, category (default all), filter (default popular).
import { z } from 'zod'

export const MARKETPLACE_CATEGORIES = ['all', 'expert_advisor', 'others'] as const
export const MARKETPLACE_FILTERS = ['popular', 'free', 'purchased'] as const

export const MARKETPLACE_SEARCH_DEFAULTS = { category: 'all', filter: 'popular' } as const

/** Unknown values fall back to the defaults rather than breaking the page a shared link opens. */
export const MarketplaceSearchSchema = z.object({
  search: z.string().trim().max(100).optional().catch(undefined),
  category: z.enum(MARKETPLACE_CATEGORIES).default('all').catch('all'),
  filter: z.enum(MARKETPLACE_FILTERS).default('popular').catch('popular'),
})
export type MarketplaceSearch = z.infer<typeof MarketplaceSearchSchema>

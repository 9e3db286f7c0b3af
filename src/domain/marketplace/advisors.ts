// What the marketplace and the workspace's Algo Trader list show of the expert advisors
// (docs/product/marketplace.md#running-an-advisor, #marketplace-page and #buying-an-advisor): the URL's search,
// category and filter applied to the catalogue, ownership, the plan rule and the price label.
import { EXPERT_ADVISOR_MESSAGES, type ExpertAdvisor } from '../contract/catalog'
import { formatMoney } from '../format/numbers'
import type { MarketplaceSearch } from './search'

type AdvisorFacts = Pick<
  ExpertAdvisor,
  'id' | 'name' | 'description' | 'type' | 'amount_val' | 'downloads' | 'owned' | 'available'
>

/**
 * Owned: in the user's eas (docs/product/data-model.md#user), or so marked by the catalogue for the caller; either is
 * refetched on purchase.
 */
export const isOwned = (advisor: Pick<ExpertAdvisor, 'id' | 'owned'>, eas: readonly number[]) =>
  advisor.owned || eas.includes(advisor.id)

/**
 * docs/product/marketplace.md#buying-an-advisor: an advisor the plan does not allow cannot be bought; one already
 * owned stays usable.
 */
export const isPlanRestricted = (
  advisor: Pick<ExpertAdvisor, 'id' | 'owned' | 'available'>,
  eas: readonly number[],
) => !advisor.available && !isOwned(advisor, eas)

export const isFree = (advisor: Pick<ExpertAdvisor, 'amount_val'>) => advisor.amount_val === 0

/** docs/product/marketplace.md#marketplace-page: the price in USD, 'Free' when 0. */
export const advisorPriceLabel = (amountUsd: number) =>
  amountUsd === 0 ? 'Free' : `$${formatMoney(amountUsd)}`

const byDownloads = (a: AdvisorFacts, b: AdvisorFacts) =>
  b.downloads - a.downloads || a.name.localeCompare(b.name)

/**
 * The marketplace list for the URL's criteria (docs/product/marketplace.md#buying-an-advisor): the category narrows
 * by type, the search matches name or description (case-insensitive), and the filter is popular (every advisor, most
 * downloaded first), free or purchased (the catalogue's order).
 */
export function selectMarketplaceAdvisors<T extends AdvisorFacts>(
  advisors: readonly T[],
  criteria: Pick<MarketplaceSearch, 'search' | 'category' | 'filter'>,
  eas: readonly number[],
): T[] {
  const needle = criteria.search?.trim().toLowerCase() ?? ''
  const matches = advisors.filter((advisor) => {
    if (criteria.category !== 'all' && advisor.type !== criteria.category) return false
    if (
      needle &&
      !advisor.name.toLowerCase().includes(needle) &&
      !advisor.description.toLowerCase().includes(needle)
    )
      return false
    if (criteria.filter === 'free') return isFree(advisor)
    if (criteria.filter === 'purchased') return isOwned(advisor, eas)
    return true
  })
  return criteria.filter === 'popular' ? matches.sort(byDownloads) : matches
}

/**
 * The workspace's Algo Trader list (docs/product/marketplace.md#running-an-advisor): the advisors the customer owns
 * first (they can run them), then those their plan allows, each group most downloaded first. Advisors of another plan
 * are left to the marketplace.
 */
export function selectAlgoTraderAdvisors<T extends AdvisorFacts>(
  advisors: readonly T[],
  eas: readonly number[],
): T[] {
  const owned = advisors.filter((advisor) => isOwned(advisor, eas)).sort(byDownloads)
  const available = advisors
    .filter((advisor) => !isOwned(advisor, eas) && advisor.available)
    .sort(byDownloads)
  return [...owned, ...available]
}

/** docs/product/marketplace.md#buying-an-advisor: the server's message, else 'Failed to purchase Expert Advisor'. */
export const purchaseFailureMessage = (serverMessage: string | null | undefined) =>
  serverMessage?.trim() ? serverMessage : EXPERT_ADVISOR_MESSAGES.PURCHASE_FAILED

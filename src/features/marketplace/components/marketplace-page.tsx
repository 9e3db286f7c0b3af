import { RefreshCw } from 'lucide-react'
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { flex, grid, hstack, wrap } from 'styled-system/patterns'
import { text } from 'styled-system/recipes'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/toast'
import { EXPERT_ADVISOR_MESSAGES, type ExpertAdvisor } from '../../../domain/contract/catalog'
import type { User } from '../../../domain/contract/user'
import type { DisplayCurrency } from '../../../domain/format/currency'
import { isOwned, isPlanRestricted, selectMarketplaceAdvisors } from '../../../domain/marketplace/advisors'
import type { MarketplaceSearch } from '../../../domain/marketplace/search'
import { useCatalog } from '../api/get-catalog'
import { usePurchaseExpertAdvisor } from '../api/purchase-expert-advisor'
import { ExpertAdvisorCard } from './expert-advisor-card'
import { MarketplaceFilters } from './marketplace-filters'
import { PlansComparison } from './plans-comparison'
import { PurchaseDialog } from './purchase-dialog'

export const MARKETPLACE_MESSAGES = {
  LOAD_FAILED: 'Failed to load marketplace items',
  NO_ITEMS: 'No items found matching your criteria',
  LOADING: 'Loading marketplace items...',
} as const

export interface MarketplacePageProps {
  search: MarketplaceSearch
  onSearchChange: (next: Partial<MarketplaceSearch>) => void
  user: Pick<User, 'eas' | 'account_type'>
  currency: DisplayCurrency
  /** Reloads the signed-in user after a purchase (balance and eas). */
  onAccountChanged: () => Promise<unknown>
}

// One live region that reads the count, or says there is nothing: a caption (the Text part's look), or a dashed box.
const countClass = text({ size: 'sm', tone: 'muted' })
const emptyClass = css({
  p: '8',
  textAlign: 'center',
  color: 'text.muted',
  bg: 'bg.surface',
  rounded: 'xl',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border',
})

/** /main/marketplace (docs/product/marketplace.md#buying-an-advisor): the expert advisors to buy and run. */
export function MarketplacePage(props: MarketplacePageProps) {
  const { search, user } = props
  const catalog = useCatalog()
  const purchase = usePurchaseExpertAdvisor(props.onAccountChanged)
  const [buying, setBuying] = useState<ExpertAdvisor | null>(null)
  const [confirmOpen, setConfirmOpen] = useState(false)
  const [plansOpen, setPlansOpen] = useState(false)

  const advisors = useMemo(
    () => (catalog.data ? selectMarketplaceAdvisors(catalog.data.expert_advisors, search, user.eas) : []),
    [catalog.data, search, user.eas],
  )

  const confirmPurchase = () => {
    if (!buying || purchase.isPending) return
    purchase.mutate(buying.id, {
      onSuccess: () => toast.success(EXPERT_ADVISOR_MESSAGES.PURCHASED),
      onError: (error) => toast.error(error.message),
      onSettled: () => setConfirmOpen(false),
    })
  }

  return (
    <div className={grid({ gap: '6' })}>
      <MarketplaceFilters search={search} onChange={props.onSearchChange} />

      {catalog.isPending ? (
        <p className={hstack({ gap: '2', color: 'text.muted' })}>
          <Spinner /> {MARKETPLACE_MESSAGES.LOADING}
        </p>
      ) : catalog.isError && !catalog.data ? (
        <div
          role="alert"
          className={wrap({
            gap: '3',
            alignItems: 'center',
            p: '5',
            rounded: 'xl',
            bg: 'bg.surface',
            borderWidth: '1px',
            borderColor: 'danger.border',
          })}
        >
          <Box as="p" flex="1">
            {MARKETPLACE_MESSAGES.LOAD_FAILED}
          </Box>
          <Button
            variant="outline"
            size="sm"
            loading={catalog.isFetching}
            loadingText="Retrying..."
            onClick={() => void catalog.refetch()}
          >
            <RefreshCw aria-hidden /> Retry
          </Button>
        </div>
      ) : (
        <section aria-label="Expert advisors" className={grid({ gap: '3' })}>
          <p aria-live="polite" className={advisors.length === 0 ? emptyClass : countClass}>
            {advisors.length === 0
              ? MARKETPLACE_MESSAGES.NO_ITEMS
              : `${advisors.length} ${advisors.length === 1 ? 'item' : 'items'}`}
          </p>
          {advisors.length > 0 ? (
            <ul
              className={grid({
                gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
                gap: '4',
              })}
            >
              {advisors.map((advisor) => (
                <li key={advisor.id} className={flex()}>
                  <ExpertAdvisorCard
                    advisor={advisor}
                    owned={isOwned(advisor, user.eas)}
                    restricted={isPlanRestricted(advisor, user.eas)}
                    onBuy={() => {
                      setBuying(advisor)
                      setConfirmOpen(true)
                    }}
                    onUpgrade={() => setPlansOpen(true)}
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      )}

      <PurchaseDialog
        open={confirmOpen}
        advisor={buying}
        onOpenChange={(open) => {
          if (!purchase.isPending) setConfirmOpen(open)
        }}
        busy={purchase.isPending}
        onConfirm={confirmPurchase}
      />
      <PlansComparison
        open={plansOpen}
        onOpenChange={setPlansOpen}
        currentPlanId={user.account_type?.id ?? null}
        currency={props.currency}
      />
    </div>
  )
}

import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Navigate, stripSearchParams } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { formatAmount } from '../../../domain/format/currency'
import { MARKETPLACE_SEARCH_DEFAULTS, MarketplaceSearchSchema } from '../../../domain/marketplace/search'
import { MarketplacePage, useDisplayCurrency, getCatalogQueryOptions } from '../../../features/marketplace'
import { loadCurrentUser, useSession } from '../../../features/session'
import { PageHeader } from '../../../features/shell'
import { useSettings } from '../../../features/site'
import { loadPageData } from '../../-page-data'

export const Route = createFileRoute('/_protected/main/marketplace')({
  validateSearch: MarketplaceSearchSchema,
  // docs/product/marketplace.md#marketplace-page: a parameter at its default is removed from the URL.
  search: { middlewares: [stripSearchParams(MARKETPLACE_SEARCH_DEFAULTS)] },
  loader: ({ context }) => loadPageData(context.queryClient, [getCatalogQueryOptions()]),
  component: Marketplace,
})

function Marketplace() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const queryClient = useQueryClient()
  const settings = useSettings()
  const user = useSession((state) => state.user)
  const { currency } = useDisplayCurrency()

  // docs/product/sign-in-and-security.md#roles-and-permissions: the marketplace exists only where the site turns it
  // on (decision 0012); a bookmark or an old link lands on the dashboard, also when the operator turns it off while
  // the page is open.
  if (settings.data && !settings.data.has_marketplace) return <Navigate to="/main/dashboard" replace />
  if (!user) return null
  return (
    <div>
      <PageHeader
        title="Marketplace"
        trail={[{ label: 'Trading', to: '/mt4' }, { label: 'Marketplace' }]}
        description={
          <>
            Expert advisors: automated trading robots to buy and run. Balance{' '}
            <span data-testid="marketplace-balance" className={css({ textStyle: 'price', color: 'text' })}>
              {formatAmount(user.balance, currency)}
            </span>
          </>
        }
      />
      <MarketplacePage
        search={search}
        // Typing replaces the entry (the back button should not replay a search key by key); a category or filter
        // chosen is a step of its own.
        onSearchChange={(next) =>
          void navigate({
            search: (previous) => {
              // One order whatever was picked first, so equal criteria make equal (shareable) URLs.
              const { search, category, filter } = { ...previous, ...next }
              return { search, category, filter }
            },
            replace: 'search' in next,
          })
        }
        user={user}
        currency={currency}
        onAccountChanged={() => loadCurrentUser(queryClient, { fresh: true })}
      />
    </div>
  )
}

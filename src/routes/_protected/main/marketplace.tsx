import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { PlannedPage } from '../../../features/shell'
import { MARKETPLACE_SEARCH_DEFAULTS, MarketplaceSearchSchema } from '../../../domain/marketplace/search'

export const Route = createFileRoute('/_protected/main/marketplace')({
  validateSearch: MarketplaceSearchSchema,
  // Spec 2.1: a parameter at its default is removed from the URL.
  search: { middlewares: [stripSearchParams(MARKETPLACE_SEARCH_DEFAULTS)] },
  component: () => (
    <PlannedPage
      title="Marketplace"
      trail={[{ label: 'Trading', to: '/mt4' }, { label: 'Marketplace' }]}
      summary="Expert advisors (automated trading robots) to buy and run will be listed here."
    />
  ),
})

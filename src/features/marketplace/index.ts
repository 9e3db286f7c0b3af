// The expert-advisor marketplace and the catalogue it sells from (docs/product/marketplace.md#running-an-advisor,
// #marketplace-page, #buying-an-advisor, #auto-trader and docs/product/data-model.md#expert-advisor): GET /catalog
// (currencies, plans, plan_features, expert advisors), the /main/marketplace page, the workspace's Algo Trader list
// with the auto trader, the plans comparison with its upgrade request, and the display currency whose rates the
// catalogue carries.
export { getCatalogQueryOptions, useCatalog, catalogQueryKey } from './api/get-catalog'
export { useDisplayCurrency, type DisplayCurrencyChoice } from './hooks/use-display-currency'
export {
  MarketplacePage,
  MARKETPLACE_MESSAGES,
  type MarketplacePageProps,
} from './components/marketplace-page'
export { AlgoTraderPanel, type AlgoTraderPanelProps } from './components/algo-trader-panel'
export { PlansComparison, type PlansComparisonProps } from './components/plans-comparison'

// The /mt4 trading workspace (docs/product/trading-workspace.md) and what other parts of the app need from trading.
export { TradingWorkspace, type TradingWorkspaceProps } from './components/trading-workspace'
export { refreshTrades, getTradesQueryOptions } from './api/get-trades'
export { refreshOrders } from './api/orders'
export { refreshAlerts } from './api/alerts'
export { workspaceStore, useWorkspace } from './workspace-store'
export { ChartLevels, type ChartLevelsProps, type ChartLevelView } from './components/chart-levels'

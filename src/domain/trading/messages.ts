// Every sentence the workspace shows about trades, verbatim from docs/product/trading-workspace.md#empty-states and
// docs/product/orders-and-alerts.md#order-ticket.
export const TRADE_MESSAGES = {
  NO_ASSET: 'No asset selected for trading.',
  EXECUTE_FAILED: 'Failed to execute trade',
  EXECUTE_FAILED_DESCRIPTION: 'There was an error processing your trade. Please try again.',
  BUY_PLACED: 'Buy order placed',
  SELL_PLACED: 'Sell order placed',
  CLOSED: 'Position successfully closed',
  CLOSE_FAILED: 'Failed to close trade',
  CLOSE_FAILED_DESCRIPTION: 'There was an error processing your request. Please try again.',
  NO_ACTIVE_ORDERS: 'No active orders found',
  NO_HISTORY: 'No trading history found',
  NO_PENDING_ORDERS: 'No pending orders available',
  LOADING_ASSETS: 'Loading assets...',
  NO_ASSETS: 'No assets found',
  ASSETS_FAILED: 'Failed to load assets',
  PANEL_UNDER_DEVELOPMENT: 'This panel is under development.',
} as const

/** docs/product/site-and-gates.md#toasts-and-alert-boxes: trade success toasts stay 3 s, errors 5 s. */
export const TRADE_TOAST_MS = { SUCCESS: 3_000, ERROR: 5_000 } as const

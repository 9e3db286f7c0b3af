// Every key this app writes to browser storage, defined once (docs/product/offline-and-pwa.md#browser-storage) so
// client, worker and tests agree.
export const STORAGE_KEYS = {
  SESSION: 'user-storage',
  REGISTRATION_DRAFT: 'registration_data',
  CURRENCY: 'currency',
  WATCHLIST: 'watchlist',
  /**
   * The workspace's activeAsset, activePairs and activePair
   * (docs/product/trading-workspace.md#assets-and-live-prices: they persist locally).
   */
  ASSET_STORE: 'asset-storage',
  /** The spec: "the settings cache has its own local key". */
  SITE_SETTINGS: 'site-settings',
  /** Whether the admin chat console shows the customer panel beside the conversation (decision 0017). */
  ADMIN_CHAT_CUSTOMER_PANEL: 'admin-chat-customer-panel',
  /** Dark, light or system (decision 0020); public/theme-init.js reads it before the first paint. */
  THEME: 'theme',
  /** The notification sound and which events show a toast, per browser (decision 0020). */
  NOTIFICATION_PREFERENCES: 'notification-preferences',
  /**
   * The /mt4 panels' sizes in px, per browser (decision 0023): positions height, sidebar width, algo trader height.
   */
  WORKSPACE_PANEL_SIZES: 'workspace-panel-sizes',
} as const

// Every key this app writes to browser storage, defined once (spec section 9) so client, worker and tests agree.
export const STORAGE_KEYS = {
  SESSION: 'user-storage',
  REGISTRATION_DRAFT: 'registration_data',
  CURRENCY: 'currency',
  WATCHLIST: 'watchlist',
  /** The workspace's activeAsset, activePairs and activePair (spec 3, Asset store: they persist locally). */
  ASSET_STORE: 'asset-storage',
  /** The spec: "the settings cache has its own local key". */
  SITE_SETTINGS: 'site-settings',
} as const

// The site's plain names, without a schema, for what loads before the first render (decision 0031); ./site
// re-exports them.

export const ASSET_CLASSES = ['cryptos', 'stocks', 'indices', 'commodities', 'metals', 'forex'] as const
export type AssetClass = (typeof ASSET_CLASSES)[number]

export const SITE_STATUS = { ACTIVE: 'active', DISABLED: 'disabled' } as const

/**
 * Register-page variants of docs/product/registration.md#register-page-variants; any other value falls back to the
 * full form.
 */
export const R_PAGE = { BASIC: 'basic', IC: 'ic', TD: 'td' } as const

/** Public: every open client refetches the settings on it (decision 0017). Here, not with the back office's calls, so
 * the root route hears it without pulling the back office's schemas into the sign-in page's bundle. */
export const SITE_CHANNEL = 'site'
export const SITE_EVENTS = { SETTINGS_UPDATED: 'settings.updated' } as const

export { SiteGate } from './components/site-gate'
export { getSettingsQueryOptions, useSettings, settingsQueryKey } from './api/get-settings'
export { getSiteDataQueryOptions, useLeverageMap } from './api/get-site-data'

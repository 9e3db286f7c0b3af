import { queryOptions, useQuery } from '@tanstack/react-query'
import { SiteSettingsResponseGuard } from '../../../domain/contract/sign-in-guards'
import type { SiteSettings } from '../../../domain/contract/site'
import { http } from '../../../lib/http'
import { readSettingsCache, writeSettingsCache } from '../../../lib/settings-cache'

export const SETTINGS_FETCH_FAILED = 'Failed to fetch site settings. The site might be unreachable.'

export async function getSettings(): Promise<SiteSettings> {
  try {
    const body = await http.get('/settings', { schema: SiteSettingsResponseGuard })
    writeSettingsCache({ settings: body.data, error: null, initialized: true, lastFetched: Date.now() })
    return body.data
  } catch (error) {
    // docs/product/api.md#errors: settings cleared, initialised true, error rethrown.
    writeSettingsCache({ settings: null, error: SETTINGS_FETCH_FAILED, initialized: true, lastFetched: null })
    throw new Error(SETTINGS_FETCH_FAILED, { cause: error })
  }
}

export const settingsQueryKey = ['settings'] as const

export const getSettingsQueryOptions = () => {
  const cache = readSettingsCache()
  return queryOptions({
    queryKey: settingsQueryKey,
    queryFn: getSettings,
    // docs/product/site-and-gates.md#account-gate: the settings are fetched at start; after that only Try Again and
    // Check Status ask again, so a passing blip never flips a working page to Site Unreachable.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // The cached settings show at once while the start-up fetch runs (placeholder, not initial data, so that
    // fetch still happens and its failure still counts).
    placeholderData: cache.settings ?? undefined,
  })
}

export const useSettings = () => useQuery(getSettingsQueryOptions())

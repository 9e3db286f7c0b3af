// The site settings cache under its own local key (docs/product/data-model.md#site-settings and
// docs/product/api.md#data-caching): settings, error, initialized and the client time it was fetched. It lets a
// returning visitor skip the splash and see the last known site at once.
import { SiteSettingsGuard } from '../domain/contract/sign-in-guards'
import type { SiteSettings } from '../domain/contract/site'
import { safeParse } from '../domain/guard'
import { STORAGE_KEYS } from '../domain/storage-keys'

export interface SettingsCache {
  settings: SiteSettings | null
  error: string | null
  initialized: boolean
  lastFetched: number | null
}

const EMPTY: SettingsCache = { settings: null, error: null, initialized: false, lastFetched: null }

export function readSettingsCache(storage: Storage | undefined = globalThis.localStorage): SettingsCache {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.SITE_SETTINGS)
    if (!raw) return EMPTY
    const parsed = JSON.parse(raw) as Partial<SettingsCache>
    const settings = safeParse(SiteSettingsGuard, parsed.settings)
    return {
      settings: settings.success ? settings.data : null,
      error: typeof parsed.error === 'string' ? parsed.error : null,
      initialized: parsed.initialized === true,
      lastFetched: typeof parsed.lastFetched === 'number' ? parsed.lastFetched : null,
    }
  } catch {
    return EMPTY
  }
}

export function writeSettingsCache(
  cache: SettingsCache,
  storage: Storage | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(STORAGE_KEYS.SITE_SETTINGS, JSON.stringify(cache))
  } catch {
    // A full or blocked storage only costs the next visit its splash-free start.
  }
}

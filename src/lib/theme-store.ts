// The colour theme on this page (decision 0020): the stored choice (dark, light or system), applied as
// <html data-theme> (the semantic tokens switch there, panda.config.ts), followed across tabs through the `storage`
// event and, for 'system', across the operating system's own switch. public/theme-init.js did the same before the
// first paint; this module takes over once the app runs.
import { useSyncExternalStore } from 'react'
import {
  parseThemePreference,
  PREFERS_LIGHT_QUERY,
  resolveTheme,
  THEME_COLOURS,
  type Theme,
  type ThemePreference,
} from '../domain/display/theme'
import { STORAGE_KEYS } from '../domain/storage-keys'

interface ThemeEnvironment {
  storage: Storage | undefined
  /** Absent outside a browser (tests without matchMedia): the system then counts as dark. */
  prefersLight: MediaQueryList | undefined
  root: HTMLElement | undefined
}

function read(storage: Storage | undefined): ThemePreference {
  try {
    return parseThemePreference(storage?.getItem(STORAGE_KEYS.THEME))
  } catch {
    return parseThemePreference(null)
  }
}

function applyToDocument(root: HTMLElement | undefined, theme: Theme) {
  if (!root) return
  root.dataset.theme = theme
  root.style.colorScheme = theme
  const meta = root.ownerDocument.querySelector('meta[name="theme-color"]')
  meta?.setAttribute('content', THEME_COLOURS[theme])
}

export function createThemeStore(env: ThemeEnvironment) {
  let preference = read(env.storage)
  let theme = resolveTheme(preference, env.prefersLight?.matches ?? false)
  const listeners = new Set<() => void>()

  /** Re-resolves the theme, applies it and tells the listeners once if the choice or the theme changed. */
  const update = (preferenceChanged: boolean) => {
    const next = resolveTheme(preference, env.prefersLight?.matches ?? false)
    const changed = preferenceChanged || next !== theme
    theme = next
    applyToDocument(env.root, theme)
    if (changed) listeners.forEach((listener) => listener())
  }
  env.prefersLight?.addEventListener('change', () => update(false))
  applyToDocument(env.root, theme)

  return {
    getPreference: () => preference,
    getTheme: () => theme,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    setPreference(next: ThemePreference) {
      try {
        env.storage?.setItem(STORAGE_KEYS.THEME, next)
      } catch {
        // Storage full or blocked (private mode): the choice still holds for this tab.
      }
      const changed = next !== preference
      preference = next
      update(changed)
    },
    /** Another tab chose a theme: take it without writing it back. */
    syncFromStorage() {
      const next = read(env.storage)
      const changed = next !== preference
      preference = next
      update(changed)
    },
  }
}

export type ThemeStore = ReturnType<typeof createThemeStore>

const browser = typeof window !== 'undefined'

export const themeStore = createThemeStore({
  storage: browser ? globalThis.localStorage : undefined,
  prefersLight:
    browser && typeof window.matchMedia === 'function' ? window.matchMedia(PREFERS_LIGHT_QUERY) : undefined,
  root: browser ? document.documentElement : undefined,
})

if (browser) {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.THEME || event.key === null) themeStore.syncFromStorage()
  })
}

/** The stored choice (dark, light or system). */
export function useThemePreference(store: ThemeStore = themeStore): ThemePreference {
  return useSyncExternalStore(store.subscribe, store.getPreference, store.getPreference)
}

/** The theme on screen (a 'system' choice resolved). */
export function useTheme(store: ThemeStore = themeStore): Theme {
  return useSyncExternalStore(store.subscribe, store.getTheme, store.getTheme)
}

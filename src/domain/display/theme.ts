// The colour theme (decision 0020): the customer's choice, kept per browser, and the theme it resolves to. Pure: the
// system's preference is passed in. public/theme-init.js repeats resolveTheme in plain script so the first paint is
// already in the right theme; tests/unit/display/theme-init-script.test.ts keeps the two in step.

export const THEME_PREFERENCES = { DARK: 'dark', LIGHT: 'light', SYSTEM: 'system' } as const
export type ThemePreference = (typeof THEME_PREFERENCES)[keyof typeof THEME_PREFERENCES]
export type Theme = 'dark' | 'light'

/** The app was designed dark first: an unknown or missing choice is dark, as before themes existed. */
export const DEFAULT_THEME_PREFERENCE: ThemePreference = THEME_PREFERENCES.DARK

export const THEME_OPTIONS: readonly { value: ThemePreference; label: string }[] = [
  { value: THEME_PREFERENCES.DARK, label: 'Dark' },
  { value: THEME_PREFERENCES.LIGHT, label: 'Light' },
  { value: THEME_PREFERENCES.SYSTEM, label: 'System' },
]

/** The media query whose match means the system prefers light. */
export const PREFERS_LIGHT_QUERY = '(prefers-color-scheme: light)'

/** The value stored under STORAGE_KEYS.THEME, or the default when it is absent or someone else's. */
export function parseThemePreference(raw: string | null | undefined): ThemePreference {
  const values: readonly string[] = Object.values(THEME_PREFERENCES)
  return raw && values.includes(raw) ? (raw as ThemePreference) : DEFAULT_THEME_PREFERENCE
}

export function resolveTheme(preference: ThemePreference, systemPrefersLight: boolean): Theme {
  if (preference === THEME_PREFERENCES.SYSTEM) return systemPrefersLight ? 'light' : 'dark'
  return preference
}

/** The browser chrome's colour (<meta name="theme-color">): each theme's bg.app. */
export const THEME_COLOURS: Record<Theme, string> = { dark: '#0b0f17', light: '#f2f4f7' }

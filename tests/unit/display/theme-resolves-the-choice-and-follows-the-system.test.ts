import { describe, expect, it } from 'vitest'
import { parseThemePreference, resolveTheme, THEME_PREFERENCES } from '../../../src/domain/display/theme'
import { createThemeStore } from '../../../src/lib/theme-store'
import { STORAGE_KEYS } from '../../../src/domain/storage-keys'

/** A MediaQueryList whose `matches` the test flips, firing `change` like the browser. */
function fakeQuery(initial: boolean) {
  const listeners = new Set<() => void>()
  const query = {
    matches: initial,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }
  return {
    query: query as unknown as MediaQueryList,
    set(matches: boolean) {
      query.matches = matches
      listeners.forEach((listener) => listener())
    },
  }
}

describe('theme preference', () => {
  it('reads dark, light and system, and anything else as dark', () => {
    expect(parseThemePreference('light')).toBe('light')
    expect(parseThemePreference('system')).toBe('system')
    expect(parseThemePreference('dark')).toBe('dark')
    expect(parseThemePreference('LIGHT')).toBe('dark')
    expect(parseThemePreference(null)).toBe('dark')
  })

  it('resolves system from the operating system and leaves an explicit choice alone', () => {
    expect(resolveTheme(THEME_PREFERENCES.SYSTEM, true)).toBe('light')
    expect(resolveTheme(THEME_PREFERENCES.SYSTEM, false)).toBe('dark')
    expect(resolveTheme(THEME_PREFERENCES.DARK, true)).toBe('dark')
    expect(resolveTheme(THEME_PREFERENCES.LIGHT, false)).toBe('light')
  })
})

describe('theme store', () => {
  it('applies the stored choice to <html>, saves a new one and follows the system when asked', () => {
    localStorage.setItem(STORAGE_KEYS.THEME, 'light')
    const system = fakeQuery(false)
    const root = document.documentElement
    const store = createThemeStore({ storage: localStorage, prefersLight: system.query, root })
    expect(root.dataset.theme).toBe('light')

    store.setPreference('system')
    expect(localStorage.getItem(STORAGE_KEYS.THEME)).toBe('system')
    expect(store.getTheme()).toBe('dark')
    expect(root.dataset.theme).toBe('dark')

    system.set(true)
    expect(store.getTheme()).toBe('light')
    expect(root.style.colorScheme).toBe('light')

    // An explicit choice no longer follows the system.
    store.setPreference('dark')
    system.set(true)
    expect(root.dataset.theme).toBe('dark')
  })

  it("takes another tab's choice without writing it back", () => {
    localStorage.setItem(STORAGE_KEYS.THEME, 'dark')
    const store = createThemeStore({ storage: localStorage, prefersLight: undefined, root: undefined })
    const seen: string[] = []
    store.subscribe(() => seen.push(store.getPreference()))
    localStorage.setItem(STORAGE_KEYS.THEME, 'light')
    store.syncFromStorage()
    expect(store.getTheme()).toBe('light')
    expect(seen).toEqual(['light'])
  })
})

// public/theme-init.js repeats the theme rules in plain script (it runs before the app): the two must agree.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseThemePreference, resolveTheme, THEME_COLOURS } from '../../../src/domain/display/theme'
import { STORAGE_KEYS } from '../../../src/domain/storage-keys'
import script from '../../../public/theme-init.js?raw'

function run(stored: string | null, systemPrefersLight: boolean) {
  localStorage.clear()
  if (stored !== null) localStorage.setItem(STORAGE_KEYS.THEME, stored)
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-color-scheme: light)' ? systemPrefersLight : false,
  }))
  document.head.innerHTML = '<meta name="theme-color" content="#0b0f17" />'
  document.documentElement.removeAttribute('data-theme')
  new Function(script)()
  return document.documentElement.dataset.theme
}

afterEach(() => vi.unstubAllGlobals())

describe('public/theme-init.js', () => {
  it('reads the same storage key the app writes', () => {
    expect(script).toContain(`getItem('${STORAGE_KEYS.THEME}')`)
  })

  it.each([
    [null, false],
    [null, true],
    ['dark', true],
    ['light', false],
    ['system', true],
    ['system', false],
    ['sepia', true],
  ])('stored %s, system prefers light %s: the same theme as resolveTheme', (stored, prefersLight) => {
    const expected = resolveTheme(parseThemePreference(stored), prefersLight)
    expect(run(stored, prefersLight)).toBe(expected)
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      THEME_COLOURS[expected],
    )
  })
})

// Sets <html data-theme> before the first paint, so a light-theme page never flashes dark (docs/product/account.md).
// A classic, blocking script from this origin: the Content-Security-Policy allows no inline script. It repeats
// src/domain/display/theme.ts (storage key 'theme' = STORAGE_KEYS.THEME; dark, light or system, dark by default);
// tests/unit/display/theme-init-script.test.ts keeps the two in step. src/lib/theme-store.ts takes over later.
;(function () {
  var preference = 'dark'
  try {
    var stored = window.localStorage.getItem('theme')
    if (stored === 'light' || stored === 'system') preference = stored
  } catch {
    // Storage blocked: the default theme.
  }
  var prefersLight =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: light)').matches
  var theme = preference === 'system' ? (prefersLight ? 'light' : 'dark') : preference
  var root = document.documentElement
  root.setAttribute('data-theme', theme)
  root.style.colorScheme = theme
  if (theme === 'light') {
    var meta = document.querySelector('meta[name="theme-color"]')
    if (meta) meta.setAttribute('content', '#f2f4f7')
  }
})()

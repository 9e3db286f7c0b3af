// The app's theme colours as literals, for what the chart paints on its canvas (which cannot resolve CSS
// variables): the candles, the grid and the levels' lines.

/**
 * Custom properties come back with their var() references resolved; the fallbacks are the same tokens' dark-theme
 * hex values, for when no stylesheet is loaded.
 */
export function themeColours(element: HTMLElement) {
  const style = getComputedStyle(element)
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  return {
    text: read('--colors-text-muted', '#97a1b3'),
    strongText: read('--colors-text', '#e6eaf0'),
    grid: read('--colors-border-muted', '#1f2634'),
    border: read('--colors-border', '#283042'),
    gain: read('--colors-gain', '#2ebd85'),
    loss: read('--colors-loss', '#ff6b7d'),
    accent: read('--colors-accent', '#79aefc'),
    fontFamily: style.fontFamily || 'system-ui, sans-serif',
  }
}

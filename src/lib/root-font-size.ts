// The root element's font size in CSS px: what 1rem is. Sizes set in rem (so they follow the reader's default font
// size, an accessibility setting) but placed by script in px (the market watch's virtualised rows) convert with it.

const DEFAULT_ROOT_FONT_PX = 16

/** 1rem in px, read from the document now; 16 where nothing is laid out (tests) or the value is unreadable. */
export function rootFontSizePx(): number {
  if (typeof document === 'undefined') return DEFAULT_ROOT_FONT_PX
  const px = Number.parseFloat(getComputedStyle(document.documentElement).fontSize)
  return Number.isFinite(px) && px > 0 ? px : DEFAULT_ROOT_FONT_PX
}

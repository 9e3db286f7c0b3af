// A figure that changes many times a second (a bid, a P/L), laid out so that a change costs Chromium the layout of
// its own box instead of the page's. The box is as wide as its text in characters of the monospaced price font and
// one line high, and declares that nothing inside can change its size (`contain: strict`): that makes it a
// relayout boundary, so a new figure of the same length lays out just the box. A different length changes the
// width and lays out around it, as any text would, so nothing is ever clipped. The box sits in a plain block (the
// slot) because a flex or grid item cannot be a boundary. On /mt4 at 2,000 ticks/s this took layout from ~3.5 % of
// the main thread to ~0.5 % (tests/bench/README.md); tests/e2e/live-text-layout.spec.ts checks that ticking prices
// cause no layout from the root.
import type { HTMLAttributes } from 'react'
import { css, cx } from 'styled-system/css'
import { text as textRecipe } from 'styled-system/recipes'

const slot = css({ display: 'block' })

const box = css({
  display: 'block',
  // size + layout: a relayout boundary; paint: Chromium repaints the box alone (without it, Paint doubled in the
  // trace). Paint containment clips, so the clip has a margin for a glyph wider than 1ch from a fallback font.
  contain: 'strict',
  overflowClipMargin: '0.5em',
  h: '1lh',
  textStyle: 'price',
  // Every character exactly 1ch wide, so the width in characters fits the text.
  letterSpacing: '0',
  whiteSpace: 'nowrap',
  // The slot's text-align places inline content, not a block: margins place the box.
  '&[data-align=end]': { marginInlineStart: 'auto' },
  '&[data-align=center]': { marginInline: 'auto' },
})

export interface LiveTextProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  text: string
  /** Where the box sits in the space around it: 'end' for figures in right-aligned columns. */
  align?: 'start' | 'center' | 'end'
  /**
   * A signed figure's colour (`signTone` of its text), or a warning (a margin level in margin call), also as
   * `data-tone`: the text or a visually hidden note beside it carries the meaning too.
   */
  tone?: 'gain' | 'loss' | 'warning'
}

export function LiveText({ text, align = 'start', tone, className, style, ...rest }: LiveTextProps) {
  return (
    <span className={slot}>
      <span
        {...rest}
        data-align={align}
        data-tone={tone}
        className={cx(box, tone && textRecipe({ tone }), className)}
        style={{ ...style, width: `${text.length}ch` }}
      >
        {text}
      </span>
    </span>
  )
}

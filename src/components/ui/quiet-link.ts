// A secondary text link (the legal links under the sign-up forms, the legal pages' own footer): muted and underlined
// so it reads as a link without competing with the page's actions.
import { css } from 'styled-system/css'

export const quietLinkClass = css({
  color: 'text.muted',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  rounded: 'sm',
  _hover: { color: 'text' },
  focusVisibleRing: 'outside',
})

/** A link inside a sentence (e.g. 'Go to savings' after a hint): the accent colour, underlined. */
export const textLinkClass = css({ color: 'accent', textDecoration: 'underline' })

import type { ComponentProps } from 'react'
import { cva } from 'styled-system/css'
import { styled } from 'styled-system/jsx'

// A surface: a box on the surface background with a one-pixel border and the surface's rounded corners, the page's
// plain panel (a legal page's text, a page still being built, the account's summary, a list's item). It draws no
// heading of its own and no padding: a panel named by its heading is a SectionCard; the caller says the element
// (`as="section"`, `as="article"`) and sets padding, layout and a shadow with style props, which win over the
// surface's own (`borderColor` for a highlighted one). `surface()` is the same look as a class, for a class computed
// once at module level on a hot path (decision 0040).

export const surface = cva({
  base: {
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    rounded: 'surface',
  },
})

export const Surface = styled('div', surface)

export type SurfaceProps = ComponentProps<typeof Surface>

import { css } from 'styled-system/css'
import { grid } from 'styled-system/patterns'

/** The card the sign-up forms sit on: nearly opaque, so the blurred background never lowers text contrast. */
export const surfaceStyles = grid.raw({
  gap: '6',
  p: { base: '5', md: '8' },
  rounded: 'surface',
  bg: 'bg.glass',
  borderWidth: '1px',
  borderColor: 'border',
  shadow: 'overlay',
})

export const surfaceClass = css(surfaceStyles)

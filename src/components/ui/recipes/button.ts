import { defineRecipe } from '@pandacss/dev'

export const button = defineRecipe({
  className: 'button',
  description: 'Buttons: solid (primary), outline, ghost, danger, and gain/loss for buy/sell.',
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    flexShrink: 0,
    fontWeight: 'semibold',
    lineHeight: '1',
    whiteSpace: 'nowrap',
    rounded: 'control',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'transparent',
    cursor: 'pointer',
    userSelect: 'none',
    textDecoration: 'none',
    transitionProperty: 'background-color, border-color, color, opacity',
    transitionDuration: 'fast',
    focusVisibleRing: 'outside',
    '& svg': { flexShrink: 0, w: '1.1em', h: '1.1em' },
    '&:is(:disabled, [aria-disabled=true]):not([data-loading])': { opacity: 0.5, cursor: 'not-allowed' },
    // Busy, not unavailable: the label stays at full contrast so the user can still read what is happening.
    '&[data-loading]': { cursor: 'progress' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'accent.solid',
        color: 'accent.fg',
        '&:hover:enabled': { bg: 'accent.solidHover' },
      },
      outline: {
        bg: 'transparent',
        color: 'text.default',
        borderColor: 'border.control',
        '&:hover:enabled': { bg: 'bg.hover', borderColor: 'text.muted' },
      },
      ghost: {
        bg: 'transparent',
        color: 'text.default',
        '&:hover:enabled': { bg: 'bg.hover' },
      },
      danger: {
        bg: 'danger.solid',
        color: 'danger.fg',
        '&:hover:enabled': { bg: 'danger.solidHover' },
      },
      gain: {
        bg: 'gain.solid',
        color: 'gain.fg',
        '&:hover:enabled': { bg: 'gain.solidHover' },
      },
      loss: {
        bg: 'loss.solid',
        color: 'loss.fg',
        '&:hover:enabled': { bg: 'loss.solidHover' },
      },
    },
    size: {
      // Dense trading tables (positions, order tickets).
      xs: { h: '7', minW: '7', px: '2', fontSize: 'xs', gap: '1' },
      sm: { h: '8', minW: '8', px: '3', fontSize: 'sm' },
      md: { h: '10', minW: '10', px: '4', fontSize: 'sm' },
      lg: { h: '12', minW: '12', px: '5', fontSize: 'md' },
    },
    iconOnly: {
      true: { px: '0' },
    },
    fullWidth: {
      true: { w: 'full' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
})

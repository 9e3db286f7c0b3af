import { defineRecipe } from '@pandacss/dev'

export const heading = defineRecipe({
  className: 'heading',
  base: { fontWeight: 'semibold', color: 'text.default', letterSpacing: '-0.01em' },
  variants: {
    size: {
      sm: { fontSize: 'md', lineHeight: '1.5rem' },
      md: { fontSize: 'lg', lineHeight: '1.75rem' },
      lg: { fontSize: 'xl', lineHeight: '1.75rem' },
      xl: { fontSize: { base: 'xl', md: '2xl' }, lineHeight: '2rem' },
      '2xl': { fontSize: { base: '2xl', md: '3xl' }, lineHeight: '1.2', fontWeight: 'bold' },
    },
  },
  defaultVariants: { size: 'md' },
})

export const text = defineRecipe({
  className: 'text',
  base: {},
  variants: {
    size: {
      xs: { fontSize: 'xs' },
      sm: { fontSize: 'sm' },
      md: { fontSize: 'md' },
      lg: { fontSize: 'lg' },
    },
    tone: {
      default: { color: 'text.default' },
      muted: { color: 'text.muted' },
      accent: { color: 'accent.default' },
      gain: { color: 'gain.default' },
      loss: { color: 'loss.default' },
      warning: { color: 'warning.default' },
      danger: { color: 'danger.default' },
    },
    /** A figure or a name that stands out from the text around it. */
    weight: {
      medium: { fontWeight: 'medium' },
      semibold: { fontWeight: 'semibold' },
      bold: { fontWeight: 'bold' },
    },
    /** Prices and quotes: tabular mono digits. */
    numeric: {
      true: { textStyle: 'price' },
    },
  },
})

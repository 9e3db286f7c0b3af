import { defineSlotRecipe } from '@pandacss/dev'

export const switchRecipe = defineSlotRecipe({
  className: 'switch',
  slots: ['root', 'control', 'thumb', 'label'],
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2.5',
      cursor: 'pointer',
      _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    },
    control: {
      display: 'inline-flex',
      alignItems: 'center',
      flexShrink: 0,
      w: '9',
      h: '5',
      p: '0.5',
      bg: 'track',
      rounded: 'full',
      transitionProperty: 'background-color',
      transitionDuration: 'fast',
      focusVisibleRing: 'outside',
      _checked: { bg: 'accent.solid' },
    },
    thumb: {
      w: '4',
      h: '4',
      bg: 'white',
      rounded: 'full',
      boxShadow: 'raised',
      transition: 'transform 150ms',
      _checked: { transform: 'translateX(1rem)' },
    },
    label: { fontSize: 'sm', color: 'text.default', userSelect: 'none' },
  },
})

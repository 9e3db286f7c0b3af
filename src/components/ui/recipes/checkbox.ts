import { defineSlotRecipe } from '@pandacss/dev'

const control = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  w: '5',
  h: '5',
  mt: '0.5',
  bg: 'bg.app',
  color: 'accent.fg',
  borderWidth: '1.5px',
  borderColor: 'border.control',
  rounded: 'sm',
  transitionProperty: 'background-color, border-color',
  transitionDuration: 'fast',
  focusVisibleRing: 'outside',
  _hover: { borderColor: 'text.muted' },
  _checked: { bg: 'accent.solid', borderColor: 'accent.solid' },
  _indeterminate: { bg: 'accent.solid', borderColor: 'accent.solid' },
  _invalid: { borderColor: 'danger.default' },
  '& svg': { w: '3.5', h: '3.5', strokeWidth: '3' },
} as const

export const checkbox = defineSlotRecipe({
  className: 'checkbox',
  slots: ['root', 'control', 'indicator', 'label'],
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'flex-start',
      gap: '2.5',
      cursor: 'pointer',
      _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    },
    control,
    label: { fontSize: 'sm', color: 'text.default', lineHeight: '1.5rem', userSelect: 'none' },
  },
})

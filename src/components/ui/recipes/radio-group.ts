import { defineSlotRecipe } from '@pandacss/dev'

// A choice among a few options shown at once, each a full-width row with its circle (the close-all dialog's
// "all positions or this asset's"): the row is the label, so the whole row takes the pointer.
export const radioGroup = defineSlotRecipe({
  className: 'radio-group',
  slots: ['root', 'label', 'item', 'itemControl', 'itemText'],
  base: {
    root: { display: 'flex', flexDir: 'column', gap: '2' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'text.default', mb: '0.5' },
    item: {
      display: 'flex',
      alignItems: 'center',
      gap: '3',
      px: '3',
      py: '2.5',
      borderWidth: '1px',
      borderColor: 'border.default',
      rounded: 'control',
      cursor: 'pointer',
      transitionProperty: 'background-color, border-color',
      transitionDuration: 'fast',
      _hover: { bg: 'bg.hover' },
      _checked: { borderColor: 'accent.solid', bg: 'accent.subtle' },
      _disabled: { opacity: 0.6, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
    },
    itemControl: {
      flexShrink: 0,
      w: '4',
      h: '4',
      rounded: 'full',
      borderWidth: '1.5px',
      borderColor: 'border.control',
      bg: 'bg.app',
      transitionProperty: 'border-width, border-color',
      transitionDuration: 'fast',
      focusVisibleRing: 'outside',
      _checked: { borderColor: 'accent.solid', borderWidth: '5px' },
    },
    itemText: { fontSize: 'sm', color: 'text.default', userSelect: 'none', minW: '0' },
  },
})

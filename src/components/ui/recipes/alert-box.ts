import { defineSlotRecipe } from '@pandacss/dev'

// Each variant sets a colorPalette; the slots read colorPalette.* so one set of rules serves all four.
export const alertBox = defineSlotRecipe({
  className: 'alert-box',
  slots: ['root', 'icon', 'content', 'title', 'description', 'closeTrigger'],
  base: {
    root: {
      position: 'relative',
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      w: 'full',
      p: '4',
      bg: 'colorPalette.subtle',
      color: 'text.default',
      borderWidth: '1px',
      borderColor: 'colorPalette.border',
      rounded: 'surface',
    },
    icon: { flexShrink: 0, w: '5', h: '5', mt: '0.5', color: 'colorPalette.default' },
    content: { display: 'flex', flexDir: 'column', gap: '1', flex: '1', minW: '0' },
    title: { fontSize: 'sm', fontWeight: 'semibold', lineHeight: '1.5rem', color: 'text.default' },
    description: { fontSize: 'sm', lineHeight: '1.5', color: 'text.default' },
    closeTrigger: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      w: '7',
      h: '7',
      mt: '-0.5',
      me: '-1.5',
      rounded: 'control',
      color: 'text.muted',
      cursor: 'pointer',
      _hover: { bg: 'bg.hover', color: 'text.default' },
      focusVisibleRing: 'outside',
      focusRingOffset: '0',
      '& svg': { w: '4', h: '4' },
    },
  },
  variants: {
    variant: {
      default: { root: { colorPalette: 'accent' } },
      destructive: { root: { colorPalette: 'danger' } },
      success: { root: { colorPalette: 'success' } },
      warning: { root: { colorPalette: 'warning' } },
    },
  },
  defaultVariants: { variant: 'default' },
})

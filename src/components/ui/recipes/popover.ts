import { defineSlotRecipe } from '@pandacss/dev'
import { floatingSurface } from './shared'

export const popover = defineSlotRecipe({
  className: 'popover',
  slots: [
    'arrow',
    'arrowTip',
    'anchor',
    'trigger',
    'indicator',
    'positioner',
    'content',
    'title',
    'description',
    'closeTrigger',
  ],
  base: {
    content: {
      // On the content, not the positioner: Ark's positioner takes its z-index inline from the content's (zag's
      // --z-index), so one set on the positioner was overridden by 'auto'.
      zIndex: 'popover',
      ...floatingSurface,
      display: 'flex',
      flexDir: 'column',
      gap: '2',
      p: '4',
      w: 'max-content',
      maxW: 'min(22rem, calc(100vw - 1rem))',
    },
    arrowTip: { borderTopWidth: '1px', borderInlineStartWidth: '1px', borderColor: 'border.default' },
    title: { fontSize: 'sm', fontWeight: 'semibold' },
    description: { fontSize: 'sm', color: 'text.muted' },
    indicator: { transition: 'transform 150ms', _open: { transform: 'rotate(180deg)' } },
    closeTrigger: {
      position: 'absolute',
      top: '2',
      insetInlineEnd: '2',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '7',
      h: '7',
      rounded: 'control',
      color: 'text.muted',
      cursor: 'pointer',
      _hover: { bg: 'bg.hover', color: 'text.default' },
      focusVisibleRing: 'outside',
      focusRingOffset: '0',
      '& svg': { w: '4', h: '4' },
    },
  },
})

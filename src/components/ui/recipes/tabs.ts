import { defineSlotRecipe } from '@pandacss/dev'

export const tabs = defineSlotRecipe({
  className: 'tabs',
  slots: ['root', 'list', 'trigger', 'content', 'indicator'],
  base: {
    root: { display: 'flex', flexDir: 'column', w: 'full' },
    list: {
      position: 'relative',
      display: 'flex',
      flexShrink: 0,
      overflowX: 'auto',
      scrollbarWidth: 'none',
    },
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '2',
      flexShrink: 0,
      px: '3',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'text.muted',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      transitionProperty: 'color, background-color, box-shadow',
      transitionDuration: 'fast',
      borderTopRadius: 'sm',
      _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
      _hover: { color: 'text.default' },
      _selected: { color: 'text.default' },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
      '& svg': { w: '4', h: '4' },
    },
    content: { pt: '4', outline: 'none', _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' } },
  },
  variants: {
    variant: {
      // Underlined: the selected tab is marked by a bar as well as by colour.
      line: {
        list: { gap: '1', borderBottomWidth: '1px', borderColor: 'border.default' },
        trigger: {
          h: '10',
          mb: '-1px',
          borderBottomWidth: '2px',
          borderColor: 'transparent',
          _selected: { borderColor: 'accent.default', fontWeight: 'semibold' },
        },
      },
      // Segmented: the selected tab is a raised pill.
      enclosed: {
        list: {
          gap: '1',
          p: '1',
          bg: 'bg.app',
          rounded: 'control',
          borderWidth: '1px',
          borderColor: 'border.default',
        },
        trigger: {
          h: '8',
          flex: '1',
          rounded: 'sm',
          _selected: { bg: 'bg.hover', boxShadow: 'raised', fontWeight: 'semibold' },
        },
      },
    },
    fitted: {
      true: { trigger: { flex: '1' } },
    },
  },
  defaultVariants: { variant: 'line' },
})

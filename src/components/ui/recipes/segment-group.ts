import { defineSlotRecipe } from '@pandacss/dev'

// One choice among a few short options set side by side as one control (a segmented control): the order ticket's
// volume unit, the back office's status filter. Each item is the label of a hidden radio (Ark SegmentGroup), so the
// whole segment takes the pointer. The chosen one differs in fill and weight as well as colour.
export const segmentGroup = defineSlotRecipe({
  className: 'segment-group',
  slots: ['root', 'label', 'items', 'item', 'itemText'],
  base: {
    root: { display: 'flex', flexDir: 'column', gap: '1.5' },
    label: { textStyle: 'label' },
    items: { display: 'flex', gap: '1' },
    item: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      rounded: 'control',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      userSelect: 'none',
      transitionProperty: 'background-color, border-color, color',
      transitionDuration: 'fast',
      focusVisibleRing: 'outside',
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    },
    itemText: { minW: '0' },
  },
  variants: {
    variant: {
      // A track holding the segments; the chosen one is a raised pill.
      enclosed: {
        items: { p: '1', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', rounded: 'control' },
        item: {
          color: 'text.muted',
          _hover: { color: 'text', bg: 'bg.hover' },
          _checked: { bg: 'bg.raised', color: 'text', fontWeight: 'semibold', shadow: 'raised' },
        },
      },
      // Separate outlined segments, as the outline Button; the chosen one is filled as the solid Button.
      outline: {
        item: {
          fontWeight: 'semibold',
          lineHeight: '1',
          borderWidth: '1px',
          borderColor: 'border.control',
          color: 'text.default',
          _hover: { bg: 'bg.hover', borderColor: 'text.muted' },
          _checked: {
            bg: 'accent.solid',
            color: 'accent.fg',
            borderColor: 'transparent',
            _hover: { bg: 'accent.solidHover', borderColor: 'transparent' },
          },
        },
      },
    },
    size: {
      xs: { item: { h: '7', minW: '7', px: '2', fontSize: 'xs', gap: '1' } },
      sm: { item: { h: '8', minW: '8', px: '3', fontSize: 'sm', gap: '2' } },
    },
    // Every segment takes an equal share of the width.
    fitted: {
      true: { item: { flex: '1' } },
    },
  },
  defaultVariants: { variant: 'enclosed', size: 'sm' },
})

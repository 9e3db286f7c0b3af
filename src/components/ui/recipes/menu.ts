import { defineSlotRecipe } from '@pandacss/dev'
import { floatingSurface, groupLabel, listItem } from './shared'

export const menu = defineSlotRecipe({
  className: 'menu',
  slots: [
    'arrow',
    'arrowTip',
    'content',
    'contextTrigger',
    'indicator',
    'item',
    'itemGroup',
    'itemGroupLabel',
    'itemIndicator',
    'itemText',
    'positioner',
    'separator',
    'trigger',
    'triggerItem',
  ],
  base: {
    content: {
      // On the content, not the positioner: Ark's positioner takes its z-index inline from the content's computed
      // one (zag's --z-index), so one set on the positioner was overridden by 'auto' and the open menu went under
      // the market watch's sticky head (decision 0022).
      zIndex: 'dropdown',
      ...floatingSurface,
      display: 'flex',
      flexDir: 'column',
      gap: '0.5',
      p: '1',
      minW: '44',
      maxH: 'min(24rem, var(--available-height, 24rem))',
      overflowY: 'auto',
    },
    item: listItem,
    triggerItem: listItem,
    itemGroup: { display: 'flex', flexDir: 'column', gap: '0.5' },
    itemGroupLabel: groupLabel,
    itemText: { flex: '1' },
    itemIndicator: { ms: 'auto', color: 'accent.default' },
    indicator: { transition: 'transform 150ms', _open: { transform: 'rotate(180deg)' } },
    separator: { my: '1', mx: '-1', borderTopWidth: '1px', borderColor: 'border.default' },
  },
})

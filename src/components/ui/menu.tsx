import { Menu as ArkMenu } from '@ark-ui/react/menu'
import type { ComponentProps } from 'react'
import { menu } from 'styled-system/recipes'
import { LayerPortal } from './layer-portal'
import { createStyleContext } from './style-context'

// A menu button: arrow keys move between items, typing jumps to an item, Enter/Space selects, Escape closes.
// The Positioner portals itself (see layer-portal.tsx); pass `portalled={false}` to render in place.

const { withRootProvider, withContext } = createStyleContext(menu)

export const Root = withRootProvider(ArkMenu.Root, 'Menu.Root')
export const Trigger = withContext(ArkMenu.Trigger, 'trigger', 'Menu.Trigger')
export const ContextTrigger = withContext(ArkMenu.ContextTrigger, 'contextTrigger', 'Menu.ContextTrigger')
export const Indicator = withContext(ArkMenu.Indicator, 'indicator', 'Menu.Indicator')
export const Content = withContext(ArkMenu.Content, 'content', 'Menu.Content')
export const Arrow = withContext(ArkMenu.Arrow, 'arrow', 'Menu.Arrow')
export const ArrowTip = withContext(ArkMenu.ArrowTip, 'arrowTip', 'Menu.ArrowTip')
export const Item = withContext(ArkMenu.Item, 'item', 'Menu.Item')
export const ItemText = withContext(ArkMenu.ItemText, 'itemText', 'Menu.ItemText')
export const ItemIndicator = withContext(ArkMenu.ItemIndicator, 'itemIndicator', 'Menu.ItemIndicator')
export const ItemGroup = withContext(ArkMenu.ItemGroup, 'itemGroup', 'Menu.ItemGroup')
export const ItemGroupLabel = withContext(ArkMenu.ItemGroupLabel, 'itemGroupLabel', 'Menu.ItemGroupLabel')
export const CheckboxItem = withContext(ArkMenu.CheckboxItem, 'item', 'Menu.CheckboxItem')
export const RadioItemGroup = withContext(ArkMenu.RadioItemGroup, 'itemGroup', 'Menu.RadioItemGroup')
export const RadioItem = withContext(ArkMenu.RadioItem, 'item', 'Menu.RadioItem')
export const Separator = withContext(ArkMenu.Separator, 'separator', 'Menu.Separator')
export const TriggerItem = withContext(ArkMenu.TriggerItem, 'triggerItem', 'Menu.TriggerItem')
export const Context = ArkMenu.Context

const StyledPositioner = withContext(ArkMenu.Positioner, 'positioner', 'Menu.Positioner')

export function Positioner({
  portalled = true,
  ...props
}: ComponentProps<typeof StyledPositioner> & { portalled?: boolean }) {
  return (
    <LayerPortal disabled={!portalled}>
      <StyledPositioner {...props} />
    </LayerPortal>
  )
}

export type RootProps = ComponentProps<typeof Root>
export type SelectionDetails = ArkMenu.SelectionDetails

import { createListCollection, Select as ArkSelect } from '@ark-ui/react/select'
import type { CollectionItem } from '@ark-ui/react/collection'
import { Check, ChevronDown } from 'lucide-react'
import type { ComponentProps } from 'react'
import { select, type SelectVariantProps } from 'styled-system/recipes'
import { LayerPortal } from './layer-portal'
import { createStyleContext } from './style-context'

// A listbox select (Ark Select): the trigger opens a list navigable with arrows and type-ahead; HiddenSelect keeps
// native form submission and autofill working. Items come from a collection: createListCollection({ items }).
// The Positioner portals itself (see layer-portal.tsx); pass `portalled={false}` to render in place.

export { createListCollection }
export type { CollectionItem }
export type ListCollection<T extends CollectionItem = CollectionItem> = ReturnType<
  typeof createListCollection<T>
>

const { withProvider, withContext } = createStyleContext(select)

/** Generic over the item type, like Ark's Select.Root. */
export const Root = withProvider(
  ArkSelect.Root,
  'root',
  'Select.Root',
) as ArkSelect.RootComponent<SelectVariantProps>
export const Label = withContext(ArkSelect.Label, 'label', 'Select.Label')
export const Control = withContext(ArkSelect.Control, 'control', 'Select.Control')
export const Trigger = withContext(ArkSelect.Trigger, 'trigger', 'Select.Trigger')
export const ValueText = withContext(ArkSelect.ValueText, 'valueText', 'Select.ValueText')
export const ClearTrigger = withContext(ArkSelect.ClearTrigger, 'clearTrigger', 'Select.ClearTrigger')
export const Content = withContext(ArkSelect.Content, 'content', 'Select.Content')
export const List = withContext(ArkSelect.List, 'list', 'Select.List')
export const Item = withContext(ArkSelect.Item, 'item', 'Select.Item')
export const ItemText = withContext(ArkSelect.ItemText, 'itemText', 'Select.ItemText')
export const ItemGroup = withContext(ArkSelect.ItemGroup, 'itemGroup', 'Select.ItemGroup')
export const ItemGroupLabel = withContext(ArkSelect.ItemGroupLabel, 'itemGroupLabel', 'Select.ItemGroupLabel')
export const HiddenSelect = ArkSelect.HiddenSelect
export const Context = ArkSelect.Context
export const ItemContext = ArkSelect.ItemContext

const StyledIndicator = withContext(ArkSelect.Indicator, 'indicator', 'Select.Indicator')
const StyledItemIndicator = withContext(ArkSelect.ItemIndicator, 'itemIndicator', 'Select.ItemIndicator')
const StyledPositioner = withContext(ArkSelect.Positioner, 'positioner', 'Select.Positioner')

/** The chevron in the trigger (default child: ChevronDown). */
export function Indicator({ children, ...props }: ComponentProps<typeof StyledIndicator>) {
  return <StyledIndicator {...props}>{children ?? <ChevronDown />}</StyledIndicator>
}

/** The tick beside the selected item (default child: Check), so selection is not shown by colour alone. */
export function ItemIndicator({ children, ...props }: ComponentProps<typeof StyledItemIndicator>) {
  return <StyledItemIndicator {...props}>{children ?? <Check />}</StyledItemIndicator>
}

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

export type RootProps<T extends CollectionItem = CollectionItem> = ArkSelect.RootProps<T> & SelectVariantProps
export type ValueChangeDetails<T extends CollectionItem = CollectionItem> = ArkSelect.ValueChangeDetails<T>

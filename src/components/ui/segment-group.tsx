import { SegmentGroup as ArkSegmentGroup } from '@ark-ui/react/segment-group'
import type { ComponentProps, ReactNode } from 'react'
import { segmentGroup } from 'styled-system/recipes'
import { visuallyHidden } from 'styled-system/patterns'
import { createStyleContext } from './style-context'

// A segmented control: one choice among a few short options set side by side (Ark SegmentGroup, a radio group
// underneath: role="radiogroup", one Tab stop, the arrow keys choose). Variants: enclosed (a track, the chosen
// segment raised) and outline (separate outlined segments, the chosen one filled); `fitted` shares the width.

const { withProvider, withContext } = createStyleContext(segmentGroup)

export const Root = withProvider(ArkSegmentGroup.Root, 'root', 'SegmentGroup.Root')
export const Label = withContext(ArkSegmentGroup.Label, 'label', 'SegmentGroup.Label')
/** Holds the items in a row (the enclosed variant's track); not an Ark part. */
export const Items = withContext('div', 'items', 'SegmentGroup.Items')
export const Item = withContext(ArkSegmentGroup.Item, 'item', 'SegmentGroup.Item')
export const ItemText = withContext(ArkSegmentGroup.ItemText, 'itemText', 'SegmentGroup.ItemText')
export const ItemHiddenInput = ArkSegmentGroup.ItemHiddenInput

export type RootProps = ComponentProps<typeof Root>
export type ValueChangeDetails = ArkSegmentGroup.ValueChangeDetails

export interface SegmentOption {
  value: string
  label: ReactNode
  disabled?: boolean
  /** A longer name shown on hover (e.g. '5 minutes' for '5m'); the accessible name stays the label. */
  title?: string
}

export type SegmentGroupProps = Omit<RootProps, 'children'> & {
  /** Names the group (role="radiogroup"). */
  label: ReactNode
  /** The name is read by assistive technology only (the control's purpose is plain from its options). */
  hideLabel?: boolean
  options: readonly SegmentOption[]
}

/**
 * The ready-made segmented control: a named group, one segment per option. Controlled with `value` +
 * `onValueChange(({ value }) => ...)`.
 */
export function SegmentGroup({ label, hideLabel = false, options, ...props }: SegmentGroupProps) {
  return (
    <Root {...props}>
      <Label className={hideLabel ? visuallyHidden() : undefined}>{label}</Label>
      <Items>
        {options.map((option) => (
          <Item key={option.value} value={option.value} disabled={option.disabled} title={option.title}>
            <ItemText>{option.label}</ItemText>
            <ItemHiddenInput />
          </Item>
        ))}
      </Items>
    </Root>
  )
}

import { RadioGroup as ArkRadioGroup } from '@ark-ui/react/radio-group'
import type { ComponentProps, ReactNode } from 'react'
import { radioGroup } from 'styled-system/recipes'
import { createStyleContext } from './style-context'

const { withProvider, withContext } = createStyleContext(radioGroup)

const Root = withProvider(ArkRadioGroup.Root, 'root', 'RadioGroup.Root')
const Label = withContext(ArkRadioGroup.Label, 'label', 'RadioGroup.Label')
const Item = withContext(ArkRadioGroup.Item, 'item', 'RadioGroup.Item')
const ItemControl = withContext(ArkRadioGroup.ItemControl, 'itemControl', 'RadioGroup.ItemControl')
const ItemText = withContext(ArkRadioGroup.ItemText, 'itemText', 'RadioGroup.ItemText')

export interface RadioOption {
  value: string
  label: ReactNode
  disabled?: boolean
}

export type RadioGroupProps = Omit<ComponentProps<typeof Root>, 'children'> & {
  /** Names the group (role="radiogroup"). */
  label: ReactNode
  options: readonly RadioOption[]
}

/**
 * One choice among a few options shown at once (role="radiogroup"; arrow keys move between them, Tab leaves the
 * group). Controlled with `value` + `onValueChange(({ value }) => ...)`.
 */
export function RadioGroup({ label, options, ...props }: RadioGroupProps) {
  return (
    <Root {...props}>
      <Label>{label}</Label>
      {options.map((option) => (
        <Item key={option.value} value={option.value} disabled={option.disabled}>
          <ItemControl />
          <ItemText>{option.label}</ItemText>
          <ArkRadioGroup.ItemHiddenInput />
        </Item>
      ))}
    </Root>
  )
}

export type RadioValueChangeDetails = ArkRadioGroup.ValueChangeDetails

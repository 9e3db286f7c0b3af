import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox'
import { Check, Minus } from 'lucide-react'
import type { ComponentProps, ReactNode, Ref } from 'react'
import { checkbox } from 'styled-system/recipes'
import { createStyleContext } from './style-context'

const { withProvider, withContext } = createStyleContext(checkbox)

const Root = withProvider(ArkCheckbox.Root, 'root', 'Checkbox.Root')
const Control = withContext(ArkCheckbox.Control, 'control', 'Checkbox.Control')
const Indicator = withContext(ArkCheckbox.Indicator, 'indicator', 'Checkbox.Indicator')
const Label = withContext(ArkCheckbox.Label, 'label', 'Checkbox.Label')

export type CheckboxProps = Omit<ComponentProps<typeof Root>, 'children' | 'ref'> & {
  label: ReactNode
  /** Goes to the hidden native <input>, the element that takes focus: pass react-hook-form's `field.ref`. */
  ref?: Ref<HTMLInputElement>
  /** Props for the hidden native input (e.g. onBlur from react-hook-form). */
  inputProps?: ComponentProps<typeof ArkCheckbox.HiddenInput>
}

/**
 * A checkbox with its label. Controlled: `checked` + `onCheckedChange(({ checked }) => ...)`; in a react-hook-form
 * form it is a FormCheckbox (`form-checkbox.tsx`), bound by `control` and `name`.
 */
export function Checkbox({ label, ref, inputProps, ...props }: CheckboxProps) {
  return (
    <Root {...props}>
      <Control>
        <Indicator>
          <Check />
        </Indicator>
        <Indicator indeterminate>
          <Minus />
        </Indicator>
      </Control>
      <Label>{label}</Label>
      <ArkCheckbox.HiddenInput ref={ref} {...inputProps} />
    </Root>
  )
}

export type CheckedChangeDetails = ArkCheckbox.CheckedChangeDetails
export type CheckedState = ArkCheckbox.CheckedState

import { Switch as ArkSwitch } from '@ark-ui/react/switch'
import type { ComponentProps, ReactNode, Ref } from 'react'
import { visuallyHidden } from 'styled-system/patterns'
import { switchRecipe } from 'styled-system/recipes'
import { createStyleContext } from './style-context'

const { withProvider, withContext } = createStyleContext(switchRecipe)

const Root = withProvider(ArkSwitch.Root, 'root', 'Switch.Root')
const Control = withContext(ArkSwitch.Control, 'control', 'Switch.Control')
const Thumb = withContext(ArkSwitch.Thumb, 'thumb', 'Switch.Thumb')
const Label = withContext(ArkSwitch.Label, 'label', 'Switch.Label')

export type SwitchProps = Omit<ComponentProps<typeof Root>, 'children' | 'ref'> & {
  label: ReactNode
  /** Goes to the hidden native <input>, the element that takes focus. */
  ref?: Ref<HTMLInputElement>
  inputProps?: ComponentProps<typeof ArkSwitch.HiddenInput>
  /** Keeps the label for assistive technology only (a dense row that already says what the switch is for). */
  hideLabel?: boolean
}

/** An on/off switch with its label (role="switch"); controlled with `checked` + `onCheckedChange`. */
export function Switch({ label, ref, inputProps, hideLabel, ...props }: SwitchProps) {
  return (
    <Root {...props}>
      <Control>
        <Thumb />
      </Control>
      <Label className={hideLabel ? visuallyHidden() : undefined}>{label}</Label>
      {/* Zag renders a plain checkbox; role="switch" tells assistive technology it is an on/off toggle. */}
      <ArkSwitch.HiddenInput role="switch" ref={ref} {...inputProps} />
    </Root>
  )
}

export type SwitchCheckedChangeDetails = ArkSwitch.CheckedChangeDetails

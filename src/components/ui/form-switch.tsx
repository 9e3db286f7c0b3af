import type { ReactNode } from 'react'
import { useController, type FieldPath, type FieldValues } from 'react-hook-form'
import type { FormBinding } from './form-field'
import { Switch } from './switch'

// A Switch bound to react-hook-form by `control` + `name`, like FormCheckbox: the field's value is whether it is on
// (a boolean), a blur marks it touched, and the form can focus it (its hidden <input> takes the ref). A setting that
// is on or off at once has no error to show.

export interface FormSwitchProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TContext = unknown,
  TTransformed = TValues,
> extends FormBinding<TValues, TName, TContext, TTransformed> {
  label: string
  disabled?: boolean
  /** Keeps the label for assistive technology only. */
  hideLabel?: boolean
  className?: string
}

export function FormSwitch<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TContext = unknown,
  TTransformed = TValues,
>(props: FormSwitchProps<TValues, TName, TContext, TTransformed>): ReactNode {
  const {
    field: { ref, name, value, onChange, onBlur, disabled },
  } = useController({ control: props.control, name: props.name })
  return (
    <Switch
      name={name}
      ref={ref}
      checked={value === true}
      onCheckedChange={(details) => onChange(details.checked)}
      inputProps={{ onBlur }}
      disabled={props.disabled ?? disabled}
      label={props.label}
      hideLabel={props.hideLabel}
      className={props.className}
    />
  )
}

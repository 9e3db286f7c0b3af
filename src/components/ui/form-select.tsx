import type { ReactNode } from 'react'
import { useController, type FieldPath, type FieldValues } from 'react-hook-form'
import type { FormBinding } from './form-field'
import { OptionSelect, type SelectOption } from './option-select'

// An OptionSelect bound to react-hook-form by `control` + `name`, like FormField: the chosen option's value is the
// field's value (an empty value shows the placeholder), the form can focus its trigger, and the error the form
// state holds for its name shows under it.

export interface FormSelectProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TContext = unknown,
  TTransformed = TValues,
> extends FormBinding<TValues, TName, TContext, TTransformed> {
  label: string
  options: readonly SelectOption[]
  placeholder?: string
  /** A line under the select that says what the choice does (its helper text). */
  description?: string
  /** Called after the form's value changed, with the value chosen: for a field that depends on this one. */
  onValueChange?: (value: string) => void
  /** A choice marks the field touched at once (as a blur would), so a form in onTouched mode checks it then. */
  touchOnChange?: boolean
  size?: 'sm' | 'md'
  className?: string
}

export function FormSelect<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TContext = unknown,
  TTransformed = TValues,
>(props: FormSelectProps<TValues, TName, TContext, TTransformed>): ReactNode {
  const {
    field: { ref, name, value, onChange, onBlur },
    fieldState,
  } = useController({ control: props.control, name: props.name })
  const chosen = value as string | null | undefined
  return (
    <OptionSelect
      ref={ref}
      label={props.label}
      name={name}
      options={props.options}
      value={chosen ? chosen : null}
      placeholder={props.placeholder}
      helperText={props.description}
      error={fieldState.error?.message}
      size={props.size}
      className={props.className}
      onBlur={onBlur}
      onChange={(next) => {
        onChange(next)
        if (props.touchOnChange) onBlur()
        props.onValueChange?.(next)
      }}
    />
  )
}

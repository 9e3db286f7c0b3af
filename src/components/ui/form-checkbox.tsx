import { useId, type ReactNode } from 'react'
import { useController, type FieldPath, type FieldValues } from 'react-hook-form'
import { Checkbox } from './checkbox'
import type { FormBinding } from './form-field'
import { Text } from './text'

// A Checkbox bound to react-hook-form by `control` + `name`, like FormField: the field's value is whether it is
// ticked (a boolean), a blur marks it touched, the form can focus it (its hidden <input> takes the ref), and the
// error the form state holds for its name shows under it as an alert that the checkbox is described by. It renders
// the checkbox and its error side by side, with no box of its own, so the caller's layout places both.

export interface FormCheckboxProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TContext = unknown,
  TTransformed = TValues,
> extends FormBinding<TValues, TName, TContext, TTransformed> {
  label: ReactNode
  disabled?: boolean
  className?: string
}

export function FormCheckbox<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TContext = unknown,
  TTransformed = TValues,
>(props: FormCheckboxProps<TValues, TName, TContext, TTransformed>): ReactNode {
  const {
    field: { ref, name, value, onChange, onBlur, disabled },
    fieldState,
  } = useController({ control: props.control, name: props.name })
  const errorId = useId()
  const error = fieldState.error
  return (
    <>
      <Checkbox
        name={name}
        ref={ref}
        checked={value === true}
        onCheckedChange={(details) => onChange(details.checked === true)}
        inputProps={{ onBlur, 'aria-describedby': error ? errorId : undefined }}
        invalid={Boolean(error)}
        disabled={props.disabled ?? disabled}
        label={props.label}
        className={props.className}
      />
      {error ? (
        <Text id={errorId} role="alert" tone="danger" size="sm">
          {error.message}
        </Text>
      ) : null}
    </>
  )
}

import type { ReactNode } from 'react'
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { PasswordField, TextField, type TextFieldProps } from './input'

// A TextField bound to react-hook-form by `control` + `name`, so a form neither spreads `register()` nor wires a
// Controller by hand: the field reads and writes the form's value, marks itself touched on blur, takes the focus
// when the form asks for it (`setError(..., { shouldFocus: true })`, a failed submit), and shows the error the
// form state holds for its name. Its value is the text typed, a number field's too: the form's schema parses it.

/** What the binding supplies; everything else is a TextField prop, passed to the <input>. */
type Bound =
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'ref' | 'helperText' | 'type'

/** A form part's binding to react-hook-form: the form's `control` (from useForm) and the field's `name`. */
export interface FormBinding<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TContext = unknown,
  TTransformed = TValues,
> {
  control: Control<TValues, TContext, TTransformed>
  name: TName
}

export type FormFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TContext = unknown,
  TTransformed = TValues,
> = Omit<TextFieldProps, Bound> &
  FormBinding<TValues, TName, TContext, TTransformed> & {
    /** 'password' draws a PasswordField, with its Show/Hide password button. */
    type?: 'text' | 'number' | 'password' | 'email' | 'tel' | 'date' | 'url' | 'search'
    /** A line under the input that says what to type (the field's helper text). */
    description?: ReactNode
    /** A password field that starts with the password shown. */
    defaultVisible?: boolean
  }

export function FormField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TContext = unknown,
  TTransformed = TValues,
>({
  control,
  name,
  type = 'text',
  description,
  defaultVisible,
  ...props
}: FormFieldProps<TValues, TName, TContext, TTransformed>) {
  const { field, fieldState } = useController({ control, name })
  const bound = {
    ...props,
    name: field.name,
    ref: field.ref,
    value: (field.value as string | number | null | undefined) ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    disabled: props.disabled ?? field.disabled,
    helperText: description,
    error: fieldState.error?.message,
  }
  return type === 'password' ? (
    <PasswordField {...bound} defaultVisible={defaultVisible} />
  ) : (
    <TextField {...bound} type={type} />
  )
}

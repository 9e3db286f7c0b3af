import type { ReactNode } from 'react'
import { useController, type FieldPath, type FieldValues } from 'react-hook-form'
import type { FormBinding } from './form-field'
import { TextAreaField, type TextAreaFieldProps } from './text-area-field'

// A TextAreaField bound to react-hook-form by `control` + `name`, like FormField: it reads and writes the form's
// value, marks itself touched on blur, takes the focus when the form asks for it, and shows the error the form state
// holds for its name. Every other prop (`rows`, `maxLength`, `required`, `placeholder`) goes to the <textarea>.

/** What the binding supplies. */
type Bound = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'ref' | 'helperText'

export type FormTextAreaProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TContext = unknown,
  TTransformed = TValues,
> = Omit<TextAreaFieldProps, Bound> &
  FormBinding<TValues, TName, TContext, TTransformed> & {
    /** A line under the text area that says what to write (its helper text). */
    description?: ReactNode
  }

export function FormTextArea<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TContext = unknown,
  TTransformed = TValues,
>({ control, name, description, ...props }: FormTextAreaProps<TValues, TName, TContext, TTransformed>) {
  const {
    field: { ref, value, onChange, onBlur, disabled, ...field },
    fieldState,
  } = useController({ control, name })
  return (
    <TextAreaField
      {...props}
      name={field.name}
      ref={ref}
      value={(value as string | null | undefined) ?? ''}
      onChange={onChange}
      onBlur={onBlur}
      disabled={props.disabled ?? disabled}
      helperText={description}
      error={fieldState.error?.message}
    />
  )
}

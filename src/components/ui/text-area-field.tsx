import { Field as ArkField } from '@ark-ui/react/field'
import { CircleAlert } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { field } from 'styled-system/recipes'
import { Field } from './input'

// A multi-line TextField: label, helper and error text wired by Ark's Field (ids, aria-describedby, aria-invalid),
// the input's look with room for several lines (the back office's settings texts, the reason an admin gives). In a
// react-hook-form form it is a FormTextArea (`form-text-area.tsx`), bound by `control` and `name`.

const textAreaClass = css({ h: 'auto', minH: '24', py: '2', lineHeight: 'normal', resize: 'vertical' })

export type TextAreaFieldProps = ComponentProps<'textarea'> & {
  label: ReactNode
  error?: ReactNode
  helperText?: ReactNode
  rootClassName?: string
}

export function TextAreaField({
  label,
  error,
  helperText,
  rootClassName,
  required,
  disabled,
  className,
  ...textarea
}: TextAreaFieldProps) {
  const hasError = error !== undefined && error !== null && error !== false && error !== ''
  return (
    <Field.Root invalid={hasError} required={required} disabled={disabled} className={rootClassName}>
      <Field.Label>{label}</Field.Label>
      <ArkField.Textarea className={cx(field().input, textAreaClass, className)} {...textarea} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {hasError ? (
        <Field.ErrorText>
          <CircleAlert />
          {error}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  )
}

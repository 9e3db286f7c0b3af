import { Field as ArkField } from '@ark-ui/react/field'
import { CircleAlert } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { field } from 'styled-system/recipes'
import { Field } from '../../../components/ui/input'

// A multi-line TextField: label, helper and error text wired by Ark's Field (ids, aria-describedby, aria-invalid),
// the input's look with room for several lines. The one textarea of the back office: settings texts and the reason
// an admin gives (deactivating, rejecting, adjusting). For react-hook-form: `{...form.register('reason')}`.

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

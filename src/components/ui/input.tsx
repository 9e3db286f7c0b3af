// The parts one by one, not Ark's `Field` namespace: that object holds the textarea (with its auto-resize) and the
// select too, which every page with an input would then download (the sign-in page's budget, decision 0027).
import { FieldErrorText, FieldHelperText, FieldInput, FieldLabel, FieldRoot } from '@ark-ui/react/field'
import { CircleAlert, Eye, EyeOff } from 'lucide-react'
import { useId, useState, type ComponentProps, type ReactNode } from 'react'
import { field, type FieldVariantProps } from 'styled-system/recipes'
import { createStyleContext } from './style-context'

const { withProvider, withContext } = createStyleContext(field)

const Root = withProvider(FieldRoot, 'root', 'Field.Root')
const Label = withContext(FieldLabel, 'label', 'Field.Label')
const Control = withContext('div', 'control', 'Field.Control')
const Icon = withContext('span', 'icon', 'Field.Icon')
const Input = withContext(FieldInput, 'input', 'Field.Input')
const Toggle = withContext('button', 'toggle', 'Field.PasswordToggle')
const HelperText = withContext(FieldHelperText, 'helperText', 'Field.HelperText')
const ErrorText = withContext(FieldErrorText, 'errorText', 'Field.ErrorText')

/**
 * The styled parts, for a field the ready-made ones do not cover (e.g. a prefix before the input). In a `Control`,
 * an `Icon` before the input (with `data-with-icon` on it) and an `Action` button after it (`data-with-toggle`).
 */
export const Field = { Root, Label, Control, Icon, Input, Action: Toggle, HelperText, ErrorText }

type FieldOwnProps = {
  label: ReactNode
  /** The error message (e.g. react-hook-form's `errors.email?.message`); when present the field is invalid. */
  error?: ReactNode
  helperText?: ReactNode
  /** Marks the field invalid without a message. */
  invalid?: boolean
  /** Class of the field's root; `className` goes to the <input>. */
  rootClassName?: string
}

export type TextFieldProps = Omit<ComponentProps<'input'>, 'size'> & FieldVariantProps & FieldOwnProps

type ShellProps = Omit<TextFieldProps, 'type' | 'children'> & {
  children: (inputProps: ComponentProps<'input'>, inputId: string) => ReactNode
}

// Root, label and messages shared by TextField and PasswordField; `children` renders the input area with the
// props meant for the <input> (the caller's rest props, ref included, plus aria-describedby).
function FieldShell(props: ShellProps) {
  const {
    label,
    error,
    helperText,
    invalid,
    rootClassName,
    size,
    id,
    required,
    disabled,
    readOnly,
    children,
    ...rest
  } = props
  const generated = useId()
  const inputId = id ?? `field-${generated.replace(/:/g, '')}`
  const errorId = `${inputId}-error`
  const helperId = `${inputId}-helper`
  const hasError = error !== undefined && error !== null && error !== false && error !== ''
  const isInvalid = Boolean(invalid) || hasError
  const describedBy =
    [isInvalid && hasError && errorId, Boolean(helperText) && helperId, rest['aria-describedby']]
      .filter(Boolean)
      .join(' ') || undefined
  return (
    <Root
      id={inputId}
      ids={{ errorText: errorId, helperText: helperId, label: `${inputId}-label` }}
      invalid={isInvalid}
      required={required}
      disabled={disabled}
      readOnly={readOnly}
      size={size}
      className={rootClassName}
    >
      <Label>{label}</Label>
      {children({ ...rest, 'aria-describedby': describedBy }, inputId)}
      {helperText ? <HelperText>{helperText}</HelperText> : null}
      {hasError ? (
        <ErrorText>
          <CircleAlert />
          {error}
        </ErrorText>
      ) : null}
    </Root>
  )
}

/**
 * Label + input + helper/error text (Ark Field). Everything not listed in FieldOwnProps goes to the <input>,
 * ref included, so `<TextField label="Email" {...register('email')} error={errors.email?.message} />` works.
 */
export function TextField({ type = 'text', ...props }: TextFieldProps) {
  return <FieldShell {...props}>{(inputProps) => <Input type={type} {...inputProps} />}</FieldShell>
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** Start with the password shown. */
  defaultVisible?: boolean
}

/**
 * A TextField whose input toggles between hidden and shown. The toggle is a real, focusable button named
 * 'Show password' / 'Hide password' (Ark's PasswordInput trigger is pointer-only and out of the tab order).
 */
export function PasswordField({ defaultVisible = false, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(defaultVisible)
  return (
    <FieldShell {...props}>
      {(inputProps, inputId) => (
        <Control>
          <Input
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            {...inputProps}
            type={visible ? 'text' : 'password'}
            data-with-toggle=""
          />
          <Toggle
            type="button"
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-controls={inputId}
            disabled={props.disabled}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOff /> : <Eye />}
          </Toggle>
        </Control>
      )}
    </FieldShell>
  )
}

import type { UseFormReturn } from 'react-hook-form'
import { PasswordField } from './input'

// A file of its own, not in input.tsx: nearly every page loads input.tsx, and only the password change and the reset
// link's page draw these (decision 0040, sixth pass).
/** What a form that sets a new password holds (domain/account/password-forms.ts): the password and its repeat. */
export interface NewPasswordValues {
  password: string
  password_confirmation: string
}

/**
 * A new password typed twice: 'New password' and 'Confirm new password', both with the browser's new-password
 * autofill, each bound to `form` by `register` with its error under it (the settings' password change, the mailed
 * reset link's page). `helperText` goes under the first.
 */
export function NewPasswordFields<T extends NewPasswordValues>(props: {
  form: UseFormReturn<T>
  helperText?: string
}) {
  // react-hook-form reads no path off a generic form's values: the pair is read off the form T is known to hold.
  const form = props.form as unknown as UseFormReturn<NewPasswordValues>
  const errors = form.formState.errors
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        helperText={props.helperText}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...form.register('password_confirmation')}
      />
    </>
  )
}

import { TextField, type TextFieldProps } from './input'

export type EmailFieldProps = Omit<TextFieldProps, 'type'>

/**
 * A person's own e-mail address: a TextField of type email, with the e-mail keyboard on a phone and the address the
 * browser knows offered (`autoComplete="email"`). As TextField, everything else goes to the <input>, ref included,
 * so `<EmailField label="Email" {...register('email')} error={errors.email?.message} />` works. A field for someone
 * else's address (a contact address in the settings) is a TextField of type email, with autocomplete off.
 */
export function EmailField(props: EmailFieldProps) {
  return <TextField type="email" autoComplete="email" inputMode="email" {...props} />
}

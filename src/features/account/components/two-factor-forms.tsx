// The two-factor forms of the settings page, apart from the data calls so their validation can be tested: the code
// that turns it on, and the password + code that turns it off or renews the recovery codes.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Flex } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { PasswordField, TextField } from '../../../components/ui/input'
import {
  TwoFactorCodeFormSchema,
  TwoFactorDisableFormSchema,
  type TwoFactorCodeForm,
  type TwoFactorDisableForm,
} from '../../../domain/account/two-factor-forms'
import { applyFieldErrors, problemText } from './server-errors'

/** The first code from the app, proving it holds the secret. */
export function EnableTwoFactorForm(props: { onSubmit: (code: string) => Promise<unknown> }) {
  const [problem, setProblem] = useState<string | null>(null)
  const form = useForm<TwoFactorCodeForm>({
    resolver: zodResolver(TwoFactorCodeFormSchema),
    defaultValues: { code: '' },
  })
  const submit = form.handleSubmit(async (values) => {
    setProblem(null)
    try {
      await props.onSubmit(TwoFactorCodeFormSchema.parse(values).code)
    } catch (error) {
      if (!applyFieldErrors(form, error, ['code'])) setProblem(problemText(error))
    }
  })
  return (
    <form noValidate onSubmit={submit} className={grid({ gap: '3' })}>
      {problem ? <AlertBox variant="destructive" description={problem} /> : null}
      <TextField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        helperText="The 6-digit code your app shows now."
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <Flex>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Turn on
        </Button>
      </Flex>
    </form>
  )
}

/** Password and a code (from the app, or a recovery code): to turn two-factor off or to renew the codes. */
export function ConfirmWithCodeForm(props: {
  submitLabel: string
  danger?: boolean
  onSubmit: (values: { password: string; code: string }) => Promise<unknown>
}) {
  const [problem, setProblem] = useState<string | null>(null)
  const form = useForm<TwoFactorDisableForm>({
    resolver: zodResolver(TwoFactorDisableFormSchema),
    defaultValues: { password: '', code: '' },
  })
  const submit = form.handleSubmit(async (values) => {
    setProblem(null)
    try {
      await props.onSubmit(TwoFactorDisableFormSchema.parse(values))
    } catch (error) {
      if (!applyFieldErrors(form, error, ['password', 'code'])) setProblem(problemText(error))
    }
  })
  return (
    <form noValidate onSubmit={submit} className={grid({ gap: '3' })}>
      {problem ? <AlertBox variant="destructive" description={problem} /> : null}
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Authentication or recovery code"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <Flex>
        <Button
          type="submit"
          variant={props.danger ? 'danger' : 'solid'}
          loading={form.formState.isSubmitting}
        >
          {props.submitLabel}
        </Button>
      </Flex>
    </form>
  )
}

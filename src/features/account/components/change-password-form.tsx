import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Flex } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { PasswordField } from '../../../components/ui/input'
import { NewPasswordFields } from '../../../components/ui/new-password-fields'
import { ChangePasswordFormSchema, type ChangePasswordForm } from '../../../domain/account/password-forms'
import type { ChangePasswordRequest } from '../../../domain/contract/password'
import { applyFieldErrors, problemText } from './server-errors'
import { Text } from '../../../components/ui/text'

export interface ChangePasswordFormProps {
  /** Sends the change; resolves to the server's sentence. */
  onSubmit: (request: ChangePasswordRequest) => Promise<{ message: string }>
}

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const

/**
 * Current, new and confirm (the rules of docs/product/registration.md#validation); every other session is signed out
 * by the server.
 */
export function ChangePasswordFormView(props: ChangePasswordFormProps) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  })
  const submit = form.handleSubmit(async (values) => {
    setOutcome(null)
    try {
      const answer = await props.onSubmit(values)
      form.reset()
      setOutcome({ ok: true, message: answer.message })
    } catch (error) {
      if (!applyFieldErrors(form, error, FIELDS)) setOutcome({ ok: false, message: problemText(error) })
    }
  })
  const errors = form.formState.errors
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Change password"
      className={grid({ gap: '4', maxW: '28rem' })}
    >
      {outcome ? (
        <AlertBox variant={outcome.ok ? 'success' : 'destructive'} description={outcome.message} />
      ) : null}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...form.register('current_password')}
      />
      <NewPasswordFields form={form} helperText="At least 8 characters." />
      <Text size="sm" tone="muted">
        Every other device signed in to your account will be signed out.
      </Text>
      <Flex>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Change password
        </Button>
      </Flex>
    </form>
  )
}

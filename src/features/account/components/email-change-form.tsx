import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Flex } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { PasswordField } from '../../../components/ui/input'
import { EmailField } from '../../../components/ui/email-field'
import { ChangeEmailRequestSchema } from '../../../domain/contract/email-change'
import { useChangeEmail, type ChangeEmailRequest } from '../api/change-email'
import { applyFieldErrors, problemText } from './server-errors'
import { Text } from '../../../components/ui/text'

/** A new address and the password; the change waits for the link sent to the new address. */
export function EmailChangeForm(props: { email: string; pendingEmail: string | null }) {
  const change = useChangeEmail()
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
  const form = useForm<ChangeEmailRequest>({
    resolver: zodResolver(ChangeEmailRequestSchema),
    defaultValues: { email: '', password: '' },
  })
  const submit = form.handleSubmit(async (values) => {
    setOutcome(null)
    try {
      await change.mutateAsync(values)
      form.reset()
      setOutcome({ ok: true, message: 'Check your inbox to confirm' })
    } catch (error) {
      if (!applyFieldErrors(form, error, ['email', 'password']))
        setOutcome({ ok: false, message: problemText(error) })
    }
  })
  const errors = form.formState.errors
  return (
    <div className={grid({ gap: '4', maxW: '28rem' })}>
      <Text size="sm">
        Current address: <strong data-testid="current-email">{props.email}</strong>
      </Text>
      {props.pendingEmail ? (
        <AlertBox
          variant="default"
          description={`Waiting for you to confirm ${props.pendingEmail}: open the link we sent there.`}
        />
      ) : null}
      {outcome ? (
        <AlertBox
          variant={outcome.ok ? 'success' : 'destructive'}
          title={outcome.ok ? outcome.message : undefined}
          description={
            outcome.ok
              ? 'Your address changes when you open the link we sent to the new one.'
              : outcome.message
          }
        />
      ) : null}
      <form noValidate onSubmit={submit} aria-label="Change e-mail address" className={grid({ gap: '4' })}>
        <EmailField label="New email address" error={errors.email?.message} {...form.register('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Flex>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Change email
          </Button>
        </Flex>
      </form>
    </div>
  )
}

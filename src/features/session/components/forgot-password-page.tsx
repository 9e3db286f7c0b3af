import { zodResolver } from '@hookform/resolvers/zod'
import { Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { Box } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { EmailField } from '../../../components/ui/email-field'
import { ForgotPasswordRequestSchema } from '../../../domain/contract/auth'
import { CANNOT_REACH_SERVER_MESSAGE, HttpError } from '../../../lib/http'
import { useRequestPasswordReset } from '../api/forgot-password'
import { AuthCard, authLinkClass } from './auth-card'

/** Asks for an address and always answers the same neutral sentence, so it cannot reveal who has an account. */
export function ForgotPasswordPage(props: { siteName: string }) {
  const reset = useRequestPasswordReset()
  const form = useForm<{ email: string }>({
    resolver: zodResolver(ForgotPasswordRequestSchema),
    defaultValues: { email: '' },
  })
  const submit = form.handleSubmit((values) => reset.mutate(values.email))

  return (
    <AuthCard
      siteName={props.siteName}
      title="Reset your password"
      lead="Enter the email address of your account and we will send you instructions."
    >
      {reset.isSuccess ? (
        <AlertBox variant="success" title="Check your inbox" description={reset.data.message} />
      ) : (
        <form noValidate onSubmit={submit} className={grid({ gap: '4' })}>
          {reset.isError ? (
            <AlertBox
              variant="destructive"
              description={
                reset.error instanceof HttpError && reset.error.status !== 0
                  ? reset.error.message
                  : CANNOT_REACH_SERVER_MESSAGE
              }
            />
          ) : null}
          <EmailField
            label="Email address"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" size="lg" loading={reset.isPending}>
            Send reset instructions
          </Button>
        </form>
      )}
      <Box as="p" mt="6" fontSize="sm">
        <Link to="/" className={authLinkClass}>
          Back to sign in
        </Link>
      </Box>
    </AuthCard>
  )
}

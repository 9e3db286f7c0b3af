import { zodResolver } from '@hookform/resolvers/zod'
import { Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { grid, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { NewPasswordFields } from '../../../components/ui/new-password-fields'
import { NewPasswordFormSchema, type NewPasswordForm } from '../../../domain/account/password-forms'
import { CANNOT_REACH_SERVER_MESSAGE, HttpError } from '../../../lib/http'
import { useResetPassword } from '../api/reset-password'
import { AuthCard, authLinkClass } from './auth-card'

export interface ResetPasswordPageProps {
  siteName: string
  /** The mailed link's ?token=; absent when the link was cut short. */
  token: string | undefined
  /** The new password is set: back to the sign-in page, saying so (the server's sentence). */
  onReset: (message: string) => void
}

/**
 * The mailed reset link's page (decision 0020): a new password twice, the rules of
 * docs/product/registration.md#validation.
 */
export function ResetPasswordPage(props: ResetPasswordPageProps) {
  const reset = useResetPassword()
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
  })
  const submit = form.handleSubmit((values) => {
    if (!props.token) return
    reset.mutate(
      { token: props.token, ...values },
      {
        onSuccess: (answer) => props.onReset(answer.message),
        onError: (error) => {
          const fields = error instanceof HttpError ? error.fieldErrors : {}
          for (const name of ['password', 'password_confirmation'] as const) {
            const message = fields[name]?.[0]
            if (message) form.setError(name, { message })
          }
        },
      },
    )
  })
  const tokenProblem =
    reset.error instanceof HttpError
      ? (reset.error.fieldErrors.token?.[0] ?? (reset.error.status === 0 ? null : reset.error.message))
      : null

  return (
    <AuthCard siteName={props.siteName} title="Choose a new password" lead="Enter your new password twice.">
      {!props.token ? (
        <AlertBox
          variant="destructive"
          title="This link is incomplete"
          description="Open the link from the e-mail again, or ask for a new one."
        />
      ) : (
        <form noValidate onSubmit={submit} className={grid({ gap: '4' })}>
          {reset.isError ? (
            <AlertBox variant="destructive" description={tokenProblem ?? CANNOT_REACH_SERVER_MESSAGE} />
          ) : null}
          <NewPasswordFields form={form} />
          <Button type="submit" size="lg" loading={reset.isPending}>
            Set new password
          </Button>
        </form>
      )}
      <div className={wrap({ mt: '6', gap: '4', fontSize: 'sm' })}>
        <Link to="/forgot-password" className={authLinkClass}>
          Ask for a new link
        </Link>
        <Link to="/" className={authLinkClass}>
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  )
}

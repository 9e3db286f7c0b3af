import { zodResolver } from '@hookform/resolvers/zod'
import { lazy, Suspense, useState } from 'react'
import { useForm } from 'react-hook-form'
import { css } from 'styled-system/css'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { PasswordField, TextField } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { LoginRequestSchema, type LoginRequest } from '../../../domain/contract/user'
import { HttpError } from '../../../lib/http'
import { useLogin } from '../api/login'

// Most sign-ins never need the second step: it (and the account contract it reads) loads only when asked.
const TwoFactorStep = lazy(() => import('./two-factor-step'))

function loginErrorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 0) return 'Cannot reach the server. Check your connection and try again.'
    return error.message
  }
  return 'An error occurred. Please try again.'
}

export function LoginForm(props: { onSignedIn: () => void }) {
  const login = useLogin()
  const [challenge, setChallenge] = useState<string | null>(null)
  const form = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { email: '', password: '' },
  })
  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'signed-in') props.onSignedIn()
        else setChallenge(outcome.challenge)
      },
    }),
  )
  const errors = form.formState.errors

  if (challenge !== null) {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={props.onSignedIn}
          onRestart={() => {
            setChallenge(null)
            login.reset()
            form.resetField('password')
          }}
        />
      </Suspense>
    )
  }

  return (
    <form noValidate onSubmit={submit} className={css({ display: 'grid', gap: '4' })}>
      {login.isError ? <AlertBox variant="destructive" description={loginErrorMessage(login.error)} /> : null}
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" loading={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  )
}

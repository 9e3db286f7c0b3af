import { lazy, Suspense, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { PasswordField, TextField } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { LoginRequestGuard } from '../../../domain/contract/sign-in-guards'
import type { LoginRequest } from '../../../domain/contract/user'
import { fieldErrors, type FieldErrors } from '../../../domain/forms/field-errors'
import { CANNOT_REACH_SERVER_MESSAGE, HttpError, isNetworkError } from '../../../lib/http'
import { useLogin } from '../api/login'

// Most sign-ins never need the second step: it (and the account contract it reads) loads only when asked.
const TwoFactorStep = lazy(() => import('./two-factor-step'))

/** A failed sign-in call in one sentence: the password's step and the second step (`two-factor-step.tsx`) say it alike. */
export function loginErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return CANNOT_REACH_SERVER_MESSAGE
  if (error instanceof HttpError) return error.message
  return 'An error occurred. Please try again.'
}

const EMPTY: LoginRequest = { email: '', password: '' }

// The sign-in page styles with css() only (decision 0040's exception): it is the login route, held to its JavaScript
// budget (decision 0025), and each of Panda's pattern functions and the Text part is a small chunk of its own that
// the route would fetch beside it.
// Two fields checked by the contract's rules (its guard, decision 0031): react-hook-form (14 KB gzip) is for the longer forms, and the
// sign-in page is held to its JavaScript budget (decision 0027). It behaves as those forms do: messages after the
// first submit, then kept current as the customer types, and the first wrong field focused.
export function LoginForm(props: { onSignedIn: () => void }) {
  const login = useLogin()
  const [challenge, setChallenge] = useState<string | null>(null)
  const [values, setValues] = useState<LoginRequest>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors<LoginRequest>>({})
  const [submitted, setSubmitted] = useState(false)
  const inputs = useRef<Partial<Record<keyof LoginRequest, HTMLInputElement | null>>>({})

  const change = (name: keyof LoginRequest) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [name]: event.target.value }
    setValues(next)
    if (submitted) setErrors(fieldErrors(LoginRequestGuard, next))
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSubmitted(true)
    const found = fieldErrors(LoginRequestGuard, values)
    setErrors(found)
    const firstWrong = (['email', 'password'] as const).find((name) => found[name] !== undefined)
    if (firstWrong) {
      inputs.current[firstWrong]?.focus()
      return
    }
    login.mutate(values, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'signed-in') props.onSignedIn()
        else setChallenge(outcome.challenge)
      },
    })
  }

  if (challenge !== null) {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={props.onSignedIn}
          onRestart={() => {
            setChallenge(null)
            login.reset()
            setValues((current) => ({ ...current, password: '' }))
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
        name="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email}
        value={values.email}
        onChange={change('email')}
        ref={(input) => {
          inputs.current.email = input
        }}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        error={errors.password}
        value={values.password}
        onChange={change('password')}
        ref={(input) => {
          inputs.current.password = input
        }}
      />
      <Button type="submit" size="lg" loading={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { css } from 'styled-system/css'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { PasswordField, TextField } from '../../../components/ui/input'
import { LoginRequestSchema, type LoginRequest } from '../../../domain/contract/user'
import { HttpError } from '../../../lib/http'
import { useLogin } from '../api/login'

function loginErrorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 0) return 'Cannot reach the server. Check your connection and try again.'
    return error.message
  }
  return 'An error occurred. Please try again.'
}

export function LoginForm(props: { onSignedIn: () => void }) {
  const login = useLogin()
  const form = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { email: '', password: '' },
  })
  const submit = form.handleSubmit((values) => login.mutate(values, { onSuccess: props.onSignedIn }))
  const errors = form.formState.errors

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

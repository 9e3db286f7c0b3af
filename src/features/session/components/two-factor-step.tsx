// The sign-in's second step for an account with two-factor sign-in on (decision 0020): a 6-digit code from the
// authenticator app, or one of the recovery codes. Imported lazily by the login form: most sign-ins never need it.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Stack, styled } from 'styled-system/jsx'
import { Text } from '../../../components/ui/text'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/input'
import {
  RecoveryCodeFormSchema,
  TwoFactorCodeFormSchema,
  type TwoFactorCodeForm,
} from '../../../domain/account/two-factor-forms'
import { HttpError } from '../../../lib/http'
import { isChallengeOver, useLoginWithTwoFactor } from '../api/login-two-factor'
import { loginErrorMessage } from './login-form'

export interface TwoFactorStepProps {
  challenge: string
  onSignedIn: () => void
  /** Back to the e-mail and password (the challenge expired, or the user wants to). */
  onRestart: () => void
}

/** What differs between the two ways to pass the step; the form, its errors and its button are one. */
const METHODS = {
  app: {
    lead: 'Enter the 6-digit code from your authenticator app.',
    label: 'Authentication code',
    schema: TwoFactorCodeFormSchema,
    /** The request's field, where the server's 422 message for it comes back too. */
    field: 'code',
    input: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 9 },
    other: 'recovery',
    otherLabel: 'Use a recovery code',
  },
  recovery: {
    lead: 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.',
    label: 'Recovery code',
    schema: RecoveryCodeFormSchema,
    field: 'recovery_code',
    input: { autoComplete: 'off', autoCapitalize: 'off', spellCheck: false },
    other: 'app',
    otherLabel: 'Use the code from your app',
  },
} as const

type Method = keyof typeof METHODS

export default function TwoFactorStep(props: TwoFactorStepProps) {
  const [method, setMethod] = useState<Method>('app')
  // A new form per method: the field starts empty and takes the focus when the user switches.
  return <CodeStep key={method} {...props} method={method} onSwitch={setMethod} />
}

function CodeStep(props: TwoFactorStepProps & { method: Method; onSwitch: (method: Method) => void }) {
  const method = METHODS[props.method]
  const verify = useLoginWithTwoFactor()
  const form = useForm<TwoFactorCodeForm>({
    resolver: zodResolver(method.schema),
    defaultValues: { code: '' },
  })
  const submit = form.handleSubmit((values) =>
    verify.mutate(
      { challenge: props.challenge, [method.field]: method.schema.parse(values).code },
      {
        onSuccess: props.onSignedIn,
        onError: (error) => {
          if (error instanceof HttpError && error.status === 422) {
            form.setError(
              'code',
              { message: error.fieldErrors[method.field]?.[0] ?? error.message },
              { shouldFocus: true },
            )
          }
        },
      },
    ),
  )
  const spent = isChallengeOver(verify.error)
  const serverProblem =
    verify.isError && !spent && !(verify.error instanceof HttpError && verify.error.status === 422)
  return (
    <div className={grid({ gap: '4' })}>
      <Text tone="muted" size="sm">
        {method.lead}
      </Text>
      {spent ? (
        <AlertBox variant="destructive" description={loginErrorMessage(verify.error)}>
          <Stack mt="2">
            <Button variant="outline" size="sm" onClick={props.onRestart}>
              Sign in again
            </Button>
          </Stack>
        </AlertBox>
      ) : null}
      <form noValidate onSubmit={submit} className={grid({ gap: '4' })}>
        {serverProblem ? (
          <AlertBox variant="destructive" description={loginErrorMessage(verify.error)} />
        ) : null}
        <TextField
          label={method.label}
          {...method.input}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the step exists only to take this code
          autoFocus
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" size="lg" loading={verify.isPending} disabled={spent}>
          Verify
        </Button>
        <styled.button
          type="button"
          color="accent"
          fontSize="sm"
          textDecoration="underline"
          textUnderlineOffset="2px"
          justifySelf="start"
          cursor="pointer"
          rounded="sm"
          _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' }}
          onClick={() => props.onSwitch(method.other)}
        >
          {method.otherLabel}
        </styled.button>
      </form>
    </div>
  )
}

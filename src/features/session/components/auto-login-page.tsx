import { Link } from '@tanstack/react-router'
import { useEffect, useEffectEvent, useState } from 'react'
import { Box } from 'styled-system/jsx'
import { hstack } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Spinner } from '../../../components/ui/spinner'
import { AUTO_LOGIN_INVALID_MESSAGE } from '../../../domain/contract/auth'
import { HttpError } from '../../../lib/http'
import { autoLogin } from '../api/auto-login'
import { AuthCard, authLinkClass } from './auth-card'

type Outcome = { state: 'working' } | { state: 'failed'; message: string }

/** /auto-login?token=...: signs the holder of a valid one-time link in, or says plainly why not. */
export function AutoLoginPage(props: {
  siteName: string
  token: string | undefined
  onSignedIn: () => void
}) {
  const [outcome, setOutcome] = useState<Outcome>(
    props.token ? { state: 'working' } : { state: 'failed', message: AUTO_LOGIN_INVALID_MESSAGE },
  )
  const signedIn = useEffectEvent(props.onSignedIn)

  useEffect(() => {
    if (!props.token) return
    autoLogin(props.token)
      .then(() => signedIn())
      .catch((error: unknown) => {
        const message =
          error instanceof HttpError && error.status === 0
            ? 'Cannot reach the server. Check your connection and open the link again.'
            : error instanceof HttpError && error.status !== 401
              ? error.message
              : AUTO_LOGIN_INVALID_MESSAGE
        setOutcome({ state: 'failed', message })
      })
  }, [props.token])

  return (
    <AuthCard siteName={props.siteName} title="Signing you in">
      {outcome.state === 'working' ? (
        <div className={hstack({ gap: '3', color: 'text.muted' })}>
          <Spinner label="Signing you in" />
          <span>Checking your sign-in link...</span>
        </div>
      ) : (
        <>
          <AlertBox variant="destructive" title="Sign-in link not accepted" description={outcome.message} />
          <Box as="p" mt="6" fontSize="sm">
            <Link to="/" className={authLinkClass}>
              Sign in with your email and password
            </Link>
          </Box>
        </>
      )}
    </AuthCard>
  )
}

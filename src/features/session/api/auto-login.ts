import { LoginResponseGuard } from '../../../domain/contract/sign-in-guards'
import { http } from '../../../lib/http'
import { sessionStore } from '../../../lib/session-store'

// A link is single use: React's development double effects, or a second render, must not spend it twice.
const inFlight = new Map<string, Promise<void>>()

/** Exchanges a one-time sign-in link for a session (brokers' back offices send these). */
export function autoLogin(token: string): Promise<void> {
  const existing = inFlight.get(token)
  if (existing) return existing
  const attempt = http
    .post('/auth/auto-login', { token }, { schema: LoginResponseGuard })
    .then(({ data }) => {
      sessionStore.signIn(data.user, data.token)
    })
  inFlight.set(token, attempt)
  return attempt
}

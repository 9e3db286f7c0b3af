// The second step of a two-factor sign-in (decision 0020): POST /auth/login/two-factor with the challenge POST
// /auth/login gave and a code from the authenticator app, or a recovery code. Loaded only when a sign-in needs it.
import { useMutation } from '@tanstack/react-query'
import {
  TwoFactorChallengeResponseSchema,
  type TwoFactorLoginRequest,
} from '../../../domain/contract/two-factor'
import { LoginResponseGuard } from '../../../domain/contract/sign-in-guards'
import { http, HttpError } from '../../../lib/http'
import { sessionStore } from '../../../lib/session-store'

/** What POST /auth/login gave an account with two-factor sign-in on: a challenge to answer with a code. */
export type TwoFactorOutcome = { kind: 'two-factor'; challenge: string; expiresAt: string }

/** The challenge in POST /auth/login's answer; an answer that is neither a session nor a challenge is an error. */
export function readTwoFactorChallenge(body: unknown): TwoFactorOutcome {
  const parsed = TwoFactorChallengeResponseSchema.safeParse(body)
  if (!parsed.success) {
    throw new HttpError({
      message: 'Invalid response from server',
      status: 200,
      statusText: 'Invalid response',
      data: body,
      url: '/auth/login',
      method: 'POST',
    })
  }
  return { kind: 'two-factor', challenge: parsed.data.data.challenge, expiresAt: parsed.data.data.expires_at }
}

/**
 * Whether the second step's failure ends the challenge: 401 (unknown or expired) or 410 (used, or out of tries, so
 * the server evaluated no code). Only a new sign-in with the password helps then.
 */
export function isChallengeOver(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 401 || error.status === 410)
}

export async function loginWithTwoFactor(request: TwoFactorLoginRequest) {
  const body = await http.post('/auth/login/two-factor', request, { schema: LoginResponseGuard })
  return body.data
}

export function useLoginWithTwoFactor() {
  return useMutation({
    mutationFn: loginWithTwoFactor,
    onSuccess: ({ user, token }) => sessionStore.signIn(user, token),
  })
}

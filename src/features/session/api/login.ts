// POST /auth/login. The answer is a session, or, for an account with two-factor sign-in on (decision 0020), a
// challenge to answer with a code. The challenge's schema lives in the two-factor contract, which the login page should
// not download for everyone: only an answer that is not a session loads it (with the lazily imported two-factor
// step).
import { useMutation } from '@tanstack/react-query'
import { LoginResponseGuard } from '../../../domain/contract/sign-in-guards'
import type { LoginRequest, User } from '../../../domain/contract/user'
import { safeParse } from '../../../domain/guard'
import { http } from '../../../lib/http'
import { sessionStore } from '../../../lib/session-store'
import type { TwoFactorOutcome } from './login-two-factor'

export type LoginOutcome = { kind: 'signed-in'; user: User; token: string } | TwoFactorOutcome

export async function login(credentials: LoginRequest): Promise<LoginOutcome> {
  const body = await http.post('/auth/login', credentials)
  const session = safeParse(LoginResponseGuard, body)
  if (session.success) return { kind: 'signed-in', ...session.data.data }
  const { readTwoFactorChallenge } = await import('./login-two-factor')
  return readTwoFactorChallenge(body)
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (outcome) => {
      if (outcome.kind === 'signed-in') sessionStore.signIn(outcome.user, outcome.token)
    },
  })
}

// Signing in (decision 0039: the rules here, the answers in routes/auth.ts): the password step with its lock per
// email and client address (decision 0018), the second step of a two-factor sign-in, and a one-time sign-in link.
// Every way in ends in sessions.ts's openSession.
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_LOCKED_MESSAGE, SIGN_IN_RESULTS, TWO_FACTOR_MESSAGES } from '../../src/domain/contract'
import { verifyPassword } from '../lib/passwords'
import { clientKey } from '../lib/rate-limit'
import { accepted, locked, refused, type AccountOutcome } from './outcomes'
import { checkSecondFactor, signInLane, spendSecondFactor } from './secret-checks'
import { openSession } from './sessions'

// One message for an unknown email and a wrong password, so the answer does not reveal which accounts exist.
const BAD_CREDENTIALS = 'These credentials do not match our records.'

type Origin = { ip: string | null; userAgent: string | null }
type Session = Awaited<ReturnType<typeof openSession>>
type Challenge = { two_factor_required: true; challenge: string; expires_at: string }

const lockedFor = (lockedUntil: Date, now: Date) =>
  locked(Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000)), ACCOUNT_LOCKED_MESSAGE)

/** The password step: a session, or the challenge of the second step when two-factor sign-in is on. */
export async function signInWithPassword(
  app: FastifyInstance,
  attempt: { email: string; password: string; ip: string; origin: Origin },
): Promise<AccountOutcome<Session | Challenge>> {
  const now = app.now()
  const { email, password, origin } = attempt
  // Locks are per email and client address (decision 0018): a stranger's failures lock out the stranger.
  const address = clientKey(attempt.ip)
  // The attempt counts as a failure before the password is checked (decision 0033), so a burst gets no more
  // guesses than the lock allows; while locked, the right password is refused too.
  const reservation = await app.repos.loginFailures.reserveFailure(email, address, now)
  if (!reservation.reserved) return lockedFor(reservation.lockedUntil, now)

  const user = await app.repos.users.findByEmail(email)
  const passwordMatches = await verifyPassword(user?.passwordHash, password)
  if (!user || !passwordMatches) {
    if (user) await app.repos.signIns.record(user.id, SIGN_IN_RESULTS.FAILURE, origin, now)
    return refused(401, BAD_CREDENTIALS)
  }

  await app.repos.loginFailures.clear(email, address)
  if (user.twoFactorEnabledAt !== null && user.twoFactorSecret !== null) {
    // The password was right; the session opens only with the second factor (POST /auth/login/two-factor).
    const { challenge, expiresAt } = await app.repos.twoFactor.issueChallenge(user.id, now)
    return accepted({ two_factor_required: true, challenge, expires_at: expiresAt.toISOString() })
  }
  // Pending and deactivated users do sign in: the client shows them their status screen
  // (docs/product/site-and-gates.md#full-screen-states).
  return accepted(await openSession(app, user.id, origin, now))
}

/** The second step: a code from the app or a recovery code answers the challenge the password step issued. */
export async function signInWithSecondFactor(
  app: FastifyInstance,
  attempt: { challenge: string; code?: string; recoveryCode?: string; ip: string; origin: Origin },
): Promise<AccountOutcome<{ userId: number; session: Session }>> {
  const now = app.now()
  const { code, recoveryCode, origin } = attempt
  const expired = refused(401, TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED)
  // Used, or out of tries: 410, the same sentence; the client goes back to the password either way.
  const spent = refused(410, TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED)
  // The try is taken before the code is looked at: a challenge out of tries is spent, however many codes race.
  const challenge = await app.repos.twoFactor.takeChallengeTry(attempt.challenge, now)
  if (!challenge) {
    const refusal = await app.repos.twoFactor.challengeRefusal(attempt.challenge, now)
    return refusal === 'spent' ? spent : expired
  }
  const user = await app.repos.users.findById(challenge.userId)
  if (!user?.twoFactorSecret || user.twoFactorEnabledAt === null) return expired

  const entered = code !== undefined ? { code } : { recoveryCode: recoveryCode ?? '' }
  const check = await checkSecondFactor(
    app,
    { userId: user.id, lane: await signInLane(app, user.id, attempt.ip, now), origin, now },
    () => spendSecondFactor(app, user, entered, now),
  )
  if (check.outcome === 'locked') return locked(check.retryAfterSeconds, ACCOUNT_LOCKED_MESSAGE)
  if (check.outcome === 'wrong') {
    return code !== undefined
      ? refused(422, TWO_FACTOR_MESSAGES.CODE_WRONG, 'code')
      : refused(422, TWO_FACTOR_MESSAGES.RECOVERY_CODE_WRONG, 'recovery_code')
  }
  if (!(await app.repos.twoFactor.useChallenge(challenge.id, now))) return spent
  return accepted({ userId: user.id, session: await openSession(app, user.id, origin, now) })
}

/** A one-time sign-in link from a back office: the session, or undefined when the link is unknown or used. */
export async function signInWithLink(
  app: FastifyInstance,
  token: string,
  origin: Origin,
): Promise<{ userId: number; session: Session } | undefined> {
  const now = app.now()
  const userId = await app.repos.loginLinks.consume(token, now)
  if (userId === undefined) return undefined
  return { userId, session: await openSession(app, userId, origin, now) }
}

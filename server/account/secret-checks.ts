// Every check of a second factor (the sign-in's second step, turning two-factor off, new recovery codes) and of a
// password typed inside a session (changing it, changing the e-mail, the two-factor settings) goes through here
// (decision 0033). A failure is reserved in the account's budget before the secret is looked at, so a burst of
// parallel guesses gets no more evaluations than a patient guesser; a right secret gives its reservation back.
// The budget has lanes: an address the owner has signed in from, and each of the owner's sessions, has its own,
// and every other address shares the account's. Strangers exhausting theirs never lock the owner's device out
// (decision 0018's rule for passwords, applied to codes).
import type { FastifyInstance } from 'fastify'
import { acceptedTotpStep, normaliseRecoveryCode } from '../../src/domain/account/two-factor'
import { SIGN_IN_RESULTS } from '../../src/domain/contract'
import { verifyPassword } from '../lib/passwords'
import { clientKey } from '../lib/rate-limit'
import type { LockPolicy } from '../repositories/failure-lock'
import { LOGIN_LOCK } from '../repositories/login-failures'
import type { CheckedSecret, LaneKey } from '../repositories/secret-check-failures'
import type { UserRow } from '../repositories/users'
import { codeGenerator } from './totp'

const MINUTE_MS = 60 * 1000
const HOUR_MS = 60 * MINUTE_MS

/**
 * Wrong second factors per lane: ten a day cost nothing but the failure, the tenth locks the lane for 15 minutes
 * (the old account-wide lock's length) and each further one doubles it, up to 4 hours: about 18 guesses a day at a
 * million codes, where the old rule allowed 10 every 15 minutes.
 */
export const SECOND_FACTOR_LOCK = {
  MAX_FAILURES: 10,
  WINDOW_MS: 24 * HOUR_MS,
  FIRST_LOCK_MS: 15 * MINUTE_MS,
  MAX_LOCK_MS: 4 * HOUR_MS,
} as const satisfies LockPolicy

/** A password typed inside a session follows the sign-in lock's rule (decision 0018), per session. */
export const SESSION_PASSWORD_LOCK: LockPolicy = LOGIN_LOCK

/** An address the account had a session from within this long is the owner's own (it has its own lane). */
export const OWN_ADDRESS_LOOKBACK_MS = 90 * 24 * HOUR_MS

export const LANES = {
  /** Every address the account has not signed in from lately, together. */
  ACCOUNT: 'account',
  address: (key: string) => `address:${key}`,
  session: (sessionId: number) => `session:${sessionId}`,
} as const

export type SecretCheck =
  { outcome: 'accepted' } | { outcome: 'wrong' } | { outcome: 'locked'; retryAfterSeconds: number }

const POLICIES: Record<CheckedSecret, LockPolicy> = {
  second_factor: SECOND_FACTOR_LOCK,
  password: SESSION_PASSWORD_LOCK,
}

/**
 * The lane of a sign-in's second step from `ip`: the address's own when one of the account's sessions signed in from
 * it lately (an IPv6 /64 counts as one address), else the account's shared lane.
 */
export async function signInLane(
  app: FastifyInstance,
  userId: number,
  ip: string,
  now: Date,
): Promise<string> {
  const key = clientKey(ip)
  const since = new Date(now.getTime() - OWN_ADDRESS_LOOKBACK_MS)
  const addresses = await app.repos.authTokens.addressesSince(userId, since)
  return addresses.some((address) => clientKey(address) === key) ? LANES.address(key) : LANES.ACCOUNT
}

/** Reserves a failure in the lane, runs `matches` only when that succeeded, and settles the reservation. */
async function checkInLane(
  app: FastifyInstance,
  key: LaneKey,
  now: Date,
  matches: () => Promise<boolean>,
): Promise<SecretCheck> {
  const policy = POLICIES[key.secret]
  const reservation = await app.repos.secretCheckFailures.reserve(key, policy, now)
  if (!reservation.reserved) {
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((reservation.lockedUntil.getTime() - now.getTime()) / 1000),
    )
    return { outcome: 'locked', retryAfterSeconds }
  }
  // A wrong secret keeps its reservation: that is the failure, already counted.
  if (!(await matches())) return { outcome: 'wrong' }
  // An own lane starts afresh. The shared lane only gets this reservation back: the owner passing from a new
  // address must not hand strangers a new round of guesses.
  if (key.lane === LANES.ACCOUNT)
    await app.repos.secretCheckFailures.giveBack(key, policy, reservation.windowStartedAt)
  else await app.repos.secretCheckFailures.clear(key)
  return { outcome: 'accepted' }
}

/**
 * One check of a TOTP or recovery code: `matches` checks and spends it. A wrong one is recorded in the sign-in
 * history (two_factor_failed), whichever route checked it.
 */
export async function checkSecondFactor(
  app: FastifyInstance,
  attempt: {
    userId: number
    lane: string
    origin: { ip: string | null; userAgent: string | null }
    now: Date
  },
  matches: () => Promise<boolean>,
): Promise<SecretCheck> {
  const { userId, lane, origin, now } = attempt
  const result = await checkInLane(app, { userId, secret: 'second_factor', lane }, now, matches)
  if (result.outcome === 'wrong') {
    await app.repos.signIns.record(userId, SIGN_IN_RESULTS.TWO_FACTOR_FAILED, origin, now)
  }
  return result
}

/** One check of the password of the session's own user, typed inside session `sessionId`. */
export function checkSessionPassword(
  app: FastifyInstance,
  user: UserRow,
  sessionId: number,
  password: string,
): Promise<SecretCheck> {
  const key: LaneKey = { userId: user.id, secret: 'password', lane: LANES.session(sessionId) }
  return checkInLane(app, key, app.now(), () => verifyPassword(user.passwordHash, password))
}

/** What a person typed as a second factor: a code from the app, or a recovery code. */
export type EnteredSecondFactor = { code: string } | { recoveryCode: string }

/**
 * Whether the entry is a right app code (for a later time step than the last one used) or an unused recovery code
 * of the user, spending it when so: each works once, whoever races.
 */
export async function spendSecondFactor(
  app: FastifyInstance,
  user: UserRow,
  entered: EnteredSecondFactor,
  now: Date,
): Promise<boolean> {
  if (!user.twoFactorSecret) return false
  if ('code' in entered) {
    const step = acceptedTotpStep(
      entered.code,
      now,
      user.twoFactorLastStep,
      codeGenerator(user.twoFactorSecret),
    )
    return step !== null && app.repos.twoFactor.useStep(user.id, step)
  }
  const normalised = normaliseRecoveryCode(entered.recoveryCode)
  return normalised !== null && app.repos.twoFactor.useRecoveryCode(user.id, normalised, now)
}

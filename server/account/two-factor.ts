// Turning two-factor sign-in on and off for the caller (decision 0020; decision 0039: the rules here, the answers
// in routes/two-factor.ts): a TOTP secret to scan, the first code that turns it on (the 10 recovery codes are
// answered that once; only their hashes are kept), and turning it off or renewing the codes with the password and a
// code, each counted in the session's lanes before it is checked (decision 0033).
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import {
  acceptedTotpStep,
  generateRecoveryCodes,
  normaliseRecoveryCode,
} from '../../src/domain/account/two-factor'
import { TWO_FACTOR_MESSAGES } from '../../src/domain/contract'
import { recoveryCodeHash } from '../repositories/two-factor'
import type { UserRow } from '../repositories/users'
import { accepted, locked, refused, type AccountOutcome, type AccountRefusal } from './outcomes'
import {
  checkSecondFactor,
  checkSessionPassword,
  LANES,
  spendSecondFactor,
  type SecretCheck,
} from './secret-checks'
import { codeGenerator, newTotpSecret } from './totp'

const PASSWORD_WRONG = 'The password is not correct.'

type Caller = { user: UserRow; tokenId: number; origin: { ip: string | null; userAgent: string | null } }

const alreadyEnabled = () => refused(409, TWO_FACTOR_MESSAGES.ALREADY_ENABLED)
const notEnabled = () => refused(409, TWO_FACTOR_MESSAGES.NOT_ENABLED)

const freshRecoveryCodes = (userId: number) => {
  const codes = generateRecoveryCodes((count) => new Uint8Array(randomBytes(count)))
  const hashes = codes.map((code) => recoveryCodeHash(userId, normaliseRecoveryCode(code) ?? code))
  return { codes, hashes }
}

/** A refused check: 429 while its lane is locked, else 422 on its field. */
const refusalOf = (check: Exclude<SecretCheck, { outcome: 'accepted' }>, field: string, message: string) =>
  check.outcome === 'locked' ? locked(check.retryAfterSeconds) : refused(422, message, field)

/**
 * The password, then a code from the app or a recovery code: undefined when both were right (the code is then
 * spent), else the refusal.
 */
async function confirmIdentity(
  app: FastifyInstance,
  { user, tokenId, origin }: Caller,
  body: { password: string; code: string },
): Promise<AccountRefusal | undefined> {
  const password = await checkSessionPassword(app, user, tokenId, body.password)
  if (password.outcome !== 'accepted') return refusalOf(password, 'password', PASSWORD_WRONG)
  const now = app.now()
  const digits = body.code.replace(/\s+/g, '')
  const entered = /^\d{6}$/.test(digits) ? { code: digits } : { recoveryCode: body.code }
  const attempt = { userId: user.id, lane: LANES.session(tokenId), origin, now }
  const code = await checkSecondFactor(app, attempt, () => spendSecondFactor(app, user, entered, now))
  if (code.outcome !== 'accepted') return refusalOf(code, 'code', TWO_FACTOR_MESSAGES.CODE_WRONG)
  return undefined
}

export async function twoFactorStatus(app: FastifyInstance, user: UserRow) {
  const enabled = user.twoFactorEnabledAt !== null
  return {
    enabled,
    enabled_at: user.twoFactorEnabledAt?.toISOString() ?? null,
    recovery_codes_left: enabled ? await app.repos.twoFactor.recoveryCodesLeft(user.id) : 0,
  }
}

/** A new pending secret, kept until a first code confirms it. */
export async function setUpTwoFactor(app: FastifyInstance, user: UserRow): Promise<AccountOutcome<string>> {
  if (user.twoFactorEnabledAt !== null) return alreadyEnabled()
  const secret = newTotpSecret()
  if (!(await app.repos.twoFactor.setPendingSecret(user.id, secret))) return alreadyEnabled()
  return accepted(secret)
}

/** Turns it on with a first code from the pending secret; the recovery codes, answered this once. */
export async function enableTwoFactor(
  app: FastifyInstance,
  user: UserRow,
  code: string,
): Promise<AccountOutcome<string[]>> {
  const now = app.now()
  if (user.twoFactorEnabledAt !== null) return alreadyEnabled()
  const pending = user.twoFactorPendingSecret
  if (!pending) return refused(409, TWO_FACTOR_MESSAGES.NOT_SET_UP)
  const step = acceptedTotpStep(code, now, null, codeGenerator(pending))
  if (step === null) return refused(422, TWO_FACTOR_MESSAGES.CODE_WRONG, 'code')
  const { codes, hashes } = freshRecoveryCodes(user.id)
  if (!(await app.repos.twoFactor.enable(user.id, pending, step, hashes, now))) return alreadyEnabled()
  return accepted(codes)
}

export async function disableTwoFactor(
  app: FastifyInstance,
  caller: Caller,
  body: { password: string; code: string },
): Promise<AccountOutcome<undefined>> {
  if (caller.user.twoFactorEnabledAt === null) return notEnabled()
  const refusal = await confirmIdentity(app, caller, body)
  if (refusal) return refusal
  await app.repos.twoFactor.disable(caller.user.id)
  return accepted(undefined)
}

export async function renewRecoveryCodes(
  app: FastifyInstance,
  caller: Caller,
  body: { password: string; code: string },
): Promise<AccountOutcome<string[]>> {
  if (caller.user.twoFactorEnabledAt === null) return notEnabled()
  const refusal = await confirmIdentity(app, caller, body)
  if (refusal) return refusal
  const { codes, hashes } = freshRecoveryCodes(caller.user.id)
  await app.repos.twoFactor.replaceRecoveryCodes(caller.user.id, hashes, app.now())
  return accepted(codes)
}

// Two-factor sign-in rules (decision 0020): which TOTP codes a sign-in accepts, and what recovery codes look like.
// Pure: the clock, the random bytes and the code generator (RFC 6238 through otpauth, in server/account/totp.ts) are
// passed in, so these rules hold whatever computes the codes.
import { TWO_FACTOR } from '../contract/two-factor'

/** The RFC 6238 time step of `now`: whole periods since the epoch. */
export function timeStep(now: Date, periodSeconds: number = TWO_FACTOR.PERIOD_SECONDS): number {
  return Math.floor(now.getTime() / 1000 / periodSeconds)
}

/**
 * The time step a code was made for, when it is accepted: six digits matching the step of `now` or one step either
 * side (TWO_FACTOR.WINDOW_STEPS, for clock drift), and later than `lastUsedStep`, so a code, or any older one,
 * works once. Null when refused. The caller stores the answer as the new `lastUsedStep`.
 */
export function acceptedTotpStep(
  code: string,
  now: Date,
  lastUsedStep: number | null,
  codeForStep: (step: number) => string,
): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const current = timeStep(now)
  // Oldest first: the earliest step a code matches is the one it was made for.
  for (let delta = -TWO_FACTOR.WINDOW_STEPS; delta <= TWO_FACTOR.WINDOW_STEPS; delta += 1) {
    const step = current + delta
    if (lastUsedStep !== null && step <= lastUsedStep) continue
    if (sameDigits(codeForStep(step), code)) return step
  }
  return null
}

/** Compares every digit whatever the first difference, so timing tells nothing. */
function sameDigits(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
  return difference === 0
}

// ---- recovery codes ---------------------------------------------------------------------------------------------

/** Crockford's base32: no i, l, o or u, so nothing reads as another character. 16 characters = 80 bits. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
export const RECOVERY_CODE_LENGTH = 16
const GROUP = 4

/** One recovery code from RECOVERY_CODE_LENGTH random bytes: 'k3m9-x2qd-7hvt-a04n'. */
export function recoveryCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < RECOVERY_CODE_LENGTH) throw new Error('a recovery code needs 16 random bytes')
  let code = ''
  for (let index = 0; index < RECOVERY_CODE_LENGTH; index += 1) {
    // 32 symbols: the low five bits of each byte are uniform when the byte is.
    code += RECOVERY_ALPHABET[(bytes[index] ?? 0) & 31]
  }
  const groups: string[] = []
  for (let index = 0; index < code.length; index += GROUP) groups.push(code.slice(index, index + GROUP))
  return groups.join('-')
}

/** TWO_FACTOR.RECOVERY_CODE_COUNT distinct codes, from the random source given. */
export function generateRecoveryCodes(
  randomBytes: (count: number) => Uint8Array,
  count: number = TWO_FACTOR.RECOVERY_CODE_COUNT,
): string[] {
  const codes = new Set<string>()
  while (codes.size < count) codes.add(recoveryCodeFromBytes(randomBytes(RECOVERY_CODE_LENGTH)))
  return [...codes]
}

/**
 * A recovery code as typed, in its stored form: lower case, without spaces or dashes, with the characters people
 * confuse read as Crockford says (i and l are 1, o is 0). Null when it cannot be a code at all.
 */
export function normaliseRecoveryCode(input: string): string | null {
  const compact = input
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/[il]/g, '1')
    .replace(/o/g, '0')
  if (compact.length !== RECOVERY_CODE_LENGTH) return null
  for (const char of compact) if (!RECOVERY_ALPHABET.includes(char)) return null
  return compact
}

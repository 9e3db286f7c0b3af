// RFC 6238 codes through otpauth (SHA-1, 6 digits, 30 s: what every authenticator app speaks). The rules of which
// code is accepted are src/domain/account/two-factor.ts's; this file only makes secrets, codes and the URI.
import { randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { TWO_FACTOR } from '../../src/domain/contract'

function totpOf(secretBase32: string, label = 'user'): TOTP {
  return new TOTP({
    issuer: TWO_FACTOR.ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.DIGITS,
    period: TWO_FACTOR.PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  })
}

/** 160 random bits (RFC 4226's recommendation) as base32, the form apps accept typed in. */
export function newTotpSecret(): string {
  return new Secret({ buffer: new Uint8Array(randomBytes(20)).buffer }).base32
}

/** The code for one time step (step * period = its first second). */
export function codeGenerator(secretBase32: string): (step: number) => string {
  const totp = totpOf(secretBase32)
  return (step) => totp.generate({ timestamp: step * TWO_FACTOR.PERIOD_SECONDS * 1000 })
}

/** The code an authenticator shows at `now` (tests compute theirs the same way). */
export function totpCodeAt(secretBase32: string, now: Date): string {
  return totpOf(secretBase32).generate({ timestamp: now.getTime() })
}

/** The otpauth:// URI an authenticator app scans (the page shows it as a QR code). */
export function otpauthUri(secretBase32: string, accountLabel: string): string {
  return totpOf(secretBase32, accountLabel).toString()
}

// The TOTP rule of two-factor sign-in (decision 0020): a code matches the current 30-second step or one either side,
// never a step at or before the last one used, so each code works once. Recovery codes: ten distinct 16-character
// Crockford base32 codes, read back however they are typed.
import { describe, expect, it } from 'vitest'
import {
  acceptedTotpStep,
  generateRecoveryCodes,
  normaliseRecoveryCode,
  recoveryCodeFromBytes,
  timeStep,
} from '../../../src/domain/account/two-factor'

const NOW = new Date('2026-03-01T12:00:10Z')
const STEP = timeStep(NOW)
/** A stand-in generator: the code of a step is its number, six digits. */
const codeFor = (step: number) => String(step % 1_000_000).padStart(6, '0')

describe('acceptedTotpStep', () => {
  it('answers the step of a code for now, or one step before or after', () => {
    expect(acceptedTotpStep(codeFor(STEP), NOW, null, codeFor)).toBe(STEP)
    expect(acceptedTotpStep(codeFor(STEP - 1), NOW, null, codeFor)).toBe(STEP - 1)
    expect(acceptedTotpStep(codeFor(STEP + 1), NOW, null, codeFor)).toBe(STEP + 1)
  })

  it('refuses codes two steps away', () => {
    expect(acceptedTotpStep(codeFor(STEP - 2), NOW, null, codeFor)).toBeNull()
    expect(acceptedTotpStep(codeFor(STEP + 2), NOW, null, codeFor)).toBeNull()
  })

  it('refuses the step last used and every earlier one', () => {
    expect(acceptedTotpStep(codeFor(STEP), NOW, STEP, codeFor)).toBeNull()
    expect(acceptedTotpStep(codeFor(STEP - 1), NOW, STEP - 1, codeFor)).toBeNull()
    expect(acceptedTotpStep(codeFor(STEP - 1), NOW, STEP, codeFor)).toBeNull()
    expect(acceptedTotpStep(codeFor(STEP + 1), NOW, STEP, codeFor)).toBe(STEP + 1)
  })

  it('refuses anything but six digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456']) {
      expect(acceptedTotpStep(code, NOW, null, () => code)).toBeNull()
    }
  })

  it('counts 30-second steps from the epoch', () => {
    expect(timeStep(new Date(59_999))).toBe(1)
    expect(timeStep(new Date(60_000))).toBe(2)
  })
})

describe('recovery codes', () => {
  const bytes = (fill: number) => () => new Uint8Array(16).fill(fill)

  it('are 16 characters in four groups, from 5 bits of each byte', () => {
    expect(recoveryCodeFromBytes(new Uint8Array(16).fill(0))).toBe('0000-0000-0000-0000')
    expect(recoveryCodeFromBytes(new Uint8Array(16).fill(31))).toBe('zzzz-zzzz-zzzz-zzzz')
    expect(recoveryCodeFromBytes(Uint8Array.from({ length: 16 }, (_, index) => index + 16))).toBe(
      'ghjk-mnpq-rstv-wxyz',
    )
  })

  it('come ten at a time and all different, even from a source that repeats itself', () => {
    let call = 0
    const codes = generateRecoveryCodes(() => {
      call += 1
      return new Uint8Array(16).fill(Math.floor(call / 2))
    })
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    expect(generateRecoveryCodes(bytes(7), 1)).toEqual(['7777-7777-7777-7777'])
  })

  it('are read back whatever the case, spaces and dashes, with i, l and o as 1, 1 and 0', () => {
    expect(normaliseRecoveryCode('ABCD-EFGH-JKMN-PQRS')).toBe('abcdefghjkmnpqrs')
    expect(normaliseRecoveryCode(' abcd efgh jkmn pqrs ')).toBe('abcdefghjkmnpqrs')
    expect(normaliseRecoveryCode('I0L0-o000-0000-0000')).toBe('1010000000000000')
  })

  it('refuse what cannot be a code', () => {
    expect(normaliseRecoveryCode('')).toBeNull()
    expect(normaliseRecoveryCode('abcd-efgh-jkmn')).toBeNull()
    expect(normaliseRecoveryCode('uuuu-uuuu-uuuu-uuuu')).toBeNull()
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pqrs-t')).toBeNull()
  })
})

// docs/product/registration.md#register-page-variants (chooser) and docs/product/registration.md#messages (email and
// registration messages): the decisions behind the sign-up toasts.
import { describe, expect, it } from 'vitest'
import { emailCheckOutcome, registrationSuccessMessage } from '../../../src/domain/registration/email-check'
import { signUpVariant } from '../../../src/domain/registration/signup-variant'
import {
  checkEmailErrorMessage,
  DraftStorageError,
  registrationErrorMessage,
} from '../../../src/features/registration/utils/error-messages'
import { HttpError } from '../../../src/lib/http'

const httpError = (status: number, data: unknown, message = `Request failed with status code ${status}`) =>
  new HttpError({ message, status, statusText: '', data, url: '/api/v1/auth/check-email', method: 'POST' })

describe('the register-page chooser', () => {
  it.each([
    ['ic', 'ic'],
    ['td', 'td'],
    ['basic', 'basic'],
    ['IC', 'ic'],
    ['something-else', 'basic'],
    ['', 'basic'],
    [undefined, 'basic'],
  ] as const)("r_page '%s' shows the %s page", (rPage, variant) => {
    expect(signUpVariant(rPage)).toBe(variant)
  })
})

describe('the email check answer', () => {
  it('an available address goes on with the slug of the guessed country', () => {
    expect(
      emailCheckOutcome({ success: true, message: 'ok', data: { available: true, country: 'GB' } }),
    ).toEqual({
      available: true,
      country: 'united-kingdom',
    })
    expect(
      emailCheckOutcome({ success: true, message: '', data: { available: true, country: 'ZZ' } }),
    ).toEqual({
      available: true,
      country: 'united_states',
    })
  })

  it("a taken address shows the server's message, else 'Email is already registered'", () => {
    expect(
      emailCheckOutcome({
        success: true,
        message: 'This email is in use',
        data: { available: false, country: 'US' },
      }),
    ).toEqual({ available: false, message: 'This email is in use' })
    expect(
      emailCheckOutcome({ success: true, message: ' ', data: { available: false, country: 'US' } }),
    ).toEqual({
      available: false,
      message: 'Email is already registered',
    })
  })

  it("an answer with success false is a failed check ('Failed to check email availability' without a message)", () => {
    expect(
      emailCheckOutcome({ success: false, message: '', data: { available: true, country: 'US' } }),
    ).toEqual({
      available: false,
      message: 'Failed to check email availability',
    })
  })
})

describe('a failed email check', () => {
  it("shows the server's message when the error answer has one", () => {
    expect(
      checkEmailErrorMessage(
        httpError(429, { message: 'Too many attempts. Please try again in 5 seconds.' }),
      ),
    ).toBe('Too many attempts. Please try again in 5 seconds.')
  })

  it("shows 'Failed to check email availability' for errors without a server message", () => {
    expect(checkEmailErrorMessage(httpError(500, null))).toBe('Failed to check email availability')
    expect(checkEmailErrorMessage(httpError(0, null, 'Network Error'))).toBe(
      'Failed to check email availability',
    )
    expect(checkEmailErrorMessage(new TypeError('boom'))).toBe('Failed to check email availability')
    // A 2xx that broke the contract carries a success message, which must not be shown as the error.
    expect(
      checkEmailErrorMessage(
        httpError(200, { message: 'Email is available' }, 'Invalid response from server'),
      ),
    ).toBe('Failed to check email availability')
  })

  it("shows 'An error occurred. Please try again.' for a thrown non-error and for a storage failure", () => {
    expect(checkEmailErrorMessage('nope')).toBe('An error occurred. Please try again.')
    expect(checkEmailErrorMessage(undefined)).toBe('An error occurred. Please try again.')
    expect(checkEmailErrorMessage(new DraftStorageError(new Error('QuotaExceeded')))).toBe(
      'An error occurred. Please try again.',
    )
  })
})

describe('registration', () => {
  it("a failure shows the server's message, else 'Registration failed. Please try again.'", () => {
    expect(
      registrationErrorMessage(httpError(409, { message: 'Username is already taken', errors: {} })),
    ).toBe('Username is already taken')
    expect(registrationErrorMessage(httpError(502, '<html>Bad gateway</html>'))).toBe(
      'Registration failed. Please try again.',
    )
    expect(registrationErrorMessage(new Error('x'))).toBe('Registration failed. Please try again.')
    expect(registrationErrorMessage(42)).toBe('Registration failed. Please try again.')
  })

  it('success tells a pending customer that the account awaits approval', () => {
    expect(registrationSuccessMessage('pending')).toContain('awaiting approval')
    expect(registrationSuccessMessage('active')).not.toContain('awaiting approval')
  })
})

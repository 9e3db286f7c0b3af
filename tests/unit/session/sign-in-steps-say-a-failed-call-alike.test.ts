// The sign-in's two steps (the password, and the code of two-factor sign-in) say a failed call in one sentence each
// way: the server's own words, the offline sentence when no answer came, a plain one for anything else.
import { describe, expect, it } from 'vitest'
import { loginErrorMessage } from '../../../src/features/session/components/login-form'
import { HttpError } from '../../../src/lib/http'

const httpError = (status: number, message: string) =>
  new HttpError({ message, status, statusText: '', data: { message }, url: '/login', method: 'POST' })

describe('a failed sign-in call, in words', () => {
  it('says the server’s sentence', () => {
    expect(loginErrorMessage(httpError(401, 'These credentials do not match our records.'))).toBe(
      'These credentials do not match our records.',
    )
  })

  it('says the server could not be reached when no answer came', () => {
    expect(loginErrorMessage(httpError(0, 'Failed to fetch'))).toBe(
      'Cannot reach the server. Check your connection and try again.',
    )
  })

  it('says a plain sentence for anything else', () => {
    expect(loginErrorMessage(new Error('boom'))).toBe('An error occurred. Please try again.')
  })
})

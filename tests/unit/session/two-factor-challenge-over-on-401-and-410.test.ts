import { describe, expect, it } from 'vitest'
import { isChallengeOver } from '../../../src/features/session/api/login-two-factor'
import { HttpError } from '../../../src/lib/http'

const failure = (status: number) =>
  new HttpError({
    message: 'The sign-in expired. Please enter your email and password again.',
    status,
    statusText: '',
    data: null,
    url: '/auth/login/two-factor',
    method: 'POST',
  })

describe('the second step sends the user back to the password only when the challenge is over', () => {
  it('is over on 401 (expired) and 410 (used or out of tries)', () => {
    expect(isChallengeOver(failure(401))).toBe(true)
    expect(isChallengeOver(failure(410))).toBe(true)
  })

  it('is not over on a wrong code, a lock or a lost connection: the code field stays', () => {
    expect(isChallengeOver(failure(422))).toBe(false)
    expect(isChallengeOver(failure(429))).toBe(false)
    expect(isChallengeOver(failure(0))).toBe(false)
    expect(isChallengeOver(new Error('boom'))).toBe(false)
  })
})

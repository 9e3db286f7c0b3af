// The sentence for a call that got no answer is written once, in `src/lib/http.ts` (decision 0040, ninth pass): the
// sign-in, the account's forms and the verification page all say it, word for word.
import { describe, expect, it } from 'vitest'
import { problemText } from '../../../src/features/account/components/server-errors'
import { loginErrorMessage } from '../../../src/features/session/components/login-form'
import { CANNOT_REACH_SERVER_MESSAGE, HttpError } from '../../../src/lib/http'

const noAnswer = new HttpError({
  message: 'Failed to fetch',
  status: 0,
  statusText: '',
  data: undefined,
  url: '/x',
  method: 'GET',
})

describe('the cannot-reach-the-server sentence', () => {
  it('reads as people have always read it', () => {
    expect(CANNOT_REACH_SERVER_MESSAGE).toBe('Cannot reach the server. Check your connection and try again.')
  })

  it('is what the sign-in and the account’s forms say when no answer came', () => {
    expect(loginErrorMessage(noAnswer)).toBe(CANNOT_REACH_SERVER_MESSAGE)
    expect(problemText(noAnswer)).toBe(CANNOT_REACH_SERVER_MESSAGE)
  })
})

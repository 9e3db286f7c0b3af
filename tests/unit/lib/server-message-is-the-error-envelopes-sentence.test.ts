// serverMessage (src/lib/error-message.ts): the one reading of the server's error envelope that the sign-up, the
// chat and the marketplace show before their own fallbacks.
import { describe, expect, it } from 'vitest'
import { serverMessage } from '../../../src/lib/error-message'
import { HttpError } from '../../../src/lib/http'

const failure = (status: number, data: unknown) =>
  new HttpError({ message: 'm', status, statusText: '', data, url: '/x', method: 'POST' })

describe('serverMessage', () => {
  it('is the envelope’s sentence for a 4xx or a 5xx, trimmed', () => {
    expect(serverMessage(failure(422, { message: ' The email has already been taken. ' }))).toBe(
      'The email has already been taken.',
    )
    expect(serverMessage(failure(503, { message: 'Down for maintenance.' }))).toBe('Down for maintenance.')
  })

  it('is nothing for a network failure, a 2xx that failed parsing, an empty sentence or another error', () => {
    expect(serverMessage(failure(0, null))).toBeUndefined()
    expect(serverMessage(failure(200, { message: 'Saved.' }))).toBeUndefined()
    expect(serverMessage(failure(400, { message: '   ' }))).toBeUndefined()
    expect(serverMessage(failure(400, 'not an envelope'))).toBeUndefined()
    expect(serverMessage(new Error('boom'))).toBeUndefined()
  })
})

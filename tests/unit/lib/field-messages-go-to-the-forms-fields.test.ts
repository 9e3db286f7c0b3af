// A 422's field messages by a form's fields (src/lib/error-message.ts): the workspace's dialogs hold them in state,
// the back office's and the account's react-hook-forms take them through placeFieldErrors, the first one focused.
import { describe, expect, it, vi } from 'vitest'
import { fieldMessages, placeFieldErrors } from '../../../src/lib/error-message'
import { HttpError } from '../../../src/lib/http'

const refusal = (errors: Record<string, string[]>) =>
  new HttpError({
    message: 'The given data was invalid.',
    status: 422,
    statusText: 'Unprocessable Content',
    data: { message: 'The given data was invalid.', errors },
    url: '/orders/5',
    method: 'PATCH',
  })

const fieldOf = (serverName: string) =>
  serverName === 'take_profit' ? 'takeProfit' : serverName === 'price' ? 'price' : null

describe('a refusal’s field messages', () => {
  it('gives each of the form’s fields the first message the server gave for it, and leaves out the rest', () => {
    const error = refusal({
      price: ['Too far.', 'Second.'],
      take_profit: ['Above the price.'],
      other: ['No field.'],
    })
    expect(fieldMessages(error, fieldOf)).toEqual({ price: 'Too far.', takeProfit: 'Above the price.' })
  })

  it('is empty for an answer without field messages and for an error that is no answer', () => {
    expect(fieldMessages(refusal({}), fieldOf)).toEqual({})
    expect(fieldMessages(refusal({ price: [] }), fieldOf)).toEqual({})
    expect(fieldMessages(new Error('offline'), fieldOf)).toEqual({})
  })

  it('puts them on a form, focusing the first, and says whether any landed', () => {
    const setError = vi.fn()
    expect(
      placeFieldErrors(refusal({ price: ['Too far.'], take_profit: ['Above.'] }), fieldOf, setError),
    ).toBe(true)
    expect(setError.mock.calls).toEqual([
      ['price', { type: 'server', message: 'Too far.' }, { shouldFocus: true }],
      ['takeProfit', { type: 'server', message: 'Above.' }, { shouldFocus: false }],
    ])
    expect(placeFieldErrors(refusal({ other: ['No field.'] }), fieldOf, vi.fn())).toBe(false)
  })
})

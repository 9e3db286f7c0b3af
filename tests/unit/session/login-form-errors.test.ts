import { describe, expect, it } from 'vitest'
import { LoginRequestSchema } from '../../../src/domain/contract/user'
import { fieldErrors } from '../../../src/domain/forms/field-errors'

describe('the sign-in form checks its fields with the contract (no react-hook-form)', () => {
  it('names each empty or wrong field with the spec words, one message a field', () => {
    expect(fieldErrors(LoginRequestSchema, { email: '', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    })
    expect(fieldErrors(LoginRequestSchema, { email: 'trader@', password: 'secret' })).toEqual({
      email: 'Please enter a valid email address',
    })
  })

  it('has nothing to say about a well-formed email and a password', () => {
    expect(fieldErrors(LoginRequestSchema, { email: 'trader@example.com', password: 'x' })).toEqual({})
  })

  it('refuses text that cannot be stored with the text rule message', () => {
    const errors = fieldErrors(LoginRequestSchema, { email: 'trader@example.com', password: 'a\u0000b' })
    expect(errors.password).toMatch(/cannot be stored/)
  })
})

import { describe, expect, it } from 'vitest'
import { profileFormSchema, profilePatch, type ProfileForm } from '../../../src/domain/account/profile-form'

const NOW = new Date('2026-06-15T12:00:00Z')
const VALID: ProfileForm = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  country_code: '+44',
  phone: '7700 900123',
  address_line1: '',
  address_line2: '',
  city: '',
  postal_code: '',
  country: '',
  date_of_birth: '',
}

const messages = (form: ProfileForm) => {
  const result = profileFormSchema(NOW).safeParse(form)
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]))
}

describe('the personal details form', () => {
  it('uses the messages of docs/product/registration.md#validation for names, username and phone', () => {
    expect(messages({ ...VALID, first_name: 'A', last_name: 'L', username: 'ad', phone: '123' })).toEqual({
      first_name: 'First name must be at least 2 characters',
      last_name: 'Last name must be at least 2 characters',
      username: 'Username must be at least 3 characters',
      phone: 'Please enter a valid phone number',
    })
  })

  it('wants a whole address once any part of it is given', () => {
    expect(messages({ ...VALID, postal_code: 'NW1 6XE' })).toEqual({
      address_line1: 'This field is required',
      city: 'This field is required',
      country: 'This field is required',
    })
  })

  it('refuses a day that does not exist and anyone under 18 on the day', () => {
    expect(messages({ ...VALID, date_of_birth: '2001-02-30' })).toEqual({
      date_of_birth: 'Please enter a valid date (YYYY-MM-DD).',
    })
    expect(messages({ ...VALID, date_of_birth: '2008-06-16' })).toEqual({
      date_of_birth: 'You must be at least 18 years old.',
    })
    expect(messages({ ...VALID, date_of_birth: '2008-06-15' })).toEqual({})
  })

  it('sends an empty address and date of birth as null, and trims the rest', () => {
    expect(profilePatch({ ...VALID, first_name: ' Ada ' })).toMatchObject({
      first_name: 'Ada',
      phone: '7700 900123',
      country_code: '+44',
      address: null,
      date_of_birth: null,
    })
    expect(
      profilePatch({ ...VALID, address_line1: '12 St James Sq', city: 'London', country: 'united-kingdom' })
        .address,
    ).toEqual({
      line1: '12 St James Sq',
      line2: null,
      city: 'London',
      postal_code: null,
      country: 'united-kingdom',
    })
  })
})

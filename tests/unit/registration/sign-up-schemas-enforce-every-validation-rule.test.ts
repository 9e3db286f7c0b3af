// docs/product/registration.md#validation: every sign-up rule with its exact message, at the boundaries the document
// gives.
import { describe, expect, it } from 'vitest'
import {
  CheckEmailRequestSchema,
  CheckEmailResponseSchema,
  CountryResidenceSchema,
  RegistrationPayloadSchema,
  SignUpStartSchema,
} from '../../../src/domain/contract/auth'
import { RegistrationDraftSchema } from '../../../src/domain/registration/draft'
import { createRegisterFormSchema, type KnownFields } from '../../../src/domain/registration/register-form'

const MSG = {
  EMAIL: 'Please enter a valid email address',
  PASSWORD: 'Password must be at least 8 characters',
  FIRST_NAME: 'First name must be at least 2 characters',
  LAST_NAME: 'Last name must be at least 2 characters',
  USERNAME: 'Username must be at least 3 characters',
  PHONE: 'Please enter a valid phone number',
  PASSWORDS_DIFFER: 'Passwords do not match',
  PRIVACY: 'Please agree to the Privacy Policy',
}

const VALID_PAYLOAD = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  phone: '5551234',
  country_code: '+1',
  country: 'united-kingdom',
  nationality: 'united-kingdom',
  password: 'Secret123!',
  confirm_password: 'Secret123!',
}

/** The messages a schema reports per top-level field. */
function messages(result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) {
  const byField: Record<string, string[]> = {}
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '')
    ;(byField[field] ??= []).push(issue.message)
  }
  return byField
}

describe('the start page (email and password)', () => {
  it('accepts a valid address and an 8-character password', () => {
    expect(SignUpStartSchema.safeParse({ email: 'new@example.com', password: '12345678' }).success).toBe(true)
  })

  it.each(['', 'plain', 'no-at.example.com', 'a@', '@example.com', 'a b@example.com'])(
    "rejects the address '%s' with the spec's message",
    (email) => {
      const result = SignUpStartSchema.safeParse({ email, password: '12345678' })
      expect(messages(result).email).toEqual([MSG.EMAIL])
    },
  )

  it('rejects a 7-character password and accepts 8', () => {
    expect(
      messages(SignUpStartSchema.safeParse({ email: 'a@example.com', password: '1234567' })).password,
    ).toEqual([MSG.PASSWORD])
    expect(SignUpStartSchema.safeParse({ email: 'a@example.com', password: '12345678' }).success).toBe(true)
  })

  it('trims the address before checking it', () => {
    const result = SignUpStartSchema.safeParse({ email: '  a@example.com ', password: '12345678' })
    expect(result.success && result.data.email).toBe('a@example.com')
  })

  it('the email check request uses the same rule', () => {
    expect(messages(CheckEmailRequestSchema.safeParse({ email: 'nope' })).email).toEqual([MSG.EMAIL])
    expect(CheckEmailRequestSchema.safeParse({ email: 'ok@example.com' }).success).toBe(true)
  })

  it('the email check answer defaults a missing country to US (docs/product/api.md#calls)', () => {
    const parsed = CheckEmailResponseSchema.parse({ success: true, message: '', data: { available: true } })
    expect(parsed.data.country).toBe('US')
  })
})

describe('the registration payload', () => {
  it('accepts a complete payload', () => {
    expect(RegistrationPayloadSchema.safeParse(VALID_PAYLOAD).success).toBe(true)
  })

  it.each([
    ['first_name', 'A', 'Ab', MSG.FIRST_NAME],
    ['last_name', 'L', 'Lo', MSG.LAST_NAME],
    ['username', 'ad', 'ada', MSG.USERNAME],
    ['phone', '12345', '123456', MSG.PHONE],
  ] as const)(
    '%s: one short of the minimum is refused with its message, the minimum passes',
    (field, short, ok, message) => {
      expect(
        messages(RegistrationPayloadSchema.safeParse({ ...VALID_PAYLOAD, [field]: short }))[field],
      ).toEqual([message])
      expect(RegistrationPayloadSchema.safeParse({ ...VALID_PAYLOAD, [field]: ok }).success).toBe(true)
    },
  )

  it('counts names without surrounding spaces', () => {
    expect(
      messages(RegistrationPayloadSchema.safeParse({ ...VALID_PAYLOAD, first_name: ' A ' })).first_name,
    ).toEqual([MSG.FIRST_NAME])
  })

  it('refuses a bad email and a short password with their messages', () => {
    const result = messages(
      RegistrationPayloadSchema.safeParse({
        ...VALID_PAYLOAD,
        email: 'x',
        password: 'short',
        confirm_password: 'short',
      }),
    )
    expect(result.email).toEqual([MSG.EMAIL])
    expect(result.password).toEqual([MSG.PASSWORD])
  })

  it("reports differing passwords under confirm_password as 'Passwords do not match'", () => {
    const result = messages(
      RegistrationPayloadSchema.safeParse({ ...VALID_PAYLOAD, confirm_password: 'Secret123?' }),
    )
    expect(result.confirm_password).toEqual([MSG.PASSWORDS_DIFFER])
  })

  it.each(['country_code', 'country', 'nationality'] as const)('requires %s, with no other rule', (field) => {
    expect(RegistrationPayloadSchema.safeParse({ ...VALID_PAYLOAD, [field]: '' }).success).toBe(false)
    expect(RegistrationPayloadSchema.safeParse({ ...VALID_PAYLOAD, [field]: 'x' }).success).toBe(true)
  })
})

describe('the setup step', () => {
  const step = { countryOfResidence: 'united-states', nationality: 'united-states' }

  it("refuses an unticked privacy box with 'Please agree to the Privacy Policy'", () => {
    expect(messages(CountryResidenceSchema.safeParse({ ...step, agreePrivacy: false })).agreePrivacy).toEqual(
      [MSG.PRIVACY],
    )
  })

  it('accepts a ticked box and requires both countries', () => {
    expect(CountryResidenceSchema.safeParse({ ...step, agreePrivacy: true }).success).toBe(true)
    expect(CountryResidenceSchema.safeParse({ ...step, nationality: '', agreePrivacy: true }).success).toBe(
      false,
    )
    expect(
      CountryResidenceSchema.safeParse({ ...step, countryOfResidence: '', agreePrivacy: true }).success,
    ).toBe(false)
  })
})

describe('the full form', () => {
  const nothingKnown: KnownFields = { email: false, country: false, password: false }
  const allKnown: KnownFields = { email: true, country: true, password: true }
  const emptyForm = {
    first_name: '',
    last_name: '',
    username: '',
    email: '',
    phone: '',
    country_code: '+1',
    country: 'united-states',
    password: '',
    confirm_password: '',
  }

  it('with nothing known, reports every field rule at once, the password mismatch included', () => {
    const result = messages(
      createRegisterFormSchema(nothingKnown).safeParse({
        ...emptyForm,
        password: 'Secret123!',
        confirm_password: 'x',
      }),
    )
    expect(result).toEqual({
      first_name: [MSG.FIRST_NAME],
      last_name: [MSG.LAST_NAME],
      username: [MSG.USERNAME],
      email: [MSG.EMAIL],
      phone: [MSG.PHONE],
      confirm_password: [MSG.PASSWORDS_DIFFER],
    })
  })

  it('does not check the fields the draft answers (they are hidden)', () => {
    const result = createRegisterFormSchema(allKnown).safeParse({
      ...emptyForm,
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
      phone: '5551234',
      country: '',
    })
    expect(result.success).toBe(true)
  })
})

describe('the stored draft', () => {
  const draft = {
    email: 'a@example.com',
    password: 'Secret123!',
    country: 'united-states',
    timestamp: '2025-01-01T00:00:00.000Z',
  }

  it('accepts the start page draft and the setup step additions', () => {
    expect(RegistrationDraftSchema.safeParse(draft).success).toBe(true)
    expect(
      RegistrationDraftSchema.safeParse({
        ...draft,
        countryOfResidence: 'canada',
        nationality: 'nigeria',
        agreePrivacy: true,
      }).success,
    ).toBe(true)
  })

  it('refuses a draft without an ISO timestamp or without its email', () => {
    expect(RegistrationDraftSchema.safeParse({ ...draft, timestamp: 'yesterday' }).success).toBe(false)
    expect(RegistrationDraftSchema.safeParse({ ...draft, email: undefined }).success).toBe(false)
  })
})

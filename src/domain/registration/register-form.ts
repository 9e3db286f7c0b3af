// The full registration form (docs/product/registration.md#full-registration-form) and how it meets the draft: which
// fields the draft already answers (they are hidden), the form's own schema for the fields left, and the payload
// sent, where "values known from the draft override form values on submit" (docs/product/registration.md#flow).
import { z } from 'zod'
import {
  DEFAULT_COUNTRY_CODE,
  EmailSchema,
  FirstNameSchema,
  LastNameSchema,
  PasswordSchema,
  PhoneSchema,
  RequiredStringSchema,
  UsernameSchema,
  VALIDATION_MESSAGES,
  type RegistrationPayload,
} from '../contract/auth'
import { DEFAULT_COUNTRY_SLUG } from './countries'
import type { RegistrationDraft } from './draft'

export interface RegisterFormValues {
  first_name: string
  last_name: string
  username: string
  email: string
  phone: string
  country_code: string
  country: string
  password: string
  confirm_password: string
}

export const REGISTER_FORM_DEFAULTS: RegisterFormValues = {
  first_name: '',
  last_name: '',
  username: '',
  email: '',
  phone: '',
  country_code: DEFAULT_COUNTRY_CODE,
  country: DEFAULT_COUNTRY_SLUG,
  password: '',
  confirm_password: '',
}

/**
 * The fields the draft already answers; the form hides them (docs/product/registration.md#full-registration-form).
 */
export interface KnownFields {
  email: boolean
  country: boolean
  /** Password and confirm password together. */
  password: boolean
}

const NOTHING_KNOWN: KnownFields = { email: false, country: false, password: false }

/** The residence chosen in the setup step wins over the country guessed by the email check. */
export function draftCountry(draft: RegistrationDraft): string {
  return draft.countryOfResidence?.trim() || draft.country.trim()
}

export function knownFields(draft: RegistrationDraft | null): KnownFields {
  if (!draft) return NOTHING_KNOWN
  return {
    email: draft.email.trim() !== '',
    country: draftCountry(draft) !== '',
    password: draft.password !== '',
  }
}

export const hasKnownFields = (known: KnownFields) => known.email || known.country || known.password

const anything = z.string()

/**
 * The form's schema: the rules of docs/product/registration.md#validation for the fields it shows; hidden fields are
 * not the customer's to fix.
 */
export function createRegisterFormSchema(known: KnownFields) {
  return z
    .object({
      first_name: FirstNameSchema,
      last_name: LastNameSchema,
      username: UsernameSchema,
      email: known.email ? anything : EmailSchema,
      phone: PhoneSchema,
      country_code: RequiredStringSchema,
      country: known.country ? anything : RequiredStringSchema,
      password: known.password ? anything : PasswordSchema,
      confirm_password: anything,
    })
    .refine((values) => known.password || values.password === values.confirm_password, {
      message: VALIDATION_MESSAGES.PASSWORDS_DIFFER,
      path: ['confirm_password'],
      // Checked even while other fields are still wrong, so every message shows after the first submit.
      when: (payload) => {
        const values = payload.value as Partial<Record<keyof RegisterFormValues, unknown>>
        return typeof values.password === 'string' && typeof values.confirm_password === 'string'
      },
    })
}

/**
 * The payload of POST /auth/register. Draft values override form values (docs/product/registration.md#flow);
 * nationality comes from the setup step, else it is the country (the full form without a draft has no nationality
 * field). Not yet validated: the caller runs it through RegistrationPayloadSchema.
 */
export function buildRegistrationPayload(
  form: RegisterFormValues,
  draft: RegistrationDraft | null,
): RegistrationPayload {
  const known = knownFields(draft)
  const email = known.email && draft ? draft.email.trim() : form.email.trim()
  const password = known.password && draft ? draft.password : form.password
  const confirmPassword = known.password && draft ? draft.password : form.confirm_password
  const country = known.country && draft ? draftCountry(draft) : form.country
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    username: form.username.trim(),
    email,
    phone: form.phone.trim(),
    country_code: form.country_code.trim(),
    country,
    nationality: draft?.nationality?.trim() || country,
    password,
    confirm_password: confirmPassword,
  }
}

/** Payload fields the form shows for these known fields: a server error for any other goes to the toast only. */
export function visibleRegisterFields(known: KnownFields): (keyof RegisterFormValues)[] {
  const fields: (keyof RegisterFormValues)[] = ['first_name', 'last_name', 'username']
  if (!known.email) fields.push('email')
  fields.push('country_code', 'phone')
  if (!known.country) fields.push('country')
  if (!known.password) fields.push('password', 'confirm_password')
  return fields
}

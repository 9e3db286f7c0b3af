// Sign-up and account calls (docs/product/data-model.md#registration-draft, docs/product/registration.md#validation
// and docs/product/api.md#calls). The form rules of docs/product/registration.md#validation live here once, with
// their exact messages, and both the client's forms and the server's routes validate with them. In zod/mini: the account
// pages load it for their first render (through the password, session and profile contracts), and zod/mini builds
// schemas at import for less CPU than classic zod (decision 0043). The login page does not import it (decision 0027).
import * as z from 'zod/mini'
import { dataEnvelope, TextSchema } from './common'
import { LoginResponseSchema, UserSchema } from './user'
import './zod-messages'

export const VALIDATION_MESSAGES = {
  EMAIL: 'Please enter a valid email address',
  PASSWORD: 'Password must be at least 8 characters',
  FIRST_NAME: 'First name must be at least 2 characters',
  LAST_NAME: 'Last name must be at least 2 characters',
  USERNAME: 'Username must be at least 3 characters',
  PHONE: 'Please enter a valid phone number',
  PASSWORDS_DIFFER: 'Passwords do not match',
  PRIVACY: 'Please agree to the Privacy Policy',
} as const

export const MIN_LENGTHS = { FIRST_NAME: 2, LAST_NAME: 2, USERNAME: 3, PHONE: 6, PASSWORD: 8 } as const
export const DEFAULT_COUNTRY_CODE = '+1'

// Upper bounds are ours (the spec gives none): they keep hostile input out of the database, far above real values.
export const EmailSchema = z.pipe(
  TextSchema.check(z.trim(), z.maxLength(254)),
  z.email({ message: VALIDATION_MESSAGES.EMAIL }),
)
export const PasswordSchema = TextSchema.check(
  z.minLength(MIN_LENGTHS.PASSWORD, VALIDATION_MESSAGES.PASSWORD),
  z.maxLength(1024),
)
export const FirstNameSchema = TextSchema.check(
  z.trim(),
  z.minLength(MIN_LENGTHS.FIRST_NAME, VALIDATION_MESSAGES.FIRST_NAME),
  z.maxLength(100),
)
export const LastNameSchema = TextSchema.check(
  z.trim(),
  z.minLength(MIN_LENGTHS.LAST_NAME, VALIDATION_MESSAGES.LAST_NAME),
  z.maxLength(100),
)
export const UsernameSchema = TextSchema.check(
  z.trim(),
  z.minLength(MIN_LENGTHS.USERNAME, VALIDATION_MESSAGES.USERNAME),
  z.maxLength(50),
)
export const PhoneSchema = TextSchema.check(
  z.trim(),
  z.minLength(MIN_LENGTHS.PHONE, VALIDATION_MESSAGES.PHONE),
  z.maxLength(32),
)
/**
 * country_code, country, nationality: "required strings, no other rule" (docs/product/registration.md#validation).
 */
export const RequiredStringSchema = TextSchema.check(
  z.minLength(1, 'This field is required'),
  z.maxLength(100),
)

/** The registration payload of docs/product/data-model.md#registration-draft, as POST /auth/register receives it. */
export const RegistrationPayloadSchema = z
  .object({
    first_name: FirstNameSchema,
    last_name: LastNameSchema,
    username: UsernameSchema,
    email: EmailSchema,
    phone: PhoneSchema,
    country_code: RequiredStringSchema,
    country: RequiredStringSchema,
    nationality: RequiredStringSchema,
    password: PasswordSchema,
    confirm_password: TextSchema.check(z.maxLength(1024)),
  })
  .check(
    z.refine((payload) => payload.password === payload.confirm_password, {
      message: VALIDATION_MESSAGES.PASSWORDS_DIFFER,
      path: ['confirm_password'],
    }),
  )
export type RegistrationPayload = z.infer<typeof RegistrationPayloadSchema>

/** The sign-up start page (docs/product/registration.md#sign-up-start-page): email and password. */
export const SignUpStartSchema = z.object({ email: EmailSchema, password: PasswordSchema })
export type SignUpStart = z.infer<typeof SignUpStartSchema>

/** The country-of-residence step (docs/product/registration.md#country-of-residence-step and #validation). */
export const CountryResidenceSchema = z.object({
  countryOfResidence: RequiredStringSchema,
  nationality: RequiredStringSchema,
  agreePrivacy: z.boolean().check(z.refine((agreed) => agreed, { message: VALIDATION_MESSAGES.PRIVACY })),
})
export type CountryResidence = z.infer<typeof CountryResidenceSchema>

export const CheckEmailRequestSchema = z.object({ email: EmailSchema })
/** docs/product/api.md#calls: success, message, data.available, data.country (two-letter code, default US). */
export const CheckEmailResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ available: z.boolean(), country: z._default(z.string().check(z.length(2)), 'US') }),
})
export type CheckEmailResponse = z.infer<typeof CheckEmailResponseSchema>

export const RegisterResponseSchema = z.object({
  message: z.string(),
  data: z.object({ user: UserSchema }),
})

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema })
/** Same answer whether or not the address has an account, so the form cannot be used to probe for customers. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email address, we have sent instructions to reset the password.'

export const AutoLoginRequestSchema = z.object({ token: TextSchema.check(z.minLength(16), z.maxLength(200)) })
export const AUTO_LOGIN_INVALID_MESSAGE = 'This sign-in link is invalid or has already been used.'

/**
 * 409 answers of POST /auth/register; the first is also the spec's fallback for an unavailable email
 * (docs/product/registration.md#messages).
 */
export const EMAIL_TAKEN_MESSAGE = 'Email is already registered'
export const USERNAME_TAKEN_MESSAGE = 'Username is already taken'
export const REGISTRATION_SUCCESS_MESSAGE = 'Registration successful'
/**
 * Answered (429, with Retry-After) to sign-ins for an email from a client address that failed 10 times for it within
 * a day, right password or not; the lock grows with each further failure (decision 0018).
 */
export const ACCOUNT_LOCKED_MESSAGE = 'Too many failed sign-in attempts. Please try again later.'

/** POST /auth/auto-login answers exactly like POST /auth/login. */
export const AutoLoginResponseSchema = LoginResponseSchema

/** POST /admin/users/{id}/login-link carries no fields; anything sent is refused rather than silently ignored. */
export const LoginLinkRequestSchema = z.nullish(z.strictObject({}))
/** `url` is a same-site path (`/auto-login?token=...`); the back office prefixes its own origin. */
export const LoginLinkResponseSchema = dataEnvelope(
  z.object({ token: z.string(), url: z.string(), expires_at: z.string() }),
)
export type LoginLink = z.infer<typeof LoginLinkResponseSchema>['data']

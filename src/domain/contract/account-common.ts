// What the account and security centre's contracts share (decision 0020, docs/product/api.md#calls and
// docs/architecture.md#money-requests-files-and-mail): its messages, the empty body, the calendar day, and the
// building blocks of the password and mailed-link fields. Each resource has its own file beside this one: sessions,
// sign-ins, password, two-factor, email-change, profile, verification and mail-outbox. Every route answers
// `{ message, errors? }` on failure (422 with field errors, 401, 403, 404 for another customer's record, 409, 413,
// 415, 429 with Retry-After). In zod/mini: the account pages load it for their first render, and zod/mini builds schemas
// at import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import { VALIDATION_MESSAGES } from './auth'
import { boundedDay, TextSchema } from './common'
import './zod-messages'

export const IsoTimeSchema = z.string()

/**
 * `password` + `password_confirmation`: the rules of docs/product/registration.md#validation (at least 8, the two
 * equal).
 */
export const passwordsMatch = <T extends { password: string; password_confirmation: string }>(
  body: T,
  context: z.core.$RefinementCtx<T>,
) => {
  if (body.password !== body.password_confirmation) {
    context.addIssue({
      code: 'custom',
      message: VALIDATION_MESSAGES.PASSWORDS_DIFFER,
      path: ['password_confirmation'],
    })
  }
}
export const ConfirmationSchema = TextSchema.check(z.maxLength(1024))
/** A token from a mailed link (64 hex or base64url characters; anything else is simply not found). */
export const MailedTokenSchema = TextSchema.check(
  z.trim(),
  z.minLength(16, 'This link is invalid.'),
  z.maxLength(200, 'This link is invalid.'),
)

/** Body of calls that carry nothing; anything sent is refused rather than silently ignored. */
export const EmptyBodySchema = z.nullish(z.strictObject({}))

export const ACCOUNT_MESSAGES = {
  // password
  CURRENT_PASSWORD_WRONG: 'The current password is not correct.',
  PASSWORD_UNCHANGED: 'The new password must differ from the current one.',
  PASSWORD_CHANGED: 'Your password was changed. Every other session was signed out.',
  // reset
  RESET_TOKEN_INVALID:
    'This reset link is invalid, has expired or was already used. Please ask for a new one.',
  PASSWORD_RESET: 'Your password was reset. Please sign in with the new password.',
  // sessions
  SESSION_NOT_FOUND: 'Session not found',
  SESSION_SIGNED_OUT: 'The session was signed out.',
  OTHER_SESSIONS_SIGNED_OUT: 'Every other session was signed out.',
  OTHERS_REQUIRED: 'Add ?others=true to sign out every other session.',
  // e-mail
  EMAIL_SAME: 'This is already your email address.',
  EMAIL_CHANGE_SENT: (email: string) =>
    `We sent a confirmation link to ${email}. Your address changes when you open it.`,
  EMAIL_TOKEN_INVALID: 'This confirmation link is invalid, has expired or was already used.',
  EMAIL_CHANGED: 'Your email address was changed.',
  // profile
  PROFILE_SAVED: 'Your details were saved.',
  AVATAR_SAVED: 'Your picture was updated.',
  AVATAR_REMOVED: 'Your picture was removed.',
  TOO_YOUNG: 'You must be at least 18 years old.',
  DATE_INVALID: 'Please enter a valid date (YYYY-MM-DD).',
  COUNTRY_CODE_INVALID: 'Please enter a country code such as +44.',
} as const

/** A day, YYYY-MM-DD, that exists and that the date columns take (common.ts's boundedDay). */
export const CalendarDateSchema = boundedDay(
  { format: ACCOUNT_MESSAGES.DATE_INVALID, notADay: ACCOUNT_MESSAGES.DATE_INVALID },
  TextSchema.check(z.trim()),
)

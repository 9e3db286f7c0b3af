// The password: its change in a session and its reset through a mailed link (decision 0020). In zod/mini: the settings page loads it for its first render, and zod/mini builds schemas at import for less CPU
// than classic zod (decision 0043).
import * as z from 'zod/mini'
import { ConfirmationSchema, MailedTokenSchema, passwordsMatch } from './account-common'
import { PasswordSchema } from './auth'
import { TextSchema } from './common'
import './zod-messages'

/** POST /user/password. 422 `errors.current_password` for a wrong one; 429 when rate-limited. */
export const ChangePasswordRequestSchema = z
  .object({
    current_password: TextSchema.check(
      z.minLength(1, 'Please enter your current password'),
      z.maxLength(1024),
    ),
    password: PasswordSchema,
    password_confirmation: ConfirmationSchema,
  })
  .check(z.superRefine(passwordsMatch))
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>
export const ChangePasswordResponseSchema = z.object({
  message: z.string(),
  data: z.object({ revoked_sessions: z.int() }),
})

/** The mailed link: `/reset-password?token=...`, single use, valid 30 minutes. */
export const PASSWORD_RESET_PATH = '/reset-password'
export const PASSWORD_RESET_LIFETIME_MINUTES = 30
/** POST /auth/reset-password: 200 `{ message }`; 422 `errors.token` for an invalid, used or expired token. */
export const ResetPasswordRequestSchema = z
  .object({
    token: MailedTokenSchema,
    password: PasswordSchema,
    password_confirmation: ConfirmationSchema,
  })
  .check(z.superRefine(passwordsMatch))
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>

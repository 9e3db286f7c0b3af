// A change of e-mail address, confirmed through a link mailed to the new one (decision 0020). In zod/mini: the personal details page loads it for its first render, and zod/mini builds schemas at import for
// less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import { MailedTokenSchema } from './account-common'
import { EmailSchema } from './auth'
import { TextSchema } from './common'
import './zod-messages'

/** The mailed link: `/confirm-email?token=...`, single use, valid 24 hours. */
export const EMAIL_CONFIRM_PATH = '/confirm-email'
/** POST /user/email: 200 `{ message }` (a link goes to the new address); 409 taken; 422 wrong password or same. */
export const ChangeEmailRequestSchema = z.object({
  email: EmailSchema,
  password: TextSchema.check(z.minLength(1, 'Please enter your password'), z.maxLength(1024)),
})
/**
 * POST /user/email/confirm (no sign-in needed: the token is the proof): `{ message, data: { email } }`; 422
 * `errors.token`; 409 when the address was taken meanwhile. The user's tabs get `user.updated`.
 */
export const ConfirmEmailRequestSchema = z.object({ token: MailedTokenSchema })
export const ConfirmEmailResponseSchema = z.object({
  message: z.string(),
  data: z.object({ email: z.string() }),
})

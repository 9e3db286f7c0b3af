// The password forms of decision 0020, on the rules and messages of docs/product/registration.md#validation
// ('Password must be at least 8 characters', 'Passwords do not match'): the settings' change (current, new, confirm)
// and the mailed link's reset (new, confirm). The change is the contract's request as it is; the reset's form leaves
// out the token, which the link carries. In zod/mini, as the contracts the settings page loads for its first render
// (decision 0043).
import * as z from 'zod/mini'
import { ChangePasswordRequestSchema } from '../contract/password'
import { PasswordSchema, VALIDATION_MESSAGES } from '../contract/auth'
import { TextSchema } from '../contract/common'
import '../contract/zod-messages'

export const ChangePasswordFormSchema = ChangePasswordRequestSchema
export type ChangePasswordForm = z.input<typeof ChangePasswordFormSchema>

export const NewPasswordFormSchema = z
  .object({ password: PasswordSchema, password_confirmation: TextSchema.check(z.maxLength(1024)) })
  .check(
    z.superRefine((body, context) => {
      if (body.password !== body.password_confirmation) {
        context.addIssue({
          code: 'custom',
          message: VALIDATION_MESSAGES.PASSWORDS_DIFFER,
          path: ['password_confirmation'],
        })
      }
    }),
  )
export type NewPasswordForm = z.input<typeof NewPasswordFormSchema>

// The two-factor forms (decision 0020): the sign-in's second step and the settings' turn-on and turn-off dialogs. The
// rules are the contract's (a 6-digit code, spaces dropped; a recovery code as typed); these add the messages a
// person reads when a field is empty. In zod/mini, as the contracts the settings page loads for its first render
// (decision 0043).
import * as z from 'zod/mini'
import { TextSchema } from '../contract/common'
import { TotpCodeSchema, TwoFactorConfirmRequestSchema } from '../contract/two-factor'
import '../contract/zod-messages'

export const TWO_FACTOR_FORM_MESSAGES = {
  RECOVERY_CODE_REQUIRED: 'Enter one of your recovery codes',
} as const

export const TwoFactorCodeFormSchema = z.object({ code: TotpCodeSchema })
export type TwoFactorCodeForm = z.input<typeof TwoFactorCodeFormSchema>

/** The sign-in's second step holds one field, `code`: a code from the app, or (as typed) a recovery code. */
export const RecoveryCodeFormSchema = z.object({
  code: TextSchema.check(
    z.trim(),
    z.minLength(1, TWO_FACTOR_FORM_MESSAGES.RECOVERY_CODE_REQUIRED),
    z.maxLength(64),
  ),
})
export type RecoveryCodeForm = z.input<typeof RecoveryCodeFormSchema>

/** Turning two-factor off: the password and a code from the app or a recovery code. */
export const TwoFactorDisableFormSchema = TwoFactorConfirmRequestSchema
export type TwoFactorDisableForm = z.input<typeof TwoFactorDisableFormSchema>

/** The recovery codes as a text file to keep: one a line, with a line saying what they are. */
export function recoveryCodesText(codes: readonly string[], siteName: string, now: Date): string {
  return [
    `${siteName} recovery codes (made ${now.toISOString().slice(0, 10)})`,
    'Each code signs you in once if you lose your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n')
}

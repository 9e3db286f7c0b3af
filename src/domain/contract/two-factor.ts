// Two-factor sign-in (decision 0020): its settings under /user/two-factor and the sign-in's second step. In zod/mini:
// the settings page loads it for its first render, and zod/mini builds schemas at import for less CPU than classic zod
// (decision 0043).
import * as z from 'zod/mini'
import { IsoTimeSchema } from './account-common'
import { dataEnvelope, TextSchema } from './common'
import { LoginResponseSchema } from './user'
import './zod-messages'

export const TWO_FACTOR = {
  ISSUER: 'CFD Trader',
  DIGITS: 6,
  PERIOD_SECONDS: 30,
  /** Codes one step before and after the server's are accepted (clock drift). */
  WINDOW_STEPS: 1,
  RECOVERY_CODE_COUNT: 10,
  /** A sign-in challenge lasts this long and allows this many wrong codes. */
  CHALLENGE_LIFETIME_MINUTES: 5,
  CHALLENGE_MAX_ATTEMPTS: 5,
} as const

export const TWO_FACTOR_MESSAGES = {
  CODE_WRONG: 'This code is not correct, or was already used.',
  RECOVERY_CODE_WRONG: 'This recovery code is not correct, or was already used.',
  CHALLENGE_EXPIRED: 'The sign-in expired. Please enter your email and password again.',
  NOT_SET_UP: 'Start the set-up first.',
  ALREADY_ENABLED: 'Two-factor sign-in is already on.',
  NOT_ENABLED: 'Two-factor sign-in is not on.',
  ENABLED: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  DISABLED: 'Two-factor sign-in is off.',
  CODE_OR_RECOVERY: 'Enter the code from your app or a recovery code.',
  RECOVERY_CODES_RENEWED: 'New recovery codes were made; the old ones no longer work.',
} as const

/** Six digits; spaces a user types or pastes are dropped. */
export const TotpCodeSchema = z.pipe(
  z.pipe(
    TextSchema,
    z.transform((code: string) => code.replace(/\s+/g, '')),
  ),
  z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
)
/** 'abcd-efgh-ij' however typed (case, spaces, dashes); checked against the stored hashes. */
export const RecoveryCodeSchema = TextSchema.check(z.trim(), z.minLength(1), z.maxLength(64))

/** GET /user/two-factor. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.nullable(IsoTimeSchema),
  recovery_codes_left: z.int(),
})
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>
export const TwoFactorStatusResponseSchema = dataEnvelope(TwoFactorStatusSchema)

/**
 * POST /user/two-factor/setup (no body): a new secret, not in force until confirmed with a code (enable). Calling it
 * again replaces an unconfirmed secret; 409 when two-factor is already on. Show `otpauth_uri` as a QR code and
 * `secret` (base32) for typing.
 */
export const TwoFactorSetupResponseSchema = dataEnvelope(
  z.object({ secret: z.string(), otpauth_uri: z.string() }),
)
/** POST /user/two-factor/enable: 422 `errors.code`; the 10 recovery codes are answered this once only. */
export const TwoFactorEnableRequestSchema = z.object({ code: TotpCodeSchema })
export const RecoveryCodesResponseSchema = z.object({
  message: z.string(),
  data: z.object({ recovery_codes: z.array(z.string()) }),
})
/**
 * POST /user/two-factor/disable and POST /user/two-factor/recovery-codes (new codes): the password and a code from
 * the app or a recovery code (`code` takes either). 422 `errors.password` / `errors.code`.
 */
export const TwoFactorConfirmRequestSchema = z.object({
  password: TextSchema.check(z.minLength(1, 'Please enter your password'), z.maxLength(1024)),
  code: TextSchema.check(z.trim(), z.minLength(1, TWO_FACTOR_MESSAGES.CODE_OR_RECOVERY), z.maxLength(64)),
})

/**
 * POST /auth/login for an account with two-factor on: the password was right, now a code is needed. Answered with
 * 200 like a sign-in; `LoginAnswerSchema` reads either, `isTwoFactorChallenge` tells them apart.
 */
export const TwoFactorChallengeResponseSchema = dataEnvelope(
  z.object({
    two_factor_required: z.literal(true),
    /** Opaque; sent back with the code to POST /auth/login/two-factor. */
    challenge: z.string(),
    expires_at: IsoTimeSchema,
  }),
)
export type TwoFactorChallengeResponse = z.infer<typeof TwoFactorChallengeResponseSchema>
/** What POST /auth/login answers: `{ data: { user, token } }`, or the challenge for a two-factor account. */
export const LoginAnswerSchema = z.union([LoginResponseSchema, TwoFactorChallengeResponseSchema])
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>
export function isTwoFactorChallenge(answer: LoginAnswer): answer is TwoFactorChallengeResponse {
  return 'two_factor_required' in answer.data
}

/**
 * POST /auth/login/two-factor: `{ challenge, code }` or `{ challenge, recovery_code }` (exactly one). Answers like
 * POST /auth/login `{ data: { user, token } }`; 422 `errors.code` / `errors.recovery_code` for a wrong or used one;
 * 401 CHALLENGE_EXPIRED when the challenge is unknown or expired, 410 with the same sentence when it is used or out
 * of tries (no code is evaluated); 429 when rate-limited or the account's second-factor budget is locked.
 */
export const TwoFactorLoginRequestSchema = z
  .object({
    challenge: TextSchema.check(z.trim(), z.minLength(16), z.maxLength(200)),
    code: z.optional(TotpCodeSchema),
    recovery_code: z.optional(RecoveryCodeSchema),
  })
  .check(
    z.superRefine((body, context) => {
      if ((body.code === undefined) === (body.recovery_code === undefined)) {
        context.addIssue({ code: 'custom', message: TWO_FACTOR_MESSAGES.CODE_OR_RECOVERY, path: ['code'] })
      }
    }),
  )
export type TwoFactorLoginRequest = z.infer<typeof TwoFactorLoginRequestSchema>

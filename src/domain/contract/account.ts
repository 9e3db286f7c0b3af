// The account and security centre (decision 0020, docs/product/api.md#calls and
// docs/architecture.md#money-requests-files-and-mail): sessions, sign-in history, password change and reset,
// two-factor sign-in, e-mail change, the profile and avatar, verification (KYC) and the mail outbox. Defined once for
// the server's routes and the /main pages. Every route answers `{ message, errors? }` on failure (422 with field
// errors, 401, 403, 404 for another customer's record, 409, 413, 415, 429 with Retry-After).
import { z } from 'zod'
import {
  EmailSchema,
  FirstNameSchema,
  LastNameSchema,
  PasswordSchema,
  PhoneSchema,
  RequiredStringSchema,
  UsernameSchema,
  VALIDATION_MESSAGES,
} from './auth'
import { PageMetaSchema } from './back-office'
import { boundedDay, dataEnvelope, SerialIdSchema, TextSchema } from './common'
import { LoginResponseSchema } from './user'

const IsoTimeSchema = z.string()

/**
 * `password` + `password_confirmation`: the rules of docs/product/registration.md#validation (at least 8, the two
 * equal).
 */
const passwordsMatch = <T extends { password: string; password_confirmation: string }>(
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
const ConfirmationSchema = TextSchema.max(1024)
/** A token from a mailed link (64 hex or base64url characters; anything else is simply not found). */
const MailedTokenSchema = TextSchema.trim().min(16, 'This link is invalid.').max(200, 'This link is invalid.')

/** Body of calls that carry nothing; anything sent is refused rather than silently ignored. */
export const EmptyBodySchema = z.object({}).strict().nullish()

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

// ---- sessions ---------------------------------------------------------------------------------------------------

/** What a user agent says, for people: 'Chrome 124 on Windows 10'. Parsed on the server (bowser). */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'unknown'] as const
export const DeviceSummarySchema = z.object({
  browser: z.string().nullable(),
  os: z.string().nullable(),
  type: z.enum(DEVICE_TYPES),
  /** 'Chrome 124 on Windows 10', 'Safari on iOS 17.4', or 'Unknown device'. */
  label: z.string(),
})
export type DeviceSummary = z.infer<typeof DeviceSummarySchema>

/**
 * One signed-in device: each bearer token is a session. `last_seen_at` moves at most once a minute. `current` marks
 * the caller's own. Revoked and expired sessions are not listed.
 */
export const SessionSchema = z.object({
  id: z.number().int(),
  current: z.boolean(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  device: DeviceSummarySchema,
  created_at: IsoTimeSchema,
  last_seen_at: IsoTimeSchema,
})
export type Session = z.infer<typeof SessionSchema>
/** GET /user/sessions: the caller's current session first, then the most recently seen. */
export const SessionsResponseSchema = dataEnvelope(z.array(SessionSchema))
export const SessionIdParamsSchema = z.object({ id: SerialIdSchema })
/** DELETE /user/sessions/{id}: signs out one session (404 for another user's or one already signed out). */
export const RevokeSessionResponseSchema = z.object({ message: z.string() })
/** DELETE /user/sessions?others=true: signs out every session but the caller's. `others` is required. */
export const RevokeSessionsQuerySchema = z.object({
  others: z.enum(['true'], { message: ACCOUNT_MESSAGES.OTHERS_REQUIRED }),
})
export const RevokeSessionsResponseSchema = z.object({
  message: z.string(),
  data: z.object({ revoked: z.number().int() }),
})

/**
 * Published on the owner's `private-user.{id}` when a session is signed out (one, all others, a password change or
 * reset). The tabs of that device find their token refused (GET /user answers 401) and go to / at once.
 */
export const SessionRevokedEventSchema = z.object({ session_id: z.number().int() })
export type SessionRevokedEvent = z.infer<typeof SessionRevokedEventSchema>

// ---- sign-in history --------------------------------------------------------------------------------------------

export const SIGN_IN_RESULTS = {
  SUCCESS: 'success',
  /** Wrong password (or a locked account's attempt). */
  FAILURE: 'failure',
  /** The password was right but the two-factor code was not. */
  TWO_FACTOR_FAILED: 'two_factor_failed',
} as const
export const SignInResultSchema = z.enum([
  SIGN_IN_RESULTS.SUCCESS,
  SIGN_IN_RESULTS.FAILURE,
  SIGN_IN_RESULTS.TWO_FACTOR_FAILED,
])
export type SignInResult = z.infer<typeof SignInResultSchema>
export const SignInEventSchema = z.object({
  id: z.number().int(),
  result: SignInResultSchema,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  device: DeviceSummarySchema,
  created_at: IsoTimeSchema,
})
export type SignInEvent = z.infer<typeof SignInEventSchema>
export const SIGN_IN_HISTORY_SIZE = 50
/** GET /user/sign-ins: the last 50, newest first. */
export const SignInsResponseSchema = dataEnvelope(z.array(SignInEventSchema))

// ---- password change and reset ----------------------------------------------------------------------------------

/** POST /user/password. 422 `errors.current_password` for a wrong one; 429 when rate-limited. */
export const ChangePasswordRequestSchema = z
  .object({
    current_password: TextSchema.min(1, 'Please enter your current password').max(1024),
    password: PasswordSchema,
    password_confirmation: ConfirmationSchema,
  })
  .superRefine(passwordsMatch)
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>
export const ChangePasswordResponseSchema = z.object({
  message: z.string(),
  data: z.object({ revoked_sessions: z.number().int() }),
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
  .superRefine(passwordsMatch)
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>

// ---- two-factor sign-in -----------------------------------------------------------------------------------------

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
export const TotpCodeSchema = TextSchema.transform((code) => code.replace(/\s+/g, '')).pipe(
  z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'),
)
/** 'abcd-efgh-ij' however typed (case, spaces, dashes); checked against the stored hashes. */
export const RecoveryCodeSchema = TextSchema.trim().min(1).max(64)

/** GET /user/two-factor. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: IsoTimeSchema.nullable(),
  recovery_codes_left: z.number().int(),
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
  password: TextSchema.min(1, 'Please enter your password').max(1024),
  code: TextSchema.trim().min(1, TWO_FACTOR_MESSAGES.CODE_OR_RECOVERY).max(64),
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
    challenge: TextSchema.trim().min(16).max(200),
    code: TotpCodeSchema.optional(),
    recovery_code: RecoveryCodeSchema.optional(),
  })
  .superRefine((body, context) => {
    if ((body.code === undefined) === (body.recovery_code === undefined)) {
      context.addIssue({ code: 'custom', message: TWO_FACTOR_MESSAGES.CODE_OR_RECOVERY, path: ['code'] })
    }
  })
export type TwoFactorLoginRequest = z.infer<typeof TwoFactorLoginRequestSchema>

// ---- e-mail change ----------------------------------------------------------------------------------------------

/** The mailed link: `/confirm-email?token=...`, single use, valid 24 hours. */
export const EMAIL_CONFIRM_PATH = '/confirm-email'
/** POST /user/email: 200 `{ message }` (a link goes to the new address); 409 taken; 422 wrong password or same. */
export const ChangeEmailRequestSchema = z.object({
  email: EmailSchema,
  password: TextSchema.min(1, 'Please enter your password').max(1024),
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

// ---- profile and avatar -----------------------------------------------------------------------------------------

export const MIN_AGE_YEARS = 18
/** '+44': a plus and 1 to 4 digits. */
export const CountryCodeSchema = TextSchema.trim().regex(/^\+\d{1,4}$/, ACCOUNT_MESSAGES.COUNTRY_CODE_INVALID)
/**
 * The number without its country code (docs/product/registration.md#validation: at least 6); digits, spaces, dashes,
 * dots and brackets.
 */
export const NationalPhoneSchema = PhoneSchema.pipe(
  z.string().regex(/^[0-9 ().-]+$/, VALIDATION_MESSAGES.PHONE),
)
/** A day, YYYY-MM-DD, that exists and that the date columns take (common.ts's boundedDay). */
export const CalendarDateSchema = boundedDay(
  { format: ACCOUNT_MESSAGES.DATE_INVALID, notADay: ACCOUNT_MESSAGES.DATE_INVALID },
  TextSchema.trim(),
)
export const DateOfBirthSchema = CalendarDateSchema

/** Whole years between a YYYY-MM-DD birth date and `now` (UTC). The server refuses under MIN_AGE_YEARS. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number]
  let age = now.getUTCFullYear() - year
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)
  if (beforeBirthday) age -= 1
  return age
}

export const AddressSchema = z.object({
  line1: TextSchema.trim().min(1, 'This field is required').max(200),
  line2: TextSchema.trim().max(200).nullable().default(null),
  city: TextSchema.trim().min(1, 'This field is required').max(100),
  postal_code: TextSchema.trim().max(20).nullable().default(null),
  /** A country slug of the sign-up list (src/domain/registration/countries.ts) or a name. */
  country: RequiredStringSchema,
})
export type Address = z.infer<typeof AddressSchema>

/** GET /user/profile. `phone` is the full number with its code ('+447700900123'); `country_code` the code. */
export const ProfileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string(),
  /** An address waiting for its confirmation link, else null. */
  pending_email: z.string().nullable(),
  phone: z.string().nullable(),
  country_code: z.string().nullable(),
  address: AddressSchema.nullable(),
  date_of_birth: z.string().nullable(),
  avatar: z.string().nullable(),
})
export type Profile = z.infer<typeof ProfileSchema>
export const ProfileResponseSchema = dataEnvelope(ProfileSchema)

/** The national part of a stored phone: '+447700900123' with '+44' is '7700900123'. */
export function nationalPhone(phone: string | null, countryCode: string | null): string {
  if (!phone) return ''
  return countryCode && phone.startsWith(countryCode) ? phone.slice(countryCode.length) : phone
}

/**
 * PATCH /user/profile: any subset; `phone` (the national number) and `country_code` go together. 422 with field
 * errors (`date_of_birth` under 18 too); 409 `errors.username` when taken. Answers the whole profile.
 */
export const ProfilePatchSchema = z
  .object({
    first_name: FirstNameSchema,
    last_name: LastNameSchema,
    username: UsernameSchema,
    phone: NationalPhoneSchema,
    country_code: CountryCodeSchema,
    address: AddressSchema.nullable(),
    date_of_birth: DateOfBirthSchema.nullable(),
  })
  .partial()
  .strict()
  .superRefine((body, context) => {
    if ((body.phone === undefined) !== (body.country_code === undefined)) {
      const path = body.phone === undefined ? 'phone' : 'country_code'
      context.addIssue({
        code: 'custom',
        message: 'Send the phone number with its country code.',
        path: [path],
      })
    }
  })
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>
export const ProfilePatchResponseSchema = z.object({ message: z.string(), data: ProfileSchema })

/**
 * POST /user/avatar (multipart, field `file`): PNG, JPEG or WebP by content (extension and first bytes agree), at most
 * 2 MB. Stored as sent (no server-side resizing: the project carries no image library; decision
 * 0020), served at the returned URL to anyone holding it (a random key), so an <img> can show it. 201
 * `{ message, data: { avatar } }`; 415 another type; 413 too large; 422 no file. DELETE /user/avatar removes it.
 */
export const AVATAR_UPLOAD = {
  MAX_BYTES: 2 * 1024 * 1024,
  ACCEPT: 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp',
  EXTENSIONS: ['png', 'jpg', 'jpeg', 'webp'],
} as const
export const AvatarResponseSchema = z.object({
  message: z.string(),
  data: z.object({ avatar: z.string().nullable() }),
})

// ---- verification (KYC) -----------------------------------------------------------------------------------------

export const VERIFICATION_DOCUMENT_TYPES = {
  IDENTITY: 'identity',
  IDENTITY_BACK: 'identity_back',
  ADDRESS: 'address',
} as const
export const VerificationDocumentTypeSchema = z.enum(
  [
    VERIFICATION_DOCUMENT_TYPES.IDENTITY,
    VERIFICATION_DOCUMENT_TYPES.IDENTITY_BACK,
    VERIFICATION_DOCUMENT_TYPES.ADDRESS,
  ],
  { message: 'The type must be identity, identity_back or address' },
)
export type VerificationDocumentType = z.infer<typeof VerificationDocumentTypeSchema>

/** Which document it is: passport, ID card or driving licence (identity); utility bill or bank statement (address). */
export const DOCUMENT_KINDS = {
  identity: ['passport', 'id_card', 'driving_licence'],
  identity_back: ['passport', 'id_card', 'driving_licence'],
  address: ['utility_bill', 'bank_statement'],
} as const satisfies Record<VerificationDocumentType, readonly string[]>
export const DocumentKindSchema = z.enum(
  ['passport', 'id_card', 'driving_licence', 'utility_bill', 'bank_statement'],
  { message: 'Unknown document kind' },
)
export type DocumentKind = z.infer<typeof DocumentKindSchema>
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  passport: 'Passport',
  id_card: 'ID card',
  driving_licence: 'Driving licence',
  utility_bill: 'Utility bill',
  bank_statement: 'Bank statement',
}
export const DOCUMENT_TYPE_LABELS: Record<VerificationDocumentType, string> = {
  identity: 'Identity document (front)',
  identity_back: 'Identity document (back)',
  address: 'Proof of address',
}

/** `none`: nothing uploaded for that type (only in GET /verification); a proof of address becomes `expired`. */
export const VERIFICATION_STATUSES = {
  NONE: 'none',
  PENDING: 'pending',
  APPROVED: 'approved',
  REJECTED: 'rejected',
  EXPIRED: 'expired',
} as const
export const VerificationStatusSchema = z.enum([
  VERIFICATION_STATUSES.NONE,
  VERIFICATION_STATUSES.PENDING,
  VERIFICATION_STATUSES.APPROVED,
  VERIFICATION_STATUSES.REJECTED,
  VERIFICATION_STATUSES.EXPIRED,
])
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>

/** A proof of address counts while issued within this many months (and is `expired` after). */
export const ADDRESS_PROOF_MAX_AGE_MONTHS = 3

/** What the customer should do next, shown with a rejected or expired document. */
export const VERIFICATION_ADVICE: Record<VerificationDocumentType, string> = {
  identity:
    'Upload a sharp colour photo or scan of the front of your passport, ID card or driving licence, with all four ' +
    'corners visible, not expired, and your name matching your account.',
  identity_back:
    'Upload a sharp colour photo or scan of the back of the same document, with all four corners visible. For a ' +
    'passport, upload the page with your signature.',
  address:
    'Upload a utility bill or bank statement issued within the last 3 months, showing your full name and address.',
}

export const VerificationDocumentSchema = z.object({
  id: z.number().int(),
  type: VerificationDocumentTypeSchema,
  kind: DocumentKindSchema.nullable(),
  status: VerificationStatusSchema,
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  /** Proof of address: the day it was issued (YYYY-MM-DD); null for identity documents. */
  issued_on: z.string().nullable(),
  /** Why it was rejected (the reviewer's words); null unless rejected. */
  reason: z.string().nullable(),
  /** What to do next (VERIFICATION_ADVICE) when rejected or expired; else null. */
  advice: z.string().nullable(),
  /** GET with the bearer token, like chat files: the client shows a blob URL. */
  file_url: z.string(),
  created_at: IsoTimeSchema,
  decided_at: IsoTimeSchema.nullable(),
})
export type VerificationDocument = z.infer<typeof VerificationDocumentSchema>
/**
 * GET /verification/documents: the caller's documents, newest first. GET /verification/documents/{id}/file: the
 * file, to its owner only (404 for anyone else); admins preview it at GET /admin/verification/documents/{id}/file.
 * Both are served with nosniff and `Content-Security-Policy: default-src 'none'; sandbox`.
 */
export const VerificationDocumentsResponseSchema = dataEnvelope(z.array(VerificationDocumentSchema))
export const VerificationDocumentResponseSchema = dataEnvelope(VerificationDocumentSchema)
export const VerificationDocumentParamsSchema = z.object({ id: SerialIdSchema })

/**
 * POST /verification/documents, multipart: `type` (identity, identity_back, address), `file`, optionally `kind`
 * (DocumentKindSchema) and, for `address`, `issued_on` (YYYY-MM-DD, required, not in the future). Images (JPEG, PNG,
 * WebP) and PDF, the extension and the first bytes agreeing (an HTML file named .jpg is refused), at most 8 MB.
 * 201 `{ data: VerificationDocument }` (pending; it appears in the back office queue as type `verification`); 415
 * refused type; 413 too large; 422 missing or bad fields; 409 a document of that type is already waiting; 429.
 * Text fields must come before the file in the form data.
 */
export const VERIFICATION_UPLOAD = {
  MAX_BYTES: 8 * 1024 * 1024,
  ACCEPT: 'image/png,image/jpeg,image/webp,application/pdf,.png,.jpg,.jpeg,.webp,.pdf',
  EXTENSIONS: ['png', 'jpg', 'jpeg', 'webp', 'pdf'],
} as const
export const VerificationUploadFieldsSchema = z.object({
  type: VerificationDocumentTypeSchema,
  kind: DocumentKindSchema.optional(),
  issued_on: CalendarDateSchema.optional(),
})
export const VERIFICATION_MESSAGES = {
  DOCUMENT_NOT_FOUND: 'Document not found',
  ALREADY_PENDING: 'A document of this type is already waiting for review.',
  ISSUED_ON_REQUIRED: 'Enter the date the document was issued.',
  ISSUED_ON_FUTURE: 'The issue date cannot be in the future.',
  ISSUED_ON_TOO_OLD: 'The document must have been issued within the last 3 months.',
  KIND_MISMATCH: 'This kind of document does not prove that.',
  UPLOADED: 'Your document was uploaded and will be reviewed shortly.',
  APPROVED_TITLE: 'Document approved',
  REJECTED_TITLE: 'Document rejected',
} as const

/** Levels 0-3 (src/domain/account/verification-levels.ts computes them). */
export const VerificationLevelSchema = z.number().int().min(0).max(3)
export const VerificationLevelInfoSchema = z.object({
  level: z.number().int(),
  title: z.string(),
  /** What it takes, for people. */
  requirements: z.array(z.string()),
  /** What it unlocks, for people. */
  unlocks: z.array(z.string()),
  reached: z.boolean(),
})
/** GET /verification: the level, each level's requirements and unlocks, and each document type's status. */
export const VerificationSummarySchema = z.object({
  level: VerificationLevelSchema,
  email: z.string(),
  phone: z.string().nullable(),
  levels: z.array(VerificationLevelInfoSchema),
  documents: z.record(
    VerificationDocumentTypeSchema,
    z.object({ status: VerificationStatusSchema, document: VerificationDocumentSchema.nullable() }),
  ),
})
export type VerificationSummary = z.infer<typeof VerificationSummarySchema>
export const VerificationSummaryResponseSchema = dataEnvelope(VerificationSummarySchema)
/** Withdrawals need this level (the funds routes check it with the user's verification_level). */
export const WITHDRAWAL_MIN_VERIFICATION_LEVEL = 2

// ---- mail outbox (admins) ---------------------------------------------------------------------------------------

export const MAIL_KINDS = {
  PASSWORD_RESET: 'password_reset',
  EMAIL_CHANGE: 'email_change',
  EMAIL_CHANGED: 'email_changed',
  PASSWORD_CHANGED: 'password_changed',
  NEW_DEVICE_SIGN_IN: 'new_device_sign_in',
  WITHDRAWAL_STATUS: 'withdrawal_status',
} as const
export type MailKind = (typeof MAIL_KINDS)[keyof typeof MAIL_KINDS]

export const OutboxQuerySchema = z.object({
  page: z.coerce.number({ message: 'The page must be a number' }).int().min(1).max(100_000).optional(),
})
export const OutboxMailSummarySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  created_at: IsoTimeSchema,
})
export const OutboxMailSchema = OutboxMailSummarySchema.extend({
  text: z.string(),
  html: z.string().nullable(),
})
export type OutboxMail = z.infer<typeof OutboxMailSchema>
/** GET /admin/outbox?page=: newest first, ADMIN_PAGE_SIZE a page. Empty when SMTP_URL sends real mail. */
export const OutboxResponseSchema = z.object({ data: z.array(OutboxMailSummarySchema), meta: PageMetaSchema })
/** GET /admin/outbox/{id}. */
export const OutboxMailResponseSchema = dataEnvelope(OutboxMailSchema)
export const OutboxParamsSchema = z.object({ id: SerialIdSchema })

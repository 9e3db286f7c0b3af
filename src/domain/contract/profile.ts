// The profile and the avatar (decision 0020): GET and PATCH /user/profile, POST and DELETE /user/avatar. In zod/mini: the personal details page loads it for its first render, and zod/mini builds schemas at import for
// less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import { ACCOUNT_MESSAGES, CalendarDateSchema } from './account-common'
import {
  FirstNameSchema,
  LastNameSchema,
  PhoneSchema,
  RequiredStringSchema,
  UsernameSchema,
  VALIDATION_MESSAGES,
} from './auth'
import { dataEnvelope, TextSchema } from './common'
import './zod-messages'

export const MIN_AGE_YEARS = 18
/** '+44': a plus and 1 to 4 digits. */
export const CountryCodeSchema = TextSchema.check(
  z.trim(),
  z.regex(/^\+\d{1,4}$/, ACCOUNT_MESSAGES.COUNTRY_CODE_INVALID),
)
/**
 * The number without its country code (docs/product/registration.md#validation: at least 6); digits, spaces, dashes,
 * dots and brackets.
 */
export const NationalPhoneSchema = z.pipe(
  PhoneSchema,
  z.string().check(z.regex(/^[0-9 ().-]+$/, VALIDATION_MESSAGES.PHONE)),
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
  line1: TextSchema.check(z.trim(), z.minLength(1, 'This field is required'), z.maxLength(200)),
  line2: z._default(z.nullable(TextSchema.check(z.trim(), z.maxLength(200))), null),
  city: TextSchema.check(z.trim(), z.minLength(1, 'This field is required'), z.maxLength(100)),
  postal_code: z._default(z.nullable(TextSchema.check(z.trim(), z.maxLength(20))), null),
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
  pending_email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  country_code: z.nullable(z.string()),
  address: z.nullable(AddressSchema),
  date_of_birth: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
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
  .partial(
    z.strictObject({
      first_name: FirstNameSchema,
      last_name: LastNameSchema,
      username: UsernameSchema,
      phone: NationalPhoneSchema,
      country_code: CountryCodeSchema,
      address: z.nullable(AddressSchema),
      date_of_birth: z.nullable(DateOfBirthSchema),
    }),
  )
  .check(
    z.superRefine((body, context) => {
      if ((body.phone === undefined) !== (body.country_code === undefined)) {
        const path = body.phone === undefined ? 'phone' : 'country_code'
        context.addIssue({
          code: 'custom',
          message: 'Send the phone number with its country code.',
          path: [path],
        })
      }
    }),
  )
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
  data: z.object({ avatar: z.nullable(z.string()) }),
})

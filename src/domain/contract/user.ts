// The user object (docs/product/data-model.md#user) and the sign-in calls the spec leaves to us
// (docs/product/api.md#calls), in zod/mini: the sign-in page and every signed-in page's root read them before
// anything else (decision 0027).
import * as z from 'zod/mini'
import { dataEnvelope, StorableTextSchema } from './wire'
import { AUTOTRADER_REQUEST_STATUS, USER_ROLE, USER_STATUS } from './user-constants'

export {
  ACCOUNT_ID_PATTERN,
  accountTitle,
  AUTOTRADER_REQUEST_STATUS,
  USER_ROLE,
  USER_STATUS,
} from './user-constants'

export const UserStatusSchema = z.enum([USER_STATUS.PENDING, USER_STATUS.ACTIVE, USER_STATUS.DEACTIVATED])
export type UserStatus = z.infer<typeof UserStatusSchema>
export const UserRoleSchema = z.enum([USER_ROLE.CUSTOMER, USER_ROLE.ADMIN])

export const AutotraderRequestStatusSchema = z.nullable(z.enum([AUTOTRADER_REQUEST_STATUS.PENDING]))

export const AccountTypeSchema = z.object({
  id: z.int(),
  title: z.string(),
  color: z.string(),
  icon: z.nullable(z.string()),
  image: z.nullable(z.string()),
  leverage: z.number(),
})

export const UserSchema = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.nullable(z.string()),
  account_id: z.string(),
  role: UserRoleSchema,
  status: UserStatusSchema,
  is_online: z.boolean(),
  unread_count: z.int(),
  balance: z.number(),
  credit_balance: z.number(),
  notifications: z.array(
    z.object({
      id: z.union([z.string(), z.number()]),
      title: z.string(),
      message: z.string(),
      color: z.string(),
      read: z.boolean(),
    }),
  ),
  accounts: z.array(z.object({ title: z.string(), balance: z.number() })),
  account_type: z.nullable(AccountTypeSchema),
  autotrader: z.boolean(),
  autotrader_request_status: AutotraderRequestStatusSchema,
  eas: z.array(z.int()),
  /**
   * The KYC level (decision 0020; 0-3, src/domain/account/verification-levels.ts): withdrawals need 2. Optional so an
   * older server's user still parses.
   */
  verification_level: z.optional(z.int().check(z.minimum(0), z.maximum(3))),
  /** Whether sign-in asks for a TOTP code (decision 0020). Optional like verification_level. */
  two_factor_enabled: z.optional(z.boolean()),
})
export type User = z.infer<typeof UserSchema>
export const UserResponseSchema = dataEnvelope(UserSchema)

/** Said rather than left to zod's locale, which differs with what else the page has loaded. */
export const PASSWORD_TOO_LONG = 'Password is too long'

export const LoginRequestSchema = z.object({
  email: z.pipe(
    StorableTextSchema,
    z.email({ message: 'Please enter a valid email address' }).check(z.maxLength(254)),
  ),
  password: StorableTextSchema.check(
    z.minLength(1, 'Password is required'),
    z.maxLength(1024, PASSWORD_TOO_LONG),
  ),
})
export type LoginRequest = z.infer<typeof LoginRequestSchema>
export const LoginResponseSchema = dataEnvelope(z.object({ user: UserSchema, token: z.string() }))

/** POST /auth/logout carries no fields; anything sent is refused rather than silently ignored. */
export const LogoutRequestSchema = z.nullish(z.strictObject({}))

export const MessageResponseSchema = z.object({ message: z.string() })

// The user object (spec section 3, User) and the sign-in calls the spec leaves to us (DESIGN section 9), in
// zod/mini: the sign-in page and every signed-in page's root read them before anything else (decision 0027).
import * as z from 'zod/mini'
import { dataEnvelope, StorableTextSchema } from './wire'

export const USER_STATUS = { PENDING: 'pending', ACTIVE: 'active', DEACTIVATED: 'deactivated' } as const
export const UserStatusSchema = z.enum([USER_STATUS.PENDING, USER_STATUS.ACTIVE, USER_STATUS.DEACTIVATED])
export type UserStatus = z.infer<typeof UserStatusSchema>
export const USER_ROLE = { CUSTOMER: 'customer', ADMIN: 'admin' } as const
export const UserRoleSchema = z.enum([USER_ROLE.CUSTOMER, USER_ROLE.ADMIN])

/** The customer's own auto trader request while an admin has not decided it; null otherwise (issue 17). */
export const AUTOTRADER_REQUEST_STATUS = { PENDING: 'pending' } as const
export const AutotraderRequestStatusSchema = z.nullable(z.enum([AUTOTRADER_REQUEST_STATUS.PENDING]))

export const AccountTypeSchema = z.object({
  id: z.int(),
  title: z.string(),
  color: z.string(),
  icon: z.nullable(z.string()),
  image: z.nullable(z.string()),
  leverage: z.number(),
})

/**
 * Every account id has one form (issue 17: 'CFD0015758' beside 'CFD1000001' read as two formats): CFD and seven
 * digits, the first not 0.
 */
export const ACCOUNT_ID_PATTERN = /^CFD[1-9]\d{6}$/

/**
 * How the balance dropdown and the account pages name a trading account: its plan and its id ('Basic · CFD1000001'),
 * as a broker's terminal shows the account number. Not 'Live Account': customers of a broker running on the sandbox
 * read that as a claim about their money (issue 17).
 */
export const accountTitle = (planTitle: string | null, accountId: string) =>
  planTitle ? `${planTitle} · ${accountId}` : accountId

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
   * The KYC level (issue 16; 0-3, src/domain/account/verification-levels.ts): withdrawals need 2. Optional so an
   * older server's user still parses.
   */
  verification_level: z.optional(z.int().check(z.minimum(0), z.maximum(3))),
  /** Whether sign-in asks for a TOTP code (issue 16). Optional like verification_level. */
  two_factor_enabled: z.optional(z.boolean()),
})
export type User = z.infer<typeof UserSchema>
export const UserResponseSchema = dataEnvelope(UserSchema)

export const LoginRequestSchema = z.object({
  email: z.pipe(
    StorableTextSchema,
    z.email({ message: 'Please enter a valid email address' }).check(z.maxLength(254)),
  ),
  password: StorableTextSchema.check(z.minLength(1, 'Password is required'), z.maxLength(1024)),
})
export type LoginRequest = z.infer<typeof LoginRequestSchema>
export const LoginResponseSchema = dataEnvelope(z.object({ user: UserSchema, token: z.string() }))

/** POST /auth/logout carries no fields; anything sent is refused rather than silently ignored. */
export const LogoutRequestSchema = z.nullish(z.strictObject({}))

export const MessageResponseSchema = z.object({ message: z.string() })

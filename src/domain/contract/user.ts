// The user object (spec section 3, User) and the sign-in calls the spec leaves to us (DESIGN section 9).
import { z } from 'zod'
import { dataEnvelope } from './common'

export const USER_STATUS = { PENDING: 'pending', ACTIVE: 'active', DEACTIVATED: 'deactivated' } as const
export const UserStatusSchema = z.enum([USER_STATUS.PENDING, USER_STATUS.ACTIVE, USER_STATUS.DEACTIVATED])
export type UserStatus = z.infer<typeof UserStatusSchema>
export const USER_ROLE = { CUSTOMER: 'customer', ADMIN: 'admin' } as const
export const UserRoleSchema = z.enum([USER_ROLE.CUSTOMER, USER_ROLE.ADMIN])

export const AccountTypeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  color: z.string(),
  icon: z.string().nullable(),
  image: z.string().nullable(),
  leverage: z.number(),
})

export const UserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  account_id: z.string(),
  role: UserRoleSchema,
  status: UserStatusSchema,
  is_online: z.boolean(),
  unread_count: z.number().int(),
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
  account_type: AccountTypeSchema.nullable(),
  autotrader: z.boolean(),
  eas: z.array(z.number().int()),
})
export type User = z.infer<typeof UserSchema>
export const UserResponseSchema = dataEnvelope(UserSchema)

export const LoginRequestSchema = z.object({
  email: z.email({ message: 'Please enter a valid email address' }).max(254),
  password: z.string().min(1, 'Password is required').max(1024),
})
export type LoginRequest = z.infer<typeof LoginRequestSchema>
export const LoginResponseSchema = dataEnvelope(z.object({ user: UserSchema, token: z.string() }))

/** POST /auth/logout carries no fields; anything sent is refused rather than silently ignored. */
export const LogoutRequestSchema = z.object({}).strict().nullish()

export const MessageResponseSchema = z.object({ message: z.string() })

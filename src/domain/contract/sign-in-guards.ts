// The contracts every page reads before its first render, as guards (../guard.ts, decision 0031): the error
// envelope, the user, the site settings and the sign-in call. The zod schemas in ./wire, ./user and ./site stay the
// contract (the server answers and checks with them, later pages parse with them); these shadow them for the page's
// entry, which would otherwise carry zod's core. tests/unit/contract/sign-in-guards.test.ts checks each against its
// zod schema on thousands of generated values: a field added there and not here fails it.
import {
  array,
  boolean,
  type Guard,
  int,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  refine,
  string,
  union,
} from '../guard'
import type { SiteSettings } from './site'
import type { LoginRequest, User } from './user'
import { AUTOTRADER_REQUEST_STATUS, USER_ROLE, USER_STATUS } from './user-constants'
import type { ApiError } from './wire'
import { isStorableText, TEXT_MESSAGES } from './wire-rules'

const envelope = <T>(data: Guard<T>) => object({ data })

export const ApiErrorGuard: Guard<ApiError> = object({
  message: string(),
  errors: optional(record(array(string()))),
})

export const UserGuard: Guard<User> = object({
  id: int(),
  first_name: string(),
  last_name: string(),
  name: string(),
  username: string(),
  email: string(),
  avatar: nullable(string()),
  account_id: string(),
  role: oneOf([USER_ROLE.CUSTOMER, USER_ROLE.ADMIN]),
  status: oneOf([USER_STATUS.PENDING, USER_STATUS.ACTIVE, USER_STATUS.DEACTIVATED]),
  is_online: boolean(),
  unread_count: int(),
  balance: number(),
  credit_balance: number(),
  notifications: array(
    object({
      id: union(string(), number()),
      title: string(),
      message: string(),
      color: string(),
      read: boolean(),
    }),
  ),
  accounts: array(object({ title: string(), balance: number() })),
  account_type: nullable(
    object({
      id: int(),
      title: string(),
      color: string(),
      icon: nullable(string()),
      image: nullable(string()),
      leverage: number(),
    }),
  ),
  autotrader: boolean(),
  autotrader_request_status: nullable(oneOf([AUTOTRADER_REQUEST_STATUS.PENDING])),
  eas: array(int()),
  verification_level: optional(int(0, 3)),
  two_factor_enabled: optional(boolean()),
})
export const UserResponseGuard = envelope(UserGuard)
export const LoginResponseGuard = envelope(object({ user: UserGuard, token: string() }))

const positive = () => refine(number(), (value) => value > 0, 'Expected a positive number')

export const SiteSettingsGuard: Guard<SiteSettings> = object({
  name: string(),
  status: string(),
  maintenanceMessage: nullable(string()),
  contactEmail: nullable(string()),
  website_url: nullable(string()),
  logo: nullable(string()),
  logo_sm: nullable(string()),
  favicon: nullable(string()),
  has_marketplace: boolean(),
  r_page: string(),
  require_approval: boolean(),
  header_text: nullable(string()),
  footer_text: nullable(string()),
  terms_url: nullable(string()),
  privacy_url: nullable(string()),
  risk_url: nullable(string()),
  help_url: nullable(string()),
  leverage: object({
    cryptos: positive(),
    stocks: positive(),
    indices: positive(),
    commodities: positive(),
    metals: positive(),
    forex: positive(),
  }),
  realtime: optional(
    object({
      pusher: object({
        key: string(),
        host: optional(string()),
        port: optional(int()),
        forceTLS: optional(boolean()),
        cluster: string(),
      }),
      prices: object({ url: optional(string()), apiKey: string() }),
    }),
  ),
})
export const SiteSettingsResponseGuard = envelope(SiteSettingsGuard)

/** zod's `z.email()` pattern (zod/v4/core/regexes.js), so the form and the server agree on what an address is. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

const storableText = () => refine(string(), isStorableText, TEXT_MESSAGES.UNSTORABLE)

/** What the sign-in form checks before it sends, with the contract's messages (LoginRequestSchema in ./user). */
export const LoginRequestGuard: Guard<LoginRequest> = object({
  email: refine(
    refine(storableText(), (email) => EMAIL.test(email), 'Please enter a valid email address'),
    (email) => email.length <= 254,
    // The email schema's message covers each of its checks.
    'Please enter a valid email address',
  ),
  password: refine(
    refine(storableText(), (password) => password.length >= 1, 'Password is required'),
    (password) => password.length <= 1024,
    'Password is too long',
  ),
})

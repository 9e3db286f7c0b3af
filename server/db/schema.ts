// The database schema (PostgreSQL, same DDL for PGlite). Migrations are generated from this file with
// `npm run db:generate`; never edit a generated migration, add a new one.
//
// Money is numeric(18,2) read as a string, so no float ever enters the ledger; prices and rates are numeric too
// but read as numbers, because they only feed display and maths that round anyway.
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const moneyUsd = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull().default('0')
const priceQuote = (name: string) => numeric(name, { precision: 24, scale: 10, mode: 'number' }).notNull()

/** One row (id 1) holding the operator-editable settings; read merged over the code's defaults. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
)

/** Account plans (account types): leverage and which expert advisors a customer may run. */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  color: text('color').notNull(),
  icon: text('icon'),
  image: text('image'),
  leverage: integer('leverage').notNull(),
  priceUsd: moneyUsd('price_usd'),
  recommended: boolean('recommended').notNull().default(false),
  /** Values aligned by position to plan_features ordered by sort_order; the first one is an amount. */
  features: jsonb('features').$type<string[]>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
})

/** The rows of the plan comparison table; `kind` says how the client formats the aligned plan value. */
export const planFeatures = pgTable('plan_features', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  kind: text('kind').$type<'amount' | 'text' | 'boolean'>().notNull().default('text'),
  sortOrder: integer('sort_order').notNull().default(0),
})

export const expertAdvisors = pgTable('expert_advisors', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceUsd: moneyUsd('price_usd'),
  image: text('image'),
  type: text('type').$type<'expert_advisor' | 'others'>().notNull().default('expert_advisor'),
  rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
  downloads: integer('downloads').notNull().default(0),
  /** Null: any plan may buy it; otherwise only customers on this plan. */
  requiredPlanId: integer('required_plan_id').references(() => plans.id),
  createdAt: createdAt(),
})

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    username: text('username').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    country: text('country'),
    nationality: text('nationality'),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<'customer' | 'admin'>().notNull().default('customer'),
    status: text('status').$type<'pending' | 'active' | 'deactivated'>().notNull().default('pending'),
    accountId: text('account_id').notNull().unique(),
    avatar: text('avatar'),
    balanceUsd: moneyUsd('balance'),
    creditBalanceUsd: moneyUsd('credit_balance'),
    accountTypeId: integer('account_type_id').references(() => plans.id),
    autotrader: boolean('autotrader').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Lookups lowercase the address; the constraint keeps a stray write from creating a twin account.
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('customer', 'admin')`),
    check('users_status_valid', sql`${t.status} in ('pending', 'active', 'deactivated')`),
    check('users_account_id_format', sql`${t.accountId} ~ '^CFD[0-9]{7}$'`),
    // 'Ann' and 'ann' would be told apart by nobody reading a chat or a back office: one of them only.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
  ],
)

/** Bearer tokens, stored only as the hex sha256 of the token the client holds. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_id_idx').on(t.userId)],
)

/**
 * Failed sign-ins per email address, known or not: a lock must not tell which addresses have accounts. Kept in the
 * database so a lock survives a restart and holds across instances.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    /** Lowercased, as users.email. */
    email: text('email').primaryKey(),
    failureCount: integer('failure_count').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('login_failures_window_started_at_idx').on(t.windowStartedAt)],
)

/** Password-reset requests; the token is mailed (later) and only its sha256 is kept, like bearer tokens. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
)

/** One-time sign-in links that a back office hands to a customer; sha256 of the token only, single use. */
export const loginLinks = pgTable(
  'login_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The admin who made it, for the audit trail; kept when that admin is removed. */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('login_links_user_id_idx').on(t.userId)],
)

export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    /** The price feed's id for this asset; live updates match on it. */
    assetId: text('asset_id').notNull().unique(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    symbolDisplay: text('symbol_display').notNull(),
    sy: text('sy').notNull(),
    type: text('type')
      .$type<'forex' | 'stocks' | 'crypto' | 'commodities' | 'indices' | 'metals'>()
      .notNull(),
    category: text('category').notNull(),
    image: text('image'),
    tvSymbol: text('tv_symbol').notNull(),
    rate: priceQuote('rate'),
    priceLow: priceQuote('price_low'),
    priceHigh: priceQuote('price_high'),
    change: priceQuote('change'),
    changePercent: numeric('change_percent', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    volume: numeric('volume', { precision: 24, scale: 2, mode: 'number' }).notNull(),
    /** Fractions of the rate: buy = rate x (1 + buy_spread), sell = rate x (1 - sell_spread). */
    buySpread: numeric('buy_spread', { precision: 12, scale: 8, mode: 'number' }).notNull(),
    sellSpread: numeric('sell_spread', { precision: 12, scale: 8, mode: 'number' }).notNull(),
    contractSize: numeric('contract_size', { precision: 18, scale: 4, mode: 'number' }).notNull(),
    position: numeric('position', { precision: 18, scale: 4, mode: 'number' }).notNull(),
    leverage: integer('leverage'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'assets_type_valid',
      sql`${t.type} in ('forex', 'stocks', 'crypto', 'commodities', 'indices', 'metals')`,
    ),
  ],
)

export const userExpertAdvisors = pgTable(
  'user_expert_advisors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expertAdvisorId: integer('expert_advisor_id')
      .notNull()
      .references(() => expertAdvisors.id),
    running: boolean('running').notNull().default(false),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.expertAdvisorId] })],
)

/** Display currencies; `rate` is units of the currency per 1 USD. */
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  rate: numeric('rate', { precision: 18, scale: 8, mode: 'number' }).notNull(),
})

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    color: text('color').notNull().default('info'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_id_idx').on(t.userId)],
)

/**
 * The embedded realtime services' credentials (one row, id 1): generated at first start unless the environment
 * gives them, and kept here so that restarts and every instance on this database sign and verify alike.
 */
export const realtimeCredentials = pgTable(
  'realtime_credentials',
  {
    id: integer('id').primaryKey().default(1),
    pusherAppId: text('pusher_app_id').notNull(),
    pusherKey: text('pusher_key').notNull(),
    pusherSecret: text('pusher_secret').notNull(),
    priceApiKey: text('price_api_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('realtime_credentials_single_row', sql`${t.id} = 1`)],
)

// The database schema (PostgreSQL, same DDL for PGlite). Migrations are generated from this file with
// `npm run db:generate`; never edit a generated migration, add a new one.
//
// Money is numeric(18,2) read as a string, so no float ever enters the ledger; prices and rates are numeric too
// but read as numbers, because they only feed display and maths that round anyway.
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const moneyUsd = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull().default('0')
const priceQuote = (name: string) => numeric(name, { precision: 24, scale: 10, mode: 'number' }).notNull()
// node-postgres reads bytea as a Buffer and PGlite as a Uint8Array; both are written from a Buffer.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
})

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
    /** Flexible savings (decision 0019): the sum of the customer's 'savings' ledger rows; never margin or equity. */
    savingsBalanceUsd: moneyUsd('savings_balance'),
    accountTypeId: integer('account_type_id').references(() => plans.id),
    autotrader: boolean('autotrader').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The code part of `phone` ('+44'), chosen on the profile page (decision 0020); null for sign-ups before it. */
    phoneCountryCode: text('phone_country_code'),
    address: jsonb('address').$type<{
      line1: string
      line2: string | null
      city: string
      postal_code: string | null
      country: string
    }>(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** TOTP (decision 0020): base32 secret in force once confirmed; the one being set up until then. */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code for it or an earlier step never works again. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /** The last order the server refused and its message: what support is asked about first (back office). */
    lastRefusedOrder: jsonb('last_refused_order').$type<{
      message: string
      asset_symbol: string | null
      trade_type: string | null
      lots: number | null
      at: string
    }>(),
    createdAt: createdAt(),
  },
  (t) => [
    // Lookups lowercase the address; the constraint keeps a stray write from creating a twin account.
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('customer', 'admin')`),
    check('users_status_valid', sql`${t.status} in ('pending', 'active', 'deactivated')`),
    check('users_account_id_format', sql`${t.accountId} ~ '^CFD[0-9]{7}$'`),
    check('users_savings_balance_not_negative', sql`${t.savingsBalanceUsd} >= 0`),
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
    /**
     * A token is a session (decision 0020): where and with what it signed in, and when it was last used (a minute's
     * grain).
     */
    ip: text('ip'),
    userAgent: text('user_agent'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_id_idx').on(t.userId)],
)

/**
 * Failed sign-ins per email address, known or not (a lock must not tell which addresses have accounts), and per
 * client address: strangers' failures lock only themselves out (decision 0018). Kept in the database so a lock
 * survives a restart and holds across instances.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    /** Lowercased, as users.email. */
    email: text('email').notNull(),
    /** The client's rate-limit key: an IPv4 address, or an IPv6 /64 (lib/rate-limit.ts clientKey). */
    clientAddress: text('client_address').notNull(),
    failureCount: integer('failure_count').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.clientAddress] }),
    index('login_failures_window_started_at_idx').on(t.windowStartedAt),
  ],
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

/**
 * Positions (docs/product/data-model.md#trade). Every price here is the server's own (decision 0009); what the
 * customer's screen showed is kept in `requested` for the record only. Open: closing_price, close_time, close_reason
 * and pnl are null.
 */
export const trades = pgTable(
  'trades',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    side: text('side').$type<'buy' | 'sell'>().notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    volumeLots: numeric('volume_lots', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    volumeUnits: numeric('volume_units', { precision: 24, scale: 6, mode: 'number' }).notNull(),
    contractSize: numeric('contract_size', { precision: 18, scale: 4, mode: 'number' }).notNull(),
    /** Unconstrained: the operator's per-class figure is any positive number. */
    leverage: numeric('leverage', { mode: 'number' }).notNull(),
    openingPrice: priceQuote('opening_price'),
    closingPrice: numeric('closing_price', { precision: 24, scale: 10, mode: 'number' }),
    /** 0 when unset (docs/product/api.md#calls). */
    takeProfit: numeric('take_profit', { precision: 24, scale: 10, mode: 'number' }).notNull().default(0),
    stopLoss: numeric('stop_loss', { precision: 24, scale: 10, mode: 'number' }).notNull().default(0),
    /** A distance in price units the stop-loss trails the market by (decision 0034); 0 when none. */
    trailingStop: numeric('trailing_stop', { precision: 24, scale: 10, mode: 'number' }).notNull().default(0),
    /** The pending order whose fill opened this position; null for a market order. */
    orderId: integer('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    marginUsd: moneyUsd('margin'),
    /** Realised, booked to the ledger when the position closes. */
    pnlUsd: numeric('pnl', { precision: 18, scale: 2 }),
    closeReason: text('close_reason').$type<'user' | 'take_profit' | 'stop_loss' | 'stop_out'>(),
    /** One position per key and user: a retried submit returns the first one. */
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * sha256 of the order as validated (trading/engine.ts requestHash): a retry under the key must send the same
     * order. Null on positions opened before it was kept.
     */
    requestHash: text('request_hash'),
    /** The client's opening_price, margin, leverage and amount, as sent; never used for pricing. */
    requested: jsonb('requested').$type<Record<string, unknown>>().notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('trades_user_idempotency_key_unique').on(t.userId, t.idempotencyKey),
    // An order fills once, whichever instance or race tries again.
    uniqueIndex('trades_order_id_unique')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('trades_user_status_idx').on(t.userId, t.status),
    // The stop-out check reads every open position once a second: only the open ones, however long the history.
    index('trades_open_idx')
      .on(t.id)
      .where(sql`${t.status} = 'open'`),
    check('trades_side_valid', sql`${t.side} in ('buy', 'sell')`),
    check('trades_status_valid', sql`${t.status} in ('open', 'closed')`),
    check(
      'trades_close_reason_valid',
      sql`${t.closeReason} is null or ${t.closeReason} in ('user', 'take_profit', 'stop_loss', 'stop_out')`,
    ),
    // A closed row has all of its closing figures, an open row none: no half-closed position can exist.
    check(
      'trades_closed_fields',
      sql`(${t.status} = 'open') = (${t.closedAt} is null and ${t.closingPrice} is null and ${t.pnlUsd} is null and ${t.closeReason} is null)`,
    ),
  ],
)

/**
 * Pending orders (decision 0034): a limit or stop at `price`, filled by the leader on the tick that reaches it,
 * through the same open path as a market order. Levels are 0 when unset; `expires_at` null is good till cancelled.
 * Pending: trade_id, closed_at and reason are null; a fill sets trade_id, a cancel or an expiry the reason (a
 * cancel by staff from the back office, decision 0017, is 'staff').
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    side: text('side').$type<'buy' | 'sell'>().notNull(),
    orderType: text('order_type').$type<'limit' | 'stop'>().notNull(),
    status: text('status')
      .$type<'pending' | 'filled' | 'cancelled' | 'expired'>()
      .notNull()
      .default('pending'),
    price: priceQuote('price'),
    volumeLots: numeric('volume_lots', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    volumeUnits: numeric('volume_units', { precision: 24, scale: 6, mode: 'number' }).notNull(),
    takeProfit: numeric('take_profit', { precision: 24, scale: 10, mode: 'number' }).notNull().default(0),
    stopLoss: numeric('stop_loss', { precision: 24, scale: 10, mode: 'number' }).notNull().default(0),
    trailingStop: numeric('trailing_stop', { precision: 24, scale: 10, mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    tradeId: integer('trade_id').references((): AnyPgColumn => trades.id, { onDelete: 'set null' }),
    reason: text('reason').$type<'user' | 'staff' | 'insufficient_margin' | 'account_inactive' | 'expired'>(),
    /** One order per key and user, as positions: a retried submit returns the first one. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the order as validated: a retry under the key must send the same order. */
    requestHash: text('request_hash').notNull(),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_key_unique').on(t.userId, t.idempotencyKey),
    index('orders_user_status_idx').on(t.userId, t.status),
    // The leader reads every pending order when it starts leading: only those, however long the history.
    index('orders_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    check('orders_side_valid', sql`${t.side} in ('buy', 'sell')`),
    check('orders_type_valid', sql`${t.orderType} in ('limit', 'stop')`),
    check('orders_status_valid', sql`${t.status} in ('pending', 'filled', 'cancelled', 'expired')`),
    check(
      'orders_reason_valid',
      sql`${t.reason} is null or ${t.reason} in ('user', 'staff', 'insufficient_margin', 'account_inactive', 'expired')`,
    ),
    check('orders_closed_at', sql`(${t.status} = 'pending') = (${t.closedAt} is null)`),
  ],
)

/**
 * Money coming in (decision 0019): a card charge, a transfer on the sandbox chain, or a bank wire. Pending until the
 * card's 3-D Secure step, the chain's confirmations or the back office settle it; a completed one has exactly one
 * 'deposit' ledger row. Of a card only the brand, last four digits and expiry are kept: never the number or CVC.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').$type<'card' | 'crypto' | 'wire'>().notNull(),
    status: text('status').$type<'pending' | 'completed' | 'failed' | 'rejected'>().notNull(),
    /** USD credited or to be credited; a transfer still confirming carries its value at the price it was seen at. */
    amountUsd: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** DEP-… for a card, the wire's WIRE-… reference, the transfer's hash. */
    reference: text('reference').notNull().unique(),
    failureReason: text('failure_reason'),
    /** 'three_ds' while a card waits for its 3-D Secure step. */
    nextAction: text('next_action').$type<'three_ds'>(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    cryptoCoin: text('crypto_coin').$type<'bitcoin' | 'ethereum' | 'tether'>(),
    cryptoNetwork: text('crypto_network').$type<'bitcoin' | 'erc20' | 'trc20'>(),
    cryptoAddress: text('crypto_address'),
    coinAmount: numeric('coin_amount', { precision: 28, scale: 8 }),
    txHash: text('tx_hash'),
    confirmations: integer('confirmations').notNull().default(0),
    /** Passes of the sandbox chain that failed on this transfer; at the job's limit it is set aside as failed. */
    confirmationFailures: integer('confirmation_failures').notNull().default(0),
    /** When the sandbox chain counts the next confirmation (null once settled). */
    nextConfirmationAt: timestamp('next_confirmation_at', { withTimezone: true }),
    /** The customer's Idempotency-Key for a card charge: a retried submit charges once. */
    idempotencyKey: text('idempotency_key'),
    /** The admin who approved or rejected a wire, when and why. */
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('deposits_user_id_idx').on(t.userId, t.createdAt),
    uniqueIndex('deposits_user_idempotency_key_unique').on(t.userId, t.idempotencyKey),
    // What the sandbox chain's job reads every interval: only the transfers still confirming.
    index('deposits_confirming_idx')
      .on(t.nextConfirmationAt)
      .where(sql`${t.status} = 'pending' and ${t.method} = 'crypto'`),
    check('deposits_method_valid', sql`${t.method} in ('card', 'crypto', 'wire')`),
    check('deposits_status_valid', sql`${t.status} in ('pending', 'completed', 'failed', 'rejected')`),
    check('deposits_amount_not_negative', sql`${t.amountUsd} >= 0`),
    check('deposits_next_action_valid', sql`${t.nextAction} is null or ${t.nextAction} = 'three_ds'`),
    check(
      'deposits_card_fields',
      sql`${t.method} <> 'card' or (${t.cardBrand} is not null and ${t.cardLast4} ~ '^[0-9]{4}$' and ${t.cardExpMonth} between 1 and 12 and ${t.cardExpYear} is not null)`,
    ),
    check(
      'deposits_crypto_fields',
      sql`${t.method} <> 'crypto' or (${t.cryptoCoin} is not null and ${t.cryptoNetwork} is not null and ${t.cryptoAddress} is not null and ${t.coinAmount} > 0 and ${t.txHash} is not null)`,
    ),
    check('deposits_completed_at', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
  ],
)

/** 'I am about to wire money': a unique reference the customer quotes on the transfer; used by one deposit. */
export const wireIntents = pgTable(
  'wire_intents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('wire_intents_user_id_idx').on(t.userId)],
)

/** Each customer's deposit address per coin and network: made once, then always the same. */
export const cryptoAddresses = pgTable(
  'crypto_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coin: text('coin').$type<'bitcoin' | 'ethereum' | 'tether'>().notNull(),
    network: text('network').$type<'bitcoin' | 'erc20' | 'trc20'>().notNull(),
    address: text('address').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('crypto_addresses_user_coin_network_unique').on(t.userId, t.coin, t.network)],
)

/**
 * Money going out (decision 0019). Its amount is held (a 'withdrawal_hold' ledger row) when the row is written, as
 * in_review; rejected and cancelled release it ('withdrawal_release'), sent captures it (nothing more is written).
 * Bank details are kept for the payout and shown masked.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status')
      .$type<'in_review' | 'approved' | 'sent' | 'rejected' | 'cancelled'>()
      .notNull()
      .default('in_review'),
    method: text('method').$type<'card' | 'crypto' | 'bank'>().notNull(),
    amountUsd: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** WD-… */
    reference: text('reference').notNull().unique(),
    /** For people, already masked: 'Visa •••• 4242', 'USDT (TRC20) T9yD…', 'Bank ••••1234'. */
    destination: text('destination').notNull(),
    /** A card withdrawal goes back to the card of this completed deposit. */
    cardDepositId: integer('card_deposit_id').references(() => deposits.id),
    cryptoCoin: text('crypto_coin').$type<'bitcoin' | 'ethereum' | 'tether'>(),
    cryptoNetwork: text('crypto_network').$type<'bitcoin' | 'erc20' | 'trc20'>(),
    cryptoAddress: text('crypto_address'),
    bankHolder: text('bank_holder'),
    bankIban: text('bank_iban'),
    bankBic: text('bank_bic'),
    bankName: text('bank_name'),
    /** The back office's reason for a rejection, shown to the customer. */
    decisionReason: text('decision_reason'),
    payoutReference: text('payout_reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the request as validated: a retry under the key must send the same one. */
    requestHash: text('request_hash').notNull(),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('withdrawals_user_id_idx').on(t.userId, t.createdAt),
    uniqueIndex('withdrawals_user_idempotency_key_unique').on(t.userId, t.idempotencyKey),
    check(
      'withdrawals_status_valid',
      sql`${t.status} in ('in_review', 'approved', 'sent', 'rejected', 'cancelled')`,
    ),
    check('withdrawals_method_valid', sql`${t.method} in ('card', 'crypto', 'bank')`),
    check('withdrawals_amount_positive', sql`${t.amountUsd} > 0`),
    check('withdrawals_card_fields', sql`${t.method} <> 'card' or ${t.cardDepositId} is not null`),
    check(
      'withdrawals_crypto_fields',
      sql`${t.method} <> 'crypto' or (${t.cryptoCoin} is not null and ${t.cryptoNetwork} is not null and ${t.cryptoAddress} is not null)`,
    ),
    check(
      'withdrawals_bank_fields',
      sql`${t.method} <> 'bank' or (${t.bankHolder} is not null and ${t.bankIban} is not null and ${t.bankName} is not null)`,
    ),
    check(
      'withdrawals_sent_fields',
      sql`(${t.status} = 'sent') = (${t.sentAt} is not null and ${t.payoutReference} is not null)`,
    ),
    check('withdrawals_cancelled_at', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
  ],
)

/**
 * Every movement of a customer's money, with the balance of its account it left. Amounts are numeric(18,2) strings
 * end to end: computed in SQL, never through a float. Two accounts (decision 0019): 'trading' (users.balance, the
 * margin account) and 'savings' (users.savings_balance); each balance is the sum of its account's rows.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'negative_balance_protection': the broker's credit that brought a balance left below zero back to zero. */
    kind: text('kind')
      .$type<
        | 'trade_pnl'
        | 'ea_purchase'
        | 'negative_balance_protection'
        | 'adjustment'
        | 'deposit'
        | 'withdrawal_hold'
        | 'withdrawal_release'
        | 'savings_transfer'
        | 'savings_interest'
      >()
      .notNull(),
    /** Which balance the row moves; a savings transfer is two rows, one in each, written together. */
    account: text('account').$type<'trading' | 'savings'>().notNull().default('trading'),
    amountUsd: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    balanceAfterUsd: numeric('balance_after', { precision: 18, scale: 2 }).notNull(),
    tradeId: integer('trade_id').references(() => trades.id, { onDelete: 'cascade' }),
    /** The advisor an 'ea_purchase' paid for. */
    expertAdvisorId: integer('expert_advisor_id').references(() => expertAdvisors.id),
    /** An 'adjustment' by the back office: its kind, why, who, and the key that makes a retry harmless. */
    adjustmentKind: text('adjustment_kind').$type<'deposit' | 'withdrawal' | 'credit' | 'correction'>(),
    reason: text('reason'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    /** The deposit a 'deposit' row credits. */
    depositId: integer('deposit_id').references(() => deposits.id, { onDelete: 'cascade' }),
    /** The withdrawal a 'withdrawal_hold' or 'withdrawal_release' row is for. */
    withdrawalId: integer('withdrawal_id').references(() => withdrawals.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_id_idx').on(t.userId, t.createdAt),
    index('ledger_entries_user_account_idx').on(t.userId, t.account, t.createdAt),
    // A position's profit or loss is booked once, whatever races to close it.
    uniqueIndex('ledger_entries_trade_pnl_unique')
      .on(t.tradeId)
      .where(sql`${t.kind} = 'trade_pnl'`),
    // An advisor is paid for once per customer, whatever races to buy it.
    uniqueIndex('ledger_entries_ea_purchase_unique')
      .on(t.userId, t.expertAdvisorId)
      .where(sql`${t.kind} = 'ea_purchase'`),
    check(
      'ledger_entries_kind_valid',
      sql`${t.kind} in ('trade_pnl', 'ea_purchase', 'negative_balance_protection', 'adjustment', 'deposit', 'withdrawal_hold', 'withdrawal_release', 'savings_transfer', 'savings_interest')`,
    ),
    check('ledger_entries_account_valid', sql`${t.account} in ('trading', 'savings')`),
    // Only savings transfers and interest touch the savings account; everything else is trading money.
    check(
      'ledger_entries_account_of_kind',
      sql`(${t.account} = 'savings') = (${t.kind} = 'savings_interest' or (${t.kind} = 'savings_transfer' and ${t.account} = 'savings'))`,
    ),
    check('ledger_entries_deposit_has_deposit', sql`(${t.kind} = 'deposit') = (${t.depositId} is not null)`),
    check(
      'ledger_entries_withdrawal_has_withdrawal',
      sql`(${t.kind} in ('withdrawal_hold', 'withdrawal_release')) = (${t.withdrawalId} is not null)`,
    ),
    check(
      'ledger_entries_savings_transfer_has_key',
      sql`${t.kind} <> 'savings_transfer' or ${t.idempotencyKey} is not null`,
    ),
    // A deposit is credited once, a withdrawal held once and released at most once, whatever races.
    uniqueIndex('ledger_entries_deposit_unique')
      .on(t.depositId)
      .where(sql`${t.kind} = 'deposit'`),
    uniqueIndex('ledger_entries_withdrawal_hold_unique')
      .on(t.withdrawalId)
      .where(sql`${t.kind} = 'withdrawal_hold'`),
    uniqueIndex('ledger_entries_withdrawal_release_unique')
      .on(t.withdrawalId)
      .where(sql`${t.kind} = 'withdrawal_release'`),
    // One savings transfer per key per customer: its trading row and its savings row.
    uniqueIndex('ledger_entries_savings_transfer_key_unique')
      .on(t.userId, t.account, t.idempotencyKey)
      .where(sql`${t.kind} = 'savings_transfer'`),
    check(
      'ledger_entries_adjustment_complete',
      sql`${t.kind} <> 'adjustment' or (${t.adjustmentKind} in ('deposit', 'withdrawal', 'credit', 'correction') and ${t.reason} is not null and ${t.idempotencyKey} is not null)`,
    ),
    // One adjustment per key per customer, whatever retries or races.
    uniqueIndex('ledger_entries_adjustment_key_unique')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.kind} = 'adjustment'`),
    check(
      'ledger_entries_ea_purchase_has_advisor',
      sql`${t.kind} <> 'ea_purchase' or ${t.expertAdvisorId} is not null`,
    ),
    check('ledger_entries_trade_pnl_has_trade', sql`${t.kind} <> 'trade_pnl' or ${t.tradeId} is not null`),
    // The close that left the balance below zero; once per position, like its P/L.
    check(
      'ledger_entries_protection_has_trade',
      sql`${t.kind} <> 'negative_balance_protection' or ${t.tradeId} is not null`,
    ),
    uniqueIndex('ledger_entries_protection_unique')
      .on(t.tradeId)
      .where(sql`${t.kind} = 'negative_balance_protection'`),
  ],
)

/**
 * Savings interest, one row per customer per day (act/365 on that day's savings balance): the unique (user_id, day)
 * makes the daily job run once per day per customer, however many instances run it. Credited to savings (one
 * 'savings_interest' ledger row per credit) monthly, or when money moves out of savings.
 */
export const savingsAccruals = pgTable(
  'savings_accruals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** The savings balance the day's interest was computed on, and the rate. */
    balanceUsd: numeric('balance', { precision: 18, scale: 2 }).notNull(),
    aprPercent: numeric('apr_percent', { precision: 7, scale: 4 }).notNull(),
    amountUsd: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** Savings job passes that failed to credit it; at the job's limit it is set aside with its reason. */
    creditFailures: integer('credit_failures').notNull().default(0),
    /** Why the savings job stopped trying to credit it (a move out of savings still pays it). */
    setAsideReason: text('set_aside_reason'),
    /** The 'savings_interest' row that paid it. */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('savings_accruals_user_day_unique').on(t.userId, t.day),
    index('savings_accruals_unpaid_idx')
      .on(t.userId, t.day)
      .where(sql`${t.creditedAt} is null`),
    check('savings_accruals_amount_not_negative', sql`${t.amountUsd} >= 0`),
  ],
)

/**
 * A customer's request for the auto trader (docs/product/marketplace.md#auto-trader): one pending at a time, decided
 * by an admin.
 */
export const autotraderRequests = pgTable(
  'autotrader_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level').$type<'low' | 'medium' | 'high'>().notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The admin's reason, shown to the customer (required to reject). */
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    // The database, not a read-then-write, guarantees "a second request while one is pending" is refused.
    uniqueIndex('autotrader_requests_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    check('autotrader_requests_level_valid', sql`${t.level} in ('low', 'medium', 'high')`),
    check('autotrader_requests_status_valid', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
)

/** A customer's request to move to another plan; one pending at a time, decided by an admin. */
export const planUpgradeRequests = pgTable(
  'plan_upgrade_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The admin's reason, shown to the customer (required to reject). */
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('plan_upgrade_requests_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    check('plan_upgrade_requests_status_valid', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
)

/**
 * Support chat: one conversation per customer (customer_id), messages from the customer or any admin. A message
 * is stored before it is published; `client_message_id` makes a retried send idempotent per sender.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull(),
    message: text('message').notNull().default(''),
    clientMessageId: text('client_message_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_customer_id_idx').on(t.customerId, t.id),
    uniqueIndex('chat_messages_client_message_id_unique').on(t.senderId, t.clientMessageId),
  ],
)

/** Files uploaded to the chat; stored under the data directory by a random name, served back as downloads. */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Set once the upload is sent with a message; an upload never sent stays unattached. */
    messageId: bigint('message_id', { mode: 'number' }).references(() => chatMessages.id, {
      onDelete: 'cascade',
    }),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The random token in the download URL and the file's name on disk. */
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    isImage: boolean('is_image').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_attachments_message_id_idx').on(t.messageId)],
)

/**
 * What every admin did, written in the same transaction as the change (server/back-office/audit.ts). Append-only:
 * a trigger (migration 0007) refuses UPDATE and DELETE, so nobody, the application included, can edit history.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    requestId: text('request_id'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  // No foreign keys: a deleted user's history stays, and a cascade would be a DELETE the trigger refuses.
  (t) => [
    index('audit_events_created_idx').on(t.createdAt, t.id),
    index('audit_events_target_idx').on(t.targetUserId, t.createdAt),
    index('audit_events_actor_idx').on(t.actorId, t.createdAt),
  ],
)

// ---- the account and security centre (docs/decisions/0020-account-security.md) ----------------------

/** Single-use TOTP recovery codes, sha256 of the normalised code only. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_unique').on(t.userId, t.codeHash)],
)

/** A sign-in whose password was right, waiting for its second factor: short-lived, a few tries, used once. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_challenges_user_id_idx').on(t.userId)],
)

/**
 * Wrong second factors (any route that checks a TOTP or recovery code) and wrong passwords typed inside a session,
 * counted toward a growing lock per account and lane (decision 0033): `account` is shared by every address the
 * account never signed in from, `address:<client key>` is one the account has sessions from, `session:<id>` is one
 * signed-in device. A slot is reserved by one conditional upsert before the secret is checked.
 */
export const secretCheckFailures = pgTable(
  'secret_check_failures',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').$type<'second_factor' | 'password'>().notNull(),
    lane: text('lane').notNull(),
    failureCount: integer('failure_count').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.secret, t.lane] }),
    check('secret_check_failures_secret_valid', sql`${t.secret} in ('second_factor', 'password')`),
    index('secret_check_failures_window_started_at_idx').on(t.windowStartedAt),
  ],
)

/** Every sign-in attempt for a known account: the history the customer reads and the new-device check. */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    result: text('result').$type<'success' | 'failure' | 'two_factor_failed'>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    check('sign_in_events_result_valid', sql`${t.result} in ('success', 'failure', 'two_factor_failed')`),
    index('sign_in_events_user_created_idx').on(t.userId, t.createdAt),
  ],
)

/** An e-mail change waiting for the link mailed to the new address; sha256 of the token only. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user_id_idx').on(t.userId)],
)

/** The dev outbox: every mail the Mailer sent while SMTP_URL is unset, for admins to read (GET /admin/outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt, t.id)],
)

/**
 * Verification (KYC) documents, each one request of the back-office queue (type `verification`). The file is in the
 * one file store under `storage_key`; `status` is the review's (expiry of a proof of address is computed on read).
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<'identity' | 'identity_back' | 'address'>().notNull(),
    kind: text('kind'),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('verification_documents_type_valid', sql`${t.type} in ('identity', 'identity_back', 'address')`),
    check('verification_documents_status_valid', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    // One document of each type waits for review at a time.
    uniqueIndex('verification_documents_one_pending')
      .on(t.userId, t.type)
      .where(sql`${t.status} = 'pending'`),
    index('verification_documents_user_idx').on(t.userId, t.createdAt),
    index('verification_documents_status_idx').on(t.status, t.createdAt),
  ],
)

/** Avatars (decision 0020) in the one file store: the key is the URL's, served to anyone who holds it. */
export const avatarFiles = pgTable('avatar_files', {
  storageKey: text('storage_key').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: createdAt(),
})

/**
 * The bytes of uploads (chat files, verification documents, avatars) when the database is PostgreSQL, so that every
 * instance serves what any of them received (decision 0024); by the same random key as chat_attachments, avatar_files
 * and verification_documents. Embedded PGlite keeps them as files under DATA_DIR instead (chat/file-store.ts).
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: createdAt(),
})

/**
 * Price alerts (decision 0037): the bid of an asset going above or below a price. Active until the leader's tick
 * fires it (`triggered`, once: `UPDATE ... WHERE status = 'active'`), its owner cancels it or its expiry passes.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    condition: text('condition').$type<'above' | 'below'>().notNull(),
    price: priceQuote('price'),
    note: text('note'),
    status: text('status')
      .$type<'active' | 'triggered' | 'expired' | 'cancelled'>()
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    triggeredPrice: numeric('triggered_price', { precision: 24, scale: 10, mode: 'number' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('price_alerts_user_status_idx').on(t.userId, t.status),
    // The leader reads every active alert when it starts leading: only those, however long the history.
    index('price_alerts_active_idx')
      .on(t.id)
      .where(sql`${t.status} = 'active'`),
    check('price_alerts_condition_valid', sql`${t.condition} in ('above', 'below')`),
    check('price_alerts_status_valid', sql`${t.status} in ('active', 'triggered', 'expired', 'cancelled')`),
    check('price_alerts_ended_at', sql`(${t.status} = 'active') = (${t.endedAt} is null)`),
    check(
      'price_alerts_triggered',
      sql`(${t.status} = 'triggered') = (${t.triggeredAt} is not null and ${t.triggeredPrice} is not null)`,
    ),
  ],
)

/**
 * Web Push subscriptions (decision 0037): one per browser (its push service's endpoint), kept for the customer who
 * subscribed it last; at most ten per customer, the oldest dropped first.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
)

/**
 * A customer's notification preferences (decision 0037), the shape of src/domain/notifications/preferences.ts,
 * read over its defaults: no row is everything on. The server pushes by `push` (funds, support, trades).
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The VAPID key pair every instance signs its pushes with (one row, id 1): generated at first start unless the
 * environment gives one, as the realtime credentials are.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('vapid_keys_single_row', sql`${t.id} = 1`)],
)

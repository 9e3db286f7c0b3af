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

/**
 * Positions (spec 3, Trade). Every price here is the server's own (decision 0009); what the customer's screen
 * showed is kept in `requested` for the record only. Open: closing_price, close_time, close_reason and pnl are null.
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
    /** 0 when unset (spec 7). */
    takeProfit: numeric('take_profit', { precision: 24, scale: 10, mode: 'number' }).notNull().default(0),
    stopLoss: numeric('stop_loss', { precision: 24, scale: 10, mode: 'number' }).notNull().default(0),
    marginUsd: moneyUsd('margin'),
    /** Realised, booked to the ledger when the position closes. */
    pnlUsd: numeric('pnl', { precision: 18, scale: 2 }),
    closeReason: text('close_reason').$type<'user' | 'take_profit' | 'stop_loss' | 'stop_out'>(),
    /** One position per key and user: a retried submit returns the first one. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The client's opening_price, margin, leverage and amount, as sent; never used for pricing. */
    requested: jsonb('requested').$type<Record<string, unknown>>().notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('trades_user_idempotency_key_unique').on(t.userId, t.idempotencyKey),
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
 * Every movement of a customer's balance, with the balance it left. Amounts are numeric(18,2) strings end to end:
 * computed in SQL, never through a float.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'negative_balance_protection': the broker's credit that brought a balance left below zero back to zero. */
    kind: text('kind').$type<'trade_pnl' | 'ea_purchase' | 'negative_balance_protection'>().notNull(),
    amountUsd: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    balanceAfterUsd: numeric('balance_after', { precision: 18, scale: 2 }).notNull(),
    tradeId: integer('trade_id').references(() => trades.id, { onDelete: 'cascade' }),
    /** The advisor an 'ea_purchase' paid for. */
    expertAdvisorId: integer('expert_advisor_id').references(() => expertAdvisors.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_id_idx').on(t.userId, t.createdAt),
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
      sql`${t.kind} in ('trade_pnl', 'ea_purchase', 'negative_balance_protection')`,
    ),
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

/** A customer's request for the auto trader (spec 4): one pending at a time, decided by an admin. */
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

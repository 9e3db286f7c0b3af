// Users and the user object of the contract (docs/product/data-model.md#user).
import { randomInt } from 'node:crypto'
import { and, asc, desc, eq, getTableColumns, ilike, lte, or, sql, type SQL } from 'drizzle-orm'
import {
  accountTitle,
  AUTOTRADER_REQUEST_STATUS,
  type RefusedOrder,
  type User,
  type UserStatus,
} from '../../src/domain/contract'
import type { Db } from '../db/client'
import { uniqueViolation } from '../db/errors'
import { verificationLevel } from '../../src/domain/account/verification-levels'
import {
  authTokens,
  autotraderRequests,
  notifications,
  plans,
  userExpertAdvisors,
  users,
  verificationDocuments,
} from '../db/schema'
import { moneyToJson } from '../lib/money'

export type UsersRepository = ReturnType<typeof createUsersRepository>
export type UserRow = typeof users.$inferSelect
type PlanRow = typeof plans.$inferSelect
type NotificationRow = typeof notifications.$inferSelect

/** How many notifications the user object carries: every unread one first, then the latest read ones. */
export const USER_NOTIFICATIONS_LIMIT = 50

// Unread first (the client's alert shows the first unread one), newest first within each.
const notificationOrder = [
  sql`${notifications.readAt} is null desc`,
  desc(notifications.createdAt),
  desc(notifications.id),
]

const rankWithinUser = sql<number>`row_number() over (
  partition by ${notifications.userId} order by ${sql.join(notificationOrder, sql`, `)}
)`

/** A user counts as online when a heartbeat or request was seen this recently. */
export const ONLINE_WINDOW_MS = 2 * 60 * 1000

/** The fields of a registration that must be unique, in the order a form shows them. */
export type UniqueUserField = 'email' | 'username'

export interface NewUser {
  email: string
  username: string
  firstName: string
  lastName: string
  phone: string
  country: string
  nationality: string
  passwordHash: string
  status: UserStatus
  /** The plan a new account starts on, by slug; unknown slugs leave the account without one. */
  planSlug: string
}

export type CreateUserResult = { user: UserRow } | { conflict: UniqueUserField }

// Account ids are random so they do not reveal how many customers there are; 9 x 10^6 of them makes a clash rare,
// and a clash is retried. Seven digits without a leading 0, like the seeded accounts' (ACCOUNT_ID_PATTERN).
const ACCOUNT_ID_ATTEMPTS = 5
const newAccountId = () => `CFD${randomInt(1_000_000, 10_000_000)}`

function conflictOf(constraint: string): UniqueUserField | 'account_id' | undefined {
  if (constraint.includes('email')) return 'email'
  if (constraint.includes('username')) return 'username'
  if (constraint.includes('account_id')) return 'account_id'
  return undefined
}

function toUserView(
  user: UserRow,
  plan: PlanRow | null,
  advisorIds: number[],
  notificationRows: NotificationRow[],
  autotraderRequestPending: boolean,
  now: Date,
): User {
  const balance = moneyToJson(user.balanceUsd)
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`,
    username: user.username,
    email: user.email,
    avatar: user.avatar,
    account_id: user.accountId,
    role: user.role,
    status: user.status,
    is_online: user.lastSeenAt !== null && now.getTime() - user.lastSeenAt.getTime() < ONLINE_WINDOW_MS,
    // The chat's count is not the user row's: GET /admin/users and GET /user fill it in (repositories/chat.ts).
    unread_count: 0,
    balance,
    credit_balance: moneyToJson(user.creditBalanceUsd),
    notifications: notificationRows.map((notification) => ({
      id: notification.id,
      title: notification.title,
      message: notification.message,
      color: notification.color,
      read: notification.readAt !== null,
    })),
    accounts: [{ title: accountTitle(plan?.title ?? null, user.accountId), balance }],
    account_type: plan
      ? {
          id: plan.id,
          title: plan.title,
          color: plan.color,
          icon: plan.icon,
          image: plan.image,
          leverage: plan.leverage,
        }
      : null,
    autotrader: user.autotrader,
    autotrader_request_status: autotraderRequestPending ? AUTOTRADER_REQUEST_STATUS.PENDING : null,
    eas: advisorIds,
    two_factor_enabled: user.twoFactorEnabledAt !== null,
  }
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>()
  for (const row of rows) {
    const group = groups.get(key(row))
    if (group) group.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}

/** Users as the contract shows them: one (with its plan, verification and figures) and the admin lists. */
function userViewQueries(db: Db) {
  return {
    /**
     * One page of users for the back office, newest first: by status, and by a search over name, e-mail, username
     * and account id (case-insensitive, the search's own % and _ taken literally).
     */
    async listPage(filter: {
      status?: UserStatus
      search?: string
      page: number
      pageSize: number
      now: Date
    }): Promise<{ users: (User & { created_at: string })[]; total: number }> {
      const conditions: SQL[] = []
      if (filter.status) conditions.push(eq(users.status, filter.status))
      if (filter.search) {
        const pattern = `%${filter.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
        const searched = or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(users.email, pattern),
          ilike(users.username, pattern),
          ilike(users.accountId, pattern),
        )
        if (searched) conditions.push(searched)
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined
      const [rows, total] = await Promise.all([
        db
          .select({ id: users.id, createdAt: users.createdAt })
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.$count(users, where),
      ])
      const views = await Promise.all(
        rows.map(async (row) => {
          const view = await this.findView(row.id, filter.now)
          return view && { ...view, created_at: row.createdAt.toISOString() }
        }),
      )
      return { users: views.filter((view) => view !== undefined), total }
    },

    /** The user as the API shows it to its owner. */
    async findView(userId: number, now: Date): Promise<User | undefined> {
      const [row] = await db
        .select({ user: users, plan: plans })
        .from(users)
        .leftJoin(plans, eq(plans.id, users.accountTypeId))
        .where(eq(users.id, userId))
      if (!row) return undefined

      const [ownedAdvisors, ownNotifications, pendingAutotrader, documents] = await Promise.all([
        db
          .select({ id: userExpertAdvisors.expertAdvisorId })
          .from(userExpertAdvisors)
          .where(eq(userExpertAdvisors.userId, userId))
          .orderBy(asc(userExpertAdvisors.expertAdvisorId)),
        db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(...notificationOrder)
          .limit(USER_NOTIFICATIONS_LIMIT),
        db
          .select({ id: autotraderRequests.id })
          .from(autotraderRequests)
          .where(and(eq(autotraderRequests.userId, userId), eq(autotraderRequests.status, 'pending')))
          .limit(1),
        db
          .select({
            type: verificationDocuments.type,
            status: verificationDocuments.status,
            issuedOn: verificationDocuments.issuedOn,
            createdAt: verificationDocuments.createdAt,
          })
          .from(verificationDocuments)
          .where(and(eq(verificationDocuments.userId, userId), eq(verificationDocuments.status, 'approved'))),
      ])
      const view = toUserView(
        row.user,
        row.plan,
        ownedAdvisors.map((advisor) => advisor.id),
        ownNotifications,
        pendingAutotrader.length > 0,
        now,
      )
      // The KYC level (decision 0020); withdrawals need 2. Only approved documents count, so only they are read.
      const level = verificationLevel({ email: row.user.email, phone: row.user.phone, documents }, now)
      return { ...view, verification_level: level }
    },

    /**
     * Every user, newest first, as GET /admin/users shows them. Four queries whatever the number of users: the
     * admin console polls this every 30 s (docs/product/api.md#calls).
     */
    async listViews(now: Date): Promise<User[]> {
      // Each user's first USER_NOTIFICATIONS_LIMIT in the user object's order, still in one query.
      const ranked = db.$with('ranked_notifications').as(
        db
          .select({
            ...getTableColumns(notifications),
            rank: rankWithinUser.as('rank'),
          })
          .from(notifications),
      )
      const [rows, ownedAdvisors, latestNotifications, pendingAutotrader] = await Promise.all([
        db
          .select({ user: users, plan: plans })
          .from(users)
          .leftJoin(plans, eq(plans.id, users.accountTypeId))
          .orderBy(desc(users.createdAt), desc(users.id)),
        db
          .select()
          .from(userExpertAdvisors)
          .orderBy(asc(userExpertAdvisors.userId), asc(userExpertAdvisors.expertAdvisorId)),
        db
          .with(ranked)
          .select()
          .from(ranked)
          .where(lte(ranked.rank, USER_NOTIFICATIONS_LIMIT))
          .orderBy(asc(ranked.userId), asc(ranked.rank)),
        db
          .select({ userId: autotraderRequests.userId })
          .from(autotraderRequests)
          .where(eq(autotraderRequests.status, 'pending')),
      ])
      const pendingAutotraderUsers = new Set(pendingAutotrader.map((request) => request.userId))
      const advisorsByUser = groupBy(ownedAdvisors, (row) => row.userId)
      const notificationsByUser = groupBy(latestNotifications, (row) => row.userId)
      return rows.map(({ user, plan }) =>
        toUserView(
          user,
          plan,
          (advisorsByUser.get(user.id) ?? []).map((row) => row.expertAdvisorId),
          notificationsByUser.get(user.id) ?? [],
          pendingAutotraderUsers.has(user.id),
          now,
        ),
      )
    },
  }
}

export function createUsersRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()))
      return row
    },

    async findById(userId: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId))
      return row
    },

    /** Which of these would clash with an existing account (email and username compared case-insensitively). */
    async takenFields(email: string, username: string): Promise<UniqueUserField[]> {
      const normalisedEmail = email.trim().toLowerCase()
      const normalisedUsername = username.trim().toLowerCase()
      const rows = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(sql`${users.email} = ${normalisedEmail} or lower(${users.username}) = ${normalisedUsername}`)
      const taken: UniqueUserField[] = []
      if (rows.some((row) => row.email === normalisedEmail)) taken.push('email')
      if (rows.some((row) => row.username.toLowerCase() === normalisedUsername)) taken.push('username')
      return taken
    },

    /**
     * Inserts the account. A clash that slipped past `takenFields` (two sign-ups racing for one name) comes back as
     * a conflict from the unique index, never as an error.
     */
    async create(user: NewUser): Promise<CreateUserResult> {
      const { planSlug, ...fields } = user
      for (let attempt = 1; ; attempt += 1) {
        try {
          const [row] = await db
            .insert(users)
            .values({
              ...fields,
              email: fields.email.trim().toLowerCase(),
              role: 'customer',
              accountId: newAccountId(),
              accountTypeId: sql`(select ${plans.id} from ${plans} where ${plans.slug} = ${planSlug})`,
            })
            .returning()
          if (!row) throw new Error('insert into users returned no row')
          return { user: row }
        } catch (error) {
          const constraint = uniqueViolation(error)
          const field = constraint === undefined ? undefined : conflictOf(constraint)
          if (field === 'email' || field === 'username') return { conflict: field }
          if (field !== 'account_id' || attempt === ACCOUNT_ID_ATTEMPTS) throw error
        }
      }
    },

    async setStatus(userId: number, status: UserStatus): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ status }).where(eq(users.id, userId)).returning()
      return row
    },

    async recordRefusedOrder(userId: number, refusal: RefusedOrder): Promise<void> {
      await db.update(users).set({ lastRefusedOrder: refusal }).where(eq(users.id, userId))
    },

    /** When the user last signed in (their newest token), or null. */
    async lastSignIn(userId: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | null>`max(${authTokens.createdAt})`.mapWith(authTokens.createdAt) })
        .from(authTokens)
        .where(eq(authTokens.userId, userId))
      return row?.at ?? null
    },

    /** The leverage of the user's plan (account_type.leverage), or null without a plan. */
    async planLeverage(userId: number): Promise<number | null> {
      const [row] = await db
        .select({ leverage: plans.leverage })
        .from(users)
        .innerJoin(plans, eq(plans.id, users.accountTypeId))
        .where(eq(users.id, userId))
      return row?.leverage ?? null
    },

    async touchLastSeen(userId: number, now: Date): Promise<void> {
      await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId))
    },

    ...userViewQueries(db),
  }
}

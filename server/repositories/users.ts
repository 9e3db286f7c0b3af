// Users and the user object of the contract (spec section 3, User).
import { randomInt } from 'node:crypto'
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { User, UserStatus } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { uniqueViolation } from '../db/errors'
import { notifications, plans, userExpertAdvisors, users } from '../db/schema'
import { moneyToJson } from '../lib/money'

export type UsersRepository = ReturnType<typeof createUsersRepository>
export type UserRow = typeof users.$inferSelect
type PlanRow = typeof plans.$inferSelect
type NotificationRow = typeof notifications.$inferSelect

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

// Account ids are random so they do not reveal how many customers there are; 10^7 of them makes a clash rare,
// and a clash is retried.
const ACCOUNT_ID_ATTEMPTS = 5
const newAccountId = () => `CFD${String(randomInt(0, 10_000_000)).padStart(7, '0')}`

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
  unread: NotificationRow[],
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
    // Chat does not exist yet; the count arrives with it.
    unread_count: 0,
    balance,
    credit_balance: moneyToJson(user.creditBalanceUsd),
    notifications: unread.map((notification) => ({
      id: notification.id,
      title: notification.title,
      message: notification.message,
      color: notification.color,
      read: false,
    })),
    accounts: [{ title: 'Live Account', balance }],
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
    eas: advisorIds,
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

    async touchLastSeen(userId: number, now: Date): Promise<void> {
      await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId))
    },

    /** The user as the API shows it to its owner. */
    async findView(userId: number, now: Date): Promise<User | undefined> {
      const [row] = await db
        .select({ user: users, plan: plans })
        .from(users)
        .leftJoin(plans, eq(plans.id, users.accountTypeId))
        .where(eq(users.id, userId))
      if (!row) return undefined

      const [ownedAdvisors, unread] = await Promise.all([
        db
          .select({ id: userExpertAdvisors.expertAdvisorId })
          .from(userExpertAdvisors)
          .where(eq(userExpertAdvisors.userId, userId))
          .orderBy(asc(userExpertAdvisors.expertAdvisorId)),
        db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
          .orderBy(desc(notifications.createdAt), desc(notifications.id)),
      ])
      return toUserView(
        row.user,
        row.plan,
        ownedAdvisors.map((advisor) => advisor.id),
        unread,
        now,
      )
    },

    /**
     * Every user, newest first, as GET /admin/users shows them. Three queries whatever the number of users: the
     * admin console polls this every 30 s (spec 7).
     */
    async listViews(now: Date): Promise<User[]> {
      const [rows, ownedAdvisors, unread] = await Promise.all([
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
          .select()
          .from(notifications)
          .where(isNull(notifications.readAt))
          .orderBy(desc(notifications.createdAt), desc(notifications.id)),
      ])
      const advisorsByUser = groupBy(ownedAdvisors, (row) => row.userId)
      const unreadByUser = groupBy(unread, (row) => row.userId)
      return rows.map(({ user, plan }) =>
        toUserView(
          user,
          plan,
          (advisorsByUser.get(user.id) ?? []).map((row) => row.expertAdvisorId),
          unreadByUser.get(user.id) ?? [],
          now,
        ),
      )
    },
  }
}

// Bearer tokens: issued at login, looked up by hash on every authenticated request, revoked at logout. Each token is
// a session (decision 0020): it keeps the address and user agent it signed in with and when it was last used, so the
// customer can see their devices and sign one out.
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { authTokens, users } from '../db/schema'
import { hashToken, isWellFormedToken, newToken, TOKEN_LIFETIME_MS } from '../lib/tokens'
import type { UserRow } from './users'

export type AuthTokensRepository = ReturnType<typeof createAuthTokensRepository>

export interface Authenticated {
  user: UserRow
  tokenId: number
}

/** Where a session signed in from: the client address and User-Agent header (both cut to a sane length). */
export interface SessionOrigin {
  ip?: string | null
  userAgent?: string | null
}

export interface SessionRow {
  id: number
  ip: string | null
  userAgent: string | null
  createdAt: Date
  lastSeenAt: Date
}

/** last_seen_at moves at most this often per token: one UPDATE a minute, not one per request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000
const MAX_USER_AGENT_CHARS = 512

type Executor = Pick<Db, 'update'>

export function createAuthTokensRepository(db: Db) {
  const active = (now: Date) => and(isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now))
  // Every authenticated request runs this: built once (decision 0035), since building its SQL for the user's whole
  // row cost more CPU than running it.
  const lookup = db
    .select({ tokenId: authTokens.id, lastSeenAt: authTokens.lastSeenAt, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('auth_tokens_authenticate')

  async function revokeWhere(
    executor: Executor,
    where: ReturnType<typeof and>,
    now: Date,
  ): Promise<number[]> {
    const rows = await executor
      .update(authTokens)
      .set({ revokedAt: now })
      .where(and(where, isNull(authTokens.revokedAt)))
      .returning({ id: authTokens.id })
    return rows.map((row) => row.id)
  }

  return {
    /** Returns the plain token; only its hash is stored. */
    async issue(userId: number, now: Date, origin: SessionOrigin = {}): Promise<string> {
      const token = newToken()
      await db.insert(authTokens).values({
        tokenHash: hashToken(token),
        userId,
        expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
        createdAt: now,
        lastSeenAt: now,
        ip: origin.ip?.slice(0, 64) ?? null,
        userAgent: origin.userAgent?.slice(0, MAX_USER_AGENT_CHARS) ?? null,
      })
      return token
    },

    /**
     * The token's user, when the token exists, has not expired and was not revoked. A revoked token is refused from
     * the next request on: nothing is cached. Moves the session's last_seen_at when a minute has passed.
     */
    async authenticate(token: string, now: Date): Promise<Authenticated | undefined> {
      if (!isWellFormedToken(token)) return undefined
      const [row] = await lookup.execute({ tokenHash: hashToken(token), now })
      if (!row) return undefined
      if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        // Conditional, so parallel requests of one tab write once.
        await db
          .update(authTokens)
          .set({ lastSeenAt: now })
          .where(
            and(
              eq(authTokens.id, row.tokenId),
              lt(authTokens.lastSeenAt, new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS)),
            ),
          )
      }
      return { tokenId: row.tokenId, user: row.user }
    },

    async revoke(tokenId: number, now: Date): Promise<void> {
      await db
        .update(authTokens)
        .set({ revokedAt: now })
        .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)))
    },

    /** The user's live sessions, most recently used first. */
    async listForUser(userId: number, now: Date): Promise<SessionRow[]> {
      return db
        .select({
          id: authTokens.id,
          ip: authTokens.ip,
          userAgent: authTokens.userAgent,
          createdAt: authTokens.createdAt,
          lastSeenAt: authTokens.lastSeenAt,
        })
        .from(authTokens)
        .where(and(eq(authTokens.userId, userId), active(now)))
        .orderBy(desc(authTokens.lastSeenAt), desc(authTokens.id))
        .limit(200)
    },

    /**
     * The client addresses the user's sessions signed in from since `since`, signed out or not: where the owner
     * has been (decision 0033), as stored (the caller reduces them to client keys).
     */
    async addressesSince(userId: number, since: Date): Promise<string[]> {
      const rows = await db
        .selectDistinct({ ip: authTokens.ip })
        .from(authTokens)
        .where(and(eq(authTokens.userId, userId), gt(authTokens.createdAt, since), isNotNull(authTokens.ip)))
        .limit(500)
      return rows.flatMap((row) => (row.ip === null ? [] : [row.ip]))
    },

    /** Signs out one of the user's live sessions; false when it is not theirs, not live or does not exist. */
    async revokeForUser(userId: number, sessionId: number, now: Date): Promise<boolean> {
      const ids = await revokeWhere(
        db,
        and(eq(authTokens.id, sessionId), eq(authTokens.userId, userId), gt(authTokens.expiresAt, now)),
        now,
      )
      return ids.length > 0
    },

    /** Signs out every live session of the user but `keepTokenId`; answers the ids signed out. */
    revokeOthers(userId: number, keepTokenId: number, now: Date, executor: Executor = db): Promise<number[]> {
      return revokeWhere(
        executor,
        and(eq(authTokens.userId, userId), ne(authTokens.id, keepTokenId), gt(authTokens.expiresAt, now)),
        now,
      )
    },

    /** Signs out every live session of the user; answers the ids signed out. */
    revokeAll(userId: number, now: Date, executor: Executor = db): Promise<number[]> {
      return revokeWhere(executor, and(eq(authTokens.userId, userId), gt(authTokens.expiresAt, now)), now)
    },
  }
}

// Bearer tokens: issued at login, looked up by hash on every authenticated request, revoked at logout.
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { authTokens, users } from '../db/schema'
import { hashToken, isWellFormedToken, newToken, TOKEN_LIFETIME_MS } from '../lib/tokens'
import type { UserRow } from './users'

export type AuthTokensRepository = ReturnType<typeof createAuthTokensRepository>

export interface Authenticated {
  user: UserRow
  tokenId: number
}

export function createAuthTokensRepository(db: Db) {
  return {
    /** Returns the plain token; only its hash is stored. */
    async issue(userId: number, now: Date): Promise<string> {
      const token = newToken()
      await db.insert(authTokens).values({
        tokenHash: hashToken(token),
        userId,
        expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
        createdAt: now,
      })
      return token
    },

    /** The token's user, when the token exists, has not expired and was not revoked. */
    async authenticate(token: string, now: Date): Promise<Authenticated | undefined> {
      if (!isWellFormedToken(token)) return undefined
      const [row] = await db
        .select({ tokenId: authTokens.id, user: users })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(
          and(
            eq(authTokens.tokenHash, hashToken(token)),
            isNull(authTokens.revokedAt),
            gt(authTokens.expiresAt, now),
          ),
        )
      return row
    },

    async revoke(tokenId: number, now: Date): Promise<void> {
      await db
        .update(authTokens)
        .set({ revokedAt: now })
        .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)))
    },
  }
}

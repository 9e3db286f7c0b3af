// Single-use secrets handed out of band: password-reset tokens (mailed, later) and the one-time sign-in links that
// brokers' back offices give their customers. Like bearer tokens, only the sha256 of each is stored.
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { loginLinks, passwordResets } from '../db/schema'
import { hashToken, isWellFormedToken, newToken } from '../lib/tokens'

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>
export type LoginLinksRepository = ReturnType<typeof createLoginLinksRepository>

export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000
// Long enough to paste a link from a back office into a message, short enough that an old one is worthless.
export const LOGIN_LINK_LIFETIME_MS = 15 * 60 * 1000

export interface IssuedToken {
  /** The only copy of the plain token; the caller passes it on and forgets it. */
  token: string
  expiresAt: Date
}

export function createPasswordResetsRepository(db: Db) {
  return {
    async issue(userId: number, now: Date): Promise<IssuedToken> {
      const token = newToken()
      const expiresAt = new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS)
      await db
        .insert(passwordResets)
        .values({ tokenHash: hashToken(token), userId, expiresAt, createdAt: now })
      return { token, expiresAt }
    },
  }
}

export function createLoginLinksRepository(db: Db) {
  return {
    async issue(userId: number, createdById: number, now: Date): Promise<IssuedToken> {
      const token = newToken()
      const expiresAt = new Date(now.getTime() + LOGIN_LINK_LIFETIME_MS)
      await db
        .insert(loginLinks)
        .values({ tokenHash: hashToken(token), userId, createdById, expiresAt, createdAt: now })
      return { token, expiresAt }
    },

    /**
     * Marks the link used and answers its user, when it exists, is unused and has not expired. One conditional
     * update, so two browsers racing with the same link cannot both get in, even on two instances.
     */
    async consume(token: string, now: Date): Promise<number | undefined> {
      if (!isWellFormedToken(token)) return undefined
      const [row] = await db
        .update(loginLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(loginLinks.tokenHash, hashToken(token)),
            isNull(loginLinks.usedAt),
            gt(loginLinks.expiresAt, now),
          ),
        )
        .returning({ userId: loginLinks.userId })
      return row?.userId
    },
  }
}

// Single-use secrets handed out of band: password-reset tokens and e-mail change confirmations (mailed), and the
// one-time sign-in links that brokers' back offices give their customers. Like bearer tokens, only the sha256 of
// each is stored, and each is spent by one conditional UPDATE, so two browsers racing with one link cannot both win.
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { PASSWORD_RESET_LIFETIME_MINUTES } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { emailChanges, loginLinks, passwordResets } from '../db/schema'
import { hashToken, isWellFormedToken, newToken } from '../lib/tokens'

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>
export type LoginLinksRepository = ReturnType<typeof createLoginLinksRepository>
export type EmailChangesRepository = ReturnType<typeof createEmailChangesRepository>

export const PASSWORD_RESET_LIFETIME_MS = PASSWORD_RESET_LIFETIME_MINUTES * 60 * 1000
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000
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

    /**
     * Spends the token and answers its user, when it exists, is unused and has not expired; the user's other
     * unused reset tokens are spent with it (one reset per mail thread).
     */
    async consume(token: string, now: Date): Promise<number | undefined> {
      if (!isWellFormedToken(token)) return undefined
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResets.userId })
      if (!row) return undefined
      await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)))
      return row.userId
    },
  }
}

export function createEmailChangesRepository(db: Db) {
  return {
    /** A confirmation for `newEmail`; an earlier unconfirmed one of the user stops working. */
    async issue(userId: number, newEmail: string, now: Date): Promise<IssuedToken> {
      const token = newToken()
      const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_MS)
      await db.transaction(async (tx) => {
        await tx
          .update(emailChanges)
          .set({ usedAt: now })
          .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)))
        await tx
          .insert(emailChanges)
          .values({ tokenHash: hashToken(token), userId, newEmail, expiresAt, createdAt: now })
      })
      return { token, expiresAt }
    },

    /** Spends the confirmation; its user and address when it was valid. */
    async consume(token: string, now: Date): Promise<{ userId: number; newEmail: string } | undefined> {
      if (!isWellFormedToken(token)) return undefined
      const [row] = await db
        .update(emailChanges)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChanges.tokenHash, hashToken(token)),
            isNull(emailChanges.usedAt),
            gt(emailChanges.expiresAt, now),
          ),
        )
        .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail })
      return row
    },

    /** The address waiting for confirmation, if any. */
    async pendingFor(userId: number, now: Date): Promise<string | null> {
      const [row] = await db
        .select({ newEmail: emailChanges.newEmail })
        .from(emailChanges)
        .where(
          and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)),
        )
        .orderBy(desc(emailChanges.createdAt))
        .limit(1)
      return row?.newEmail ?? null
    },
  }
}

export function createLoginLinksRepository(db: Db) {
  return {
    /** `executor`: an open transaction, when the link is made together with something else (its audit row). */
    async issue(
      userId: number,
      createdById: number,
      now: Date,
      executor: Pick<Db, 'insert'> = db,
    ): Promise<IssuedToken> {
      const token = newToken()
      const expiresAt = new Date(now.getTime() + LOGIN_LINK_LIFETIME_MS)
      await executor
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

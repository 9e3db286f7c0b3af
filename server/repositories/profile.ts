// The customer's own account details (decision 0020): profile fields, the sign-in address, the password hash and the
// avatar. Unique clashes (username, email) come back as values, never as errors.
import { and, eq, sql } from 'drizzle-orm'
import type { Address } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { uniqueViolation } from '../db/errors'
import { avatarFiles, users } from '../db/schema'
import type { UserRow } from './users'

export type ProfileRepository = ReturnType<typeof createProfileRepository>

export interface ProfileChanges {
  firstName?: string
  lastName?: string
  username?: string
  phone?: string
  phoneCountryCode?: string
  address?: Address | null
  dateOfBirth?: string | null
}

export type AvatarRow = typeof avatarFiles.$inferSelect

type Executor = Pick<Db, 'update'>

export function createProfileRepository(db: Db) {
  return {
    async update(userId: number, changes: ProfileChanges): Promise<UserRow | 'username_taken' | undefined> {
      if (Object.keys(changes).length === 0) {
        const [row] = await db.select().from(users).where(eq(users.id, userId))
        return row
      }
      try {
        const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning()
        return row
      } catch (error) {
        const constraint = uniqueViolation(error)
        if (constraint?.includes('username')) return 'username_taken'
        throw error
      }
    },

    /** Whether another account uses this username (case-insensitively). */
    async usernameTaken(username: string, exceptUserId: number): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(sql`lower(${users.username}) = ${username.toLowerCase()}`, sql`${users.id} <> ${exceptUserId}`),
        )
        .limit(1)
      return rows.length > 0
    },

    async emailTaken(email: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
      return rows.length > 0
    },

    /** The new sign-in address; 'taken' when another account got it first. */
    async setEmail(userId: number, email: string): Promise<'ok' | 'taken'> {
      try {
        await db.update(users).set({ email }).where(eq(users.id, userId))
        return 'ok'
      } catch (error) {
        if (uniqueViolation(error) !== undefined) return 'taken'
        throw error
      }
    },

    async setPasswordHash(userId: number, passwordHash: string, executor: Executor = db): Promise<void> {
      await executor.update(users).set({ passwordHash }).where(eq(users.id, userId))
    },

    /** Records the new avatar file and points the user at it; answers the key of the one it replaced. */
    async setAvatar(
      userId: number,
      file: { storageKey: string; mimeType: string; sizeBytes: number; url: string },
      now: Date,
    ): Promise<string | null> {
      return db.transaction(async (tx) => {
        const previous = await tx
          .select({ key: avatarFiles.storageKey })
          .from(avatarFiles)
          .where(eq(avatarFiles.userId, userId))
        await tx.delete(avatarFiles).where(eq(avatarFiles.userId, userId))
        await tx.insert(avatarFiles).values({
          storageKey: file.storageKey,
          userId,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
          createdAt: now,
        })
        await tx.update(users).set({ avatar: file.url }).where(eq(users.id, userId))
        return previous[0]?.key ?? null
      })
    },

    /** Removes the avatar; answers the key of the file to delete. */
    async removeAvatar(userId: number): Promise<string | null> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(avatarFiles)
          .where(eq(avatarFiles.userId, userId))
          .returning({ key: avatarFiles.storageKey })
        await tx.update(users).set({ avatar: null }).where(eq(users.id, userId))
        return removed[0]?.key ?? null
      })
    },

    async findAvatar(storageKey: string): Promise<AvatarRow | undefined> {
      const [row] = await db.select().from(avatarFiles).where(eq(avatarFiles.storageKey, storageKey))
      return row
    },
  }
}

// The sign-in history (decision 0020): every attempt on a known account, its result, address and user agent. The
// customer reads the last 50; the new-device alert compares a sign-in with the recent successful ones.
import { and, desc, eq, lte } from 'drizzle-orm'
import { SIGN_IN_HISTORY_SIZE, type SignInResult } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { signInEvents } from '../db/schema'

export type SignInsRepository = ReturnType<typeof createSignInsRepository>
export type SignInRow = typeof signInEvents.$inferSelect

/** Rows kept per user beyond what is shown, so the table cannot grow without bound under a guessing attack. */
const KEEP_PER_USER = SIGN_IN_HISTORY_SIZE * 4

export function createSignInsRepository(db: Db) {
  return {
    async record(
      userId: number,
      result: SignInResult,
      origin: { ip: string | null; userAgent: string | null },
      now: Date,
    ): Promise<void> {
      const [row] = await db
        .insert(signInEvents)
        .values({
          userId,
          result,
          ip: origin.ip?.slice(0, 64) ?? null,
          userAgent: origin.userAgent?.slice(0, 512) ?? null,
          createdAt: now,
        })
        .returning({ id: signInEvents.id })
      // Every so often, drop what is far beyond the history shown.
      if (row && row.id % 50 === 0) {
        const [cutoff] = await db
          .select({ id: signInEvents.id })
          .from(signInEvents)
          .where(eq(signInEvents.userId, userId))
          .orderBy(desc(signInEvents.id))
          .offset(KEEP_PER_USER)
          .limit(1)
        if (cutoff) {
          await db
            .delete(signInEvents)
            .where(and(eq(signInEvents.userId, userId), lte(signInEvents.id, cutoff.id)))
        }
      }
    },

    /** The latest `limit` attempts, newest first. */
    recent(userId: number, limit: number = SIGN_IN_HISTORY_SIZE): Promise<SignInRow[]> {
      return db
        .select()
        .from(signInEvents)
        .where(eq(signInEvents.userId, userId))
        .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
        .limit(limit)
    },

    /** The latest `limit` successful sign-ins, newest first. */
    recentSuccesses(userId: number, limit: number): Promise<SignInRow[]> {
      return db
        .select()
        .from(signInEvents)
        .where(and(eq(signInEvents.userId, userId), eq(signInEvents.result, 'success')))
        .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
        .limit(limit)
    },
  }
}

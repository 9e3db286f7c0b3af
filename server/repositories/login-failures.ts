// The account lock: 10 failed sign-ins for one email address within an hour lock that address for 15 minutes,
// right password or not. Counted per address whether or not it has an account, so a lock reveals nothing.
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { loginFailures } from '../db/schema'

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>

export const LOGIN_LOCK = {
  MAX_FAILURES: 10,
  WINDOW_MS: 60 * 60 * 1000,
  LOCK_MS: 15 * 60 * 1000,
} as const

const normalise = (email: string) => email.trim().toLowerCase()

export function createLoginFailuresRepository(db: Db) {
  let lastPrunedAtMs = Number.NEGATIVE_INFINITY

  /** Rows whose window ended and whose lock is over say nothing any more; dropped at most once a window. */
  async function pruneStale(now: Date): Promise<void> {
    if (now.getTime() - lastPrunedAtMs < LOGIN_LOCK.WINDOW_MS) return
    lastPrunedAtMs = now.getTime()
    await db
      .delete(loginFailures)
      .where(
        and(
          lt(loginFailures.windowStartedAt, new Date(now.getTime() - LOGIN_LOCK.WINDOW_MS)),
          or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, now)),
        ),
      )
  }

  return {
    /** When the address is locked, the moment the lock ends. */
    async lockedUntil(email: string, now: Date): Promise<Date | undefined> {
      const [row] = await db
        .select({ lockedUntil: loginFailures.lockedUntil })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, normalise(email)), gt(loginFailures.lockedUntil, now)))
      return row?.lockedUntil ?? undefined
    },

    /**
     * Counts a failure in the address's current window (a new window starts an hour after the previous one
     * started). Reaching the limit locks the address; each further failure in the same window, possible only once
     * a lock has run out, locks it again. Row-locked, so two instances counting at once lose no failure.
     */
    async recordFailure(email: string, now: Date): Promise<Date | undefined> {
      const key = normalise(email)
      const lockedUntil = await db.transaction(async (tx) => {
        await tx
          .insert(loginFailures)
          .values({ email: key, failureCount: 0, windowStartedAt: now })
          .onConflictDoNothing()
        const [row] = await tx.select().from(loginFailures).where(eq(loginFailures.email, key)).for('update')
        if (!row) throw new Error('login_failures row vanished inside its transaction')

        const windowOver = now.getTime() - row.windowStartedAt.getTime() >= LOGIN_LOCK.WINDOW_MS
        const failureCount = windowOver ? 1 : row.failureCount + 1
        const next = {
          failureCount,
          windowStartedAt: windowOver ? now : row.windowStartedAt,
          lockedUntil:
            failureCount >= LOGIN_LOCK.MAX_FAILURES
              ? new Date(now.getTime() + LOGIN_LOCK.LOCK_MS)
              : windowOver
                ? null
                : row.lockedUntil,
        }
        await tx.update(loginFailures).set(next).where(eq(loginFailures.email, key))
        return next.lockedUntil
      })
      await pruneStale(now)
      return lockedUntil !== null && lockedUntil > now ? lockedUntil : undefined
    },

    /** A successful sign-in starts the count afresh. */
    async clear(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.email, normalise(email)))
    },
  }
}

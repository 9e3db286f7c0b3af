// The sign-in lock (decision 0018): failures are counted per email address *and* client address (an IPv4 address
// or an IPv6 /64). Ten failures for one email from one client address within a day lock that pair for a minute, and
// each further failure doubles the lock, up to an hour; the right password is refused while it lasts. A stranger's
// guesses therefore lock out the stranger, never the account's owner signing in from elsewhere. Counted whether or
// not the email has an account, so a lock reveals nothing.
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { loginFailures } from '../db/schema'

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>

export const LOGIN_LOCK = {
  /** Failures from one client address that cost nothing but the failure. */
  MAX_FAILURES: 10,
  /** A count starts with its first failure and is forgotten this long after. */
  WINDOW_MS: 24 * 60 * 60 * 1000,
  /** The lock at the MAX_FAILURES-th failure; each further failure doubles it. */
  FIRST_LOCK_MS: 60 * 1000,
  MAX_LOCK_MS: 60 * 60 * 1000,
} as const

/** How long the `failureCount`-th failure in a window locks its email and address (0: not at all). */
export function lockDurationMs(failureCount: number): number {
  if (failureCount < LOGIN_LOCK.MAX_FAILURES) return 0
  // Past 2^6 minutes the cap holds; the exponent is bounded so the power never overflows.
  const doublings = Math.min(failureCount - LOGIN_LOCK.MAX_FAILURES, 30)
  return Math.min(LOGIN_LOCK.FIRST_LOCK_MS * 2 ** doublings, LOGIN_LOCK.MAX_LOCK_MS)
}

const normalise = (email: string) => email.trim().toLowerCase()

export function createLoginFailuresRepository(db: Db) {
  let lastPrunedAtMs = Number.NEGATIVE_INFINITY

  const pair = (email: string, clientAddress: string) =>
    and(eq(loginFailures.email, normalise(email)), eq(loginFailures.clientAddress, clientAddress))

  /** Rows whose window ended and whose lock is over say nothing any more; dropped at most once an hour. */
  async function pruneStale(now: Date): Promise<void> {
    if (now.getTime() - lastPrunedAtMs < LOGIN_LOCK.MAX_LOCK_MS) return
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
    /** When this email is locked for this client address, the moment the lock ends. */
    async lockedUntil(email: string, clientAddress: string, now: Date): Promise<Date | undefined> {
      const [row] = await db
        .select({ lockedUntil: loginFailures.lockedUntil })
        .from(loginFailures)
        .where(and(pair(email, clientAddress), gt(loginFailures.lockedUntil, now)))
      return row?.lockedUntil ?? undefined
    },

    /**
     * Counts a failure in the pair's current window (a new window starts a day after the previous one started).
     * From the MAX_FAILURES-th failure on, each one locks the pair for lockDurationMs; only a failure after a lock
     * ran out can be counted, since a locked pair's attempts are refused before the password is checked.
     * Row-locked, so two instances counting at once lose no failure.
     */
    async recordFailure(email: string, clientAddress: string, now: Date): Promise<Date | undefined> {
      const key = { email: normalise(email), clientAddress }
      const lockedUntil = await db.transaction(async (tx) => {
        await tx
          .insert(loginFailures)
          .values({ ...key, failureCount: 0, windowStartedAt: now })
          .onConflictDoNothing()
        const [row] = await tx.select().from(loginFailures).where(pair(email, clientAddress)).for('update')
        if (!row) throw new Error('login_failures row vanished inside its transaction')

        const windowOver = now.getTime() - row.windowStartedAt.getTime() >= LOGIN_LOCK.WINDOW_MS
        const failureCount = windowOver ? 1 : row.failureCount + 1
        const lockMs = lockDurationMs(failureCount)
        const next = {
          failureCount,
          windowStartedAt: windowOver ? now : row.windowStartedAt,
          lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null,
        }
        await tx.update(loginFailures).set(next).where(pair(email, clientAddress))
        return next.lockedUntil
      })
      await pruneStale(now)
      return lockedUntil ?? undefined
    },

    /**
     * A successful sign-in starts this address's count afresh. Other addresses keep theirs: the owner signing in
     * must not hand a stranger a new round of guesses.
     */
    async clear(email: string, clientAddress: string): Promise<void> {
      await db.delete(loginFailures).where(pair(email, clientAddress))
    },
  }
}

// The sign-in lock (decision 0018): failures are counted per email address *and* client address (an IPv4 address
// or an IPv6 /64). Ten failures for one email from one client address within a day lock that pair for a minute, and
// each further failure doubles the lock, up to an hour; the right password is refused while it lasts. A stranger's
// guesses therefore lock out the stranger, never the account's owner signing in from elsewhere. Counted whether or
// not the email has an account, so a lock reveals nothing. Each attempt reserves its failure before the password is
// checked (decision 0033), so a parallel burst gets no more guesses than a patient one.
import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { loginFailures } from '../db/schema'
import { lockDurationFor, reserveFailure, staleFailures, type LockPolicy } from './failure-lock'

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>

export const LOGIN_LOCK = {
  /** Failures from one client address that cost nothing but the failure. */
  MAX_FAILURES: 10,
  /** A count starts with its first failure and is forgotten this long after. */
  WINDOW_MS: 24 * 60 * 60 * 1000,
  /** The lock at the MAX_FAILURES-th failure; each further failure doubles it. */
  FIRST_LOCK_MS: 60 * 1000,
  MAX_LOCK_MS: 60 * 60 * 1000,
} as const satisfies LockPolicy

/** How long the `failureCount`-th failure in a window locks its email and address (0: not at all). */
export function lockDurationMs(failureCount: number): number {
  return lockDurationFor(LOGIN_LOCK, failureCount)
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
    await db.delete(loginFailures).where(staleFailures(loginFailures, LOGIN_LOCK, now))
  }

  /** When this email is locked for this client address, the moment the lock ends. */
  async function lockedUntil(email: string, clientAddress: string, now: Date): Promise<Date | undefined> {
    const [row] = await db
      .select({ lockedUntil: loginFailures.lockedUntil })
      .from(loginFailures)
      .where(and(pair(email, clientAddress), gt(loginFailures.lockedUntil, now)))
    return row?.lockedUntil ?? undefined
  }

  return {
    lockedUntil,

    /**
     * Counts this attempt as a failure in the pair's current window (a new window starts a day after the previous
     * one started), before the password is checked: from the MAX_FAILURES-th failure on, each one locks the pair
     * for lockDurationMs. Answers the lock's end instead when the pair is locked, and counts nothing then. One
     * statement, so parallel attempts (on any number of instances) each take their own place in the count. A right
     * password then clears the pair.
     */
    async reserveFailure(
      email: string,
      clientAddress: string,
      now: Date,
    ): Promise<{ reserved: true } | { reserved: false; lockedUntil: Date }> {
      const reserve = reserveFailure(loginFailures, LOGIN_LOCK, now)
      const rows = await db
        .insert(loginFailures)
        .values({ email: normalise(email), clientAddress, ...reserve.values })
        .onConflictDoUpdate({
          target: [loginFailures.email, loginFailures.clientAddress],
          set: reserve.set,
          setWhere: reserve.setWhere,
        })
        .returning({ failureCount: loginFailures.failureCount })
      await pruneStale(now)
      if (rows.length > 0) return { reserved: true }
      // Locked. The lock may have ended a moment ago; a second's wait is then the honest answer.
      const until = await lockedUntil(email, clientAddress, now)
      return { reserved: false, lockedUntil: until ?? new Date(now.getTime() + 1000) }
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

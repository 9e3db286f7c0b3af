// A failure count with a growing lock, reserved before the guarded check runs (decision 0033): one upsert counts the
// attempt as a failure unless the key is locked, and sets the lock that this count earns in the same statement. A
// burst of parallel attempts therefore gets exactly MAX_FAILURES evaluations before the lock, on PGlite and on
// PostgreSQL alike; reading the lock and writing the failure after the check let every attempt of a burst through.
// Shared by the sign-in lock (login_failures, decision 0018) and the second-factor and in-session password locks
// (secret_check_failures).
import { and, eq, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

export interface LockPolicy {
  /** Failures that cost nothing but the failure; the MAX_FAILURES-th locks. */
  readonly MAX_FAILURES: number
  /** A count starts with its first failure and is forgotten this long after. */
  readonly WINDOW_MS: number
  /** The lock at the MAX_FAILURES-th failure; each further failure doubles it. */
  readonly FIRST_LOCK_MS: number
  readonly MAX_LOCK_MS: number
}

/** How long the `failureCount`-th failure in a window locks its key (0: not at all). */
export function lockDurationFor(policy: LockPolicy, failureCount: number): number {
  if (failureCount < policy.MAX_FAILURES) return 0
  // Past the cap the cap holds; the exponent is bounded so the power never overflows.
  const doublings = Math.min(failureCount - policy.MAX_FAILURES, 30)
  return Math.min(policy.FIRST_LOCK_MS * 2 ** doublings, policy.MAX_LOCK_MS)
}

/** The columns every failure-count table has. */
export interface FailureColumns {
  failureCount: PgColumn
  windowStartedAt: PgColumn
  lockedUntil: PgColumn
}

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`

/**
 * The parts of `insert ... on conflict do update ... where ... returning` that reserve one failure: `values` for a
 * key seen for the first time, `set` for a known one (the window restarts once it is over), and `setWhere`, which
 * leaves a locked key alone so that the statement returns no row. The lock is computed by the same rule as
 * lockDurationFor, in SQL, from the count this statement writes.
 */
export function reserveFailure(columns: FailureColumns, policy: LockPolicy, now: Date) {
  const windowOver = sql`${columns.windowStartedAt} <= ${timestamp(new Date(now.getTime() - policy.WINDOW_MS))}`
  const nextCount = sql`(case when ${windowOver} then 1 else ${columns.failureCount} + 1 end)`
  const lockMs = sql`least(${policy.FIRST_LOCK_MS}::float8 * power(2, least(${nextCount} - ${policy.MAX_FAILURES}, 30)), ${policy.MAX_LOCK_MS}::float8)`
  const firstLockMs = lockDurationFor(policy, 1)
  return {
    values: {
      failureCount: 1,
      windowStartedAt: now,
      lockedUntil: firstLockMs > 0 ? new Date(now.getTime() + firstLockMs) : null,
    },
    set: {
      failureCount: nextCount,
      windowStartedAt: sql`case when ${windowOver} then ${timestamp(now)} else ${columns.windowStartedAt} end`,
      lockedUntil: sql`case when ${nextCount} >= ${policy.MAX_FAILURES} then ${timestamp(now)} + ${lockMs} * interval '1 millisecond' else null end`,
    } satisfies Record<string, SQL>,
    setWhere: or(isNull(columns.lockedUntil), lte(columns.lockedUntil, now)),
  }
}

/**
 * Gives one reserved failure back (the secret was right), in the window it was reserved in only: a count that
 * started afresh meanwhile holds other attempts' failures. A lock this count no longer earns is lifted.
 */
export function giveBackFailure(columns: FailureColumns, policy: LockPolicy, windowStartedAt: Date) {
  return {
    set: {
      failureCount: sql`greatest(${columns.failureCount} - 1, 0)`,
      lockedUntil: sql`case when ${columns.failureCount} - 1 < ${policy.MAX_FAILURES} then null else ${columns.lockedUntil} end`,
    } satisfies Record<string, SQL>,
    where: eq(columns.windowStartedAt, windowStartedAt),
  }
}

/** Rows whose window is over and whose lock has ended say nothing any more: the condition to drop them. */
export function staleFailures(columns: FailureColumns, policy: LockPolicy, now: Date) {
  return and(
    lt(columns.windowStartedAt, new Date(now.getTime() - policy.WINDOW_MS)),
    or(isNull(columns.lockedUntil), lt(columns.lockedUntil, now)),
  )
}

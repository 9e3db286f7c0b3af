// Wrong second factors, and wrong passwords typed inside a session, per account and lane (decision 0033). A lane is
// where the attempt came from: the account's own client addresses and sessions each have one, every other address
// shares the account's. Each check reserves its failure here before the secret is looked at (failure-lock.ts).
import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { secretCheckFailures } from '../db/schema'
import { giveBackFailure, reserveFailure, staleFailures, type LockPolicy } from './failure-lock'

export type SecretCheckFailuresRepository = ReturnType<typeof createSecretCheckFailuresRepository>
export type CheckedSecret = (typeof secretCheckFailures.$inferSelect)['secret']

export interface LaneKey {
  userId: number
  secret: CheckedSecret
  lane: string
}

export type Reservation = { reserved: true; windowStartedAt: Date } | { reserved: false; lockedUntil: Date }

/** Rows are dropped once their window is over and no lock holds; this often at most. */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000

export function createSecretCheckFailuresRepository(db: Db) {
  const lastPrunedAtMs = new Map<CheckedSecret, number>()

  const keyIs = ({ userId, secret, lane }: LaneKey) =>
    and(
      eq(secretCheckFailures.userId, userId),
      eq(secretCheckFailures.secret, secret),
      eq(secretCheckFailures.lane, lane),
    )

  /** Each secret's rows by its own policy's window. */
  async function pruneStale(secret: CheckedSecret, policy: LockPolicy, now: Date): Promise<void> {
    if (now.getTime() - (lastPrunedAtMs.get(secret) ?? Number.NEGATIVE_INFINITY) < PRUNE_INTERVAL_MS) return
    lastPrunedAtMs.set(secret, now.getTime())
    await db
      .delete(secretCheckFailures)
      .where(and(eq(secretCheckFailures.secret, secret), staleFailures(secretCheckFailures, policy, now)))
  }

  return {
    /**
     * Counts one failure in the lane before the secret is checked, unless the lane is locked; the answer names the
     * window the failure went into (to give it back) or the lock's end. One statement: parallel checks each take
     * their own place in the count, whatever the engine and however many instances.
     */
    async reserve(key: LaneKey, policy: LockPolicy, now: Date): Promise<Reservation> {
      const reserve = reserveFailure(secretCheckFailures, policy, now)
      const [row] = await db
        .insert(secretCheckFailures)
        .values({ ...key, ...reserve.values })
        .onConflictDoUpdate({
          target: [secretCheckFailures.userId, secretCheckFailures.secret, secretCheckFailures.lane],
          set: reserve.set,
          setWhere: reserve.setWhere,
        })
        .returning({ windowStartedAt: secretCheckFailures.windowStartedAt })
      await pruneStale(key.secret, policy, now)
      if (row) return { reserved: true, windowStartedAt: row.windowStartedAt }
      const [locked] = await db
        .select({ lockedUntil: secretCheckFailures.lockedUntil })
        .from(secretCheckFailures)
        .where(and(keyIs(key), gt(secretCheckFailures.lockedUntil, now)))
      // The lock may have ended a moment ago; a second's wait is then the honest answer.
      return { reserved: false, lockedUntil: locked?.lockedUntil ?? new Date(now.getTime() + 1000) }
    },

    /** The secret was right: the reserved failure is taken back (see giveBackFailure). */
    async giveBack(key: LaneKey, policy: LockPolicy, windowStartedAt: Date): Promise<void> {
      const giveBack = giveBackFailure(secretCheckFailures, policy, windowStartedAt)
      await db
        .update(secretCheckFailures)
        .set(giveBack.set)
        .where(and(keyIs(key), giveBack.where))
    },

    /** The lane starts afresh (a right secret in a lane of the owner's own). */
    async clear(key: LaneKey): Promise<void> {
      await db.delete(secretCheckFailures).where(keyIs(key))
    },
  }
}

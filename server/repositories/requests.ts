// What customers ask the back office for (docs/product/marketplace.md#auto-trader; the plans comparison's upgrade):
// one pending request of each kind per customer, which an admin approves or rejects. "One pending" is the database's
// partial unique index, not a read-then-write, so two requests racing cannot both be stored; a decision is one
// conditional UPDATE (pending to decided), so two admins deciding at once cannot both win, and approving applies the
// change to the customer in the same transaction (server/back-office/request-types.ts decides them).
import { eq } from 'drizzle-orm'
import type { AutotraderLevel } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { autotraderRequests, planUpgradeRequests, plans, users } from '../db/schema'

export type RequestsRepository = ReturnType<typeof createRequestsRepository>

export type AutotraderRequestResult = { kind: 'created' } | { kind: 'pending' } | { kind: 'already_active' }
export type PlanUpgradeResult =
  { kind: 'created' } | { kind: 'pending' } | { kind: 'plan_not_found' } | { kind: 'current_plan' }
export function createRequestsRepository(db: Db) {
  return {
    /** POST /update/autotrader. */
    async requestAutotrader(
      userId: number,
      level: AutotraderLevel,
      now: Date,
    ): Promise<AutotraderRequestResult> {
      const [user] = await db.select({ autotrader: users.autotrader }).from(users).where(eq(users.id, userId))
      if (user?.autotrader) return { kind: 'already_active' }
      // No conflict target: the only unique index a new row can hit is the one-pending-per-customer one.
      const [created] = await db
        .insert(autotraderRequests)
        .values({ userId, level, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: autotraderRequests.id })
      return created ? { kind: 'created' } : { kind: 'pending' }
    },

    /** POST /plans/upgrade. */
    async requestPlanUpgrade(userId: number, planId: number, now: Date): Promise<PlanUpgradeResult> {
      const [[plan], [user]] = await Promise.all([
        db.select({ id: plans.id }).from(plans).where(eq(plans.id, planId)),
        db.select({ planId: users.accountTypeId }).from(users).where(eq(users.id, userId)),
      ])
      if (!plan) return { kind: 'plan_not_found' }
      if (user?.planId === planId) return { kind: 'current_plan' }
      const [created] = await db
        .insert(planUpgradeRequests)
        .values({ userId, planId, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: planUpgradeRequests.id })
      return created ? { kind: 'created' } : { kind: 'pending' }
    },
  }
}

// What customers ask the back office for (spec 4, Auto trader; the plans comparison's upgrade): one pending request
// of each kind per customer, which an admin approves or rejects. "One pending" is the database's partial unique
// index, not a read-then-write, so two requests racing cannot both be stored; a decision is one conditional UPDATE
// (pending to decided), so two admins deciding at once cannot both win, and approving applies the change to the
// customer (the auto trader flag, or the plan) in the same transaction.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { AdminRequestSchema, AutotraderLevel } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { autotraderRequests, planUpgradeRequests, plans, users } from '../db/schema'

export type RequestsRepository = ReturnType<typeof createRequestsRepository>
export type AdminRequest = z.infer<typeof AdminRequestSchema>
export type Decision = 'approved' | 'rejected'

export type AutotraderRequestResult = { kind: 'created' } | { kind: 'pending' } | { kind: 'already_active' }
export type PlanUpgradeResult =
  { kind: 'created' } | { kind: 'pending' } | { kind: 'plan_not_found' } | { kind: 'current_plan' }
export type DecisionResult =
  | { kind: 'decided'; request: AdminRequest }
  | { kind: 'already_decided'; request: AdminRequest }
  | { kind: 'not_found' }

/** The admin lists show the open requests first; beyond this many, the oldest decided ones are left out. */
const ADMIN_LIST_LIMIT = 200

const userName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`

export function createRequestsRepository(db: Db) {
  type Executor = Pick<Db, 'select'>

  function autotraderViews(executor: Executor, where?: SQL) {
    return executor
      .select({
        id: autotraderRequests.id,
        user_id: autotraderRequests.userId,
        user_name: userName,
        status: autotraderRequests.status,
        detail: autotraderRequests.level,
        createdAt: autotraderRequests.createdAt,
      })
      .from(autotraderRequests)
      .innerJoin(users, eq(users.id, autotraderRequests.userId))
      .where(where)
      .orderBy(
        desc(sql`${autotraderRequests.status} = 'pending'`),
        desc(autotraderRequests.createdAt),
        desc(autotraderRequests.id),
      )
      .limit(ADMIN_LIST_LIMIT)
  }

  function planUpgradeViews(executor: Executor, where?: SQL) {
    return executor
      .select({
        id: planUpgradeRequests.id,
        user_id: planUpgradeRequests.userId,
        user_name: userName,
        status: planUpgradeRequests.status,
        detail: plans.title,
        createdAt: planUpgradeRequests.createdAt,
      })
      .from(planUpgradeRequests)
      .innerJoin(users, eq(users.id, planUpgradeRequests.userId))
      .innerJoin(plans, eq(plans.id, planUpgradeRequests.planId))
      .where(where)
      .orderBy(
        desc(sql`${planUpgradeRequests.status} = 'pending'`),
        desc(planUpgradeRequests.createdAt),
        desc(planUpgradeRequests.id),
      )
      .limit(ADMIN_LIST_LIMIT)
  }

  const toView = ({ createdAt, ...row }: Omit<AdminRequest, 'created_at'> & { createdAt: Date }) => ({
    ...row,
    created_at: createdAt.toISOString(),
  })

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

    async listAutotrader(): Promise<AdminRequest[]> {
      return (await autotraderViews(db)).map(toView)
    },

    async listPlanUpgrades(): Promise<AdminRequest[]> {
      return (await planUpgradeViews(db)).map(toView)
    },

    /** Approving sets the customer's auto trader flag in the same transaction. */
    async decideAutotrader(
      id: number,
      decision: Decision,
      adminId: number,
      now: Date,
    ): Promise<DecisionResult> {
      return db.transaction(async (tx) => {
        const [decided] = await tx
          .update(autotraderRequests)
          .set({ status: decision, decidedById: adminId, decidedAt: now })
          .where(and(eq(autotraderRequests.id, id), eq(autotraderRequests.status, 'pending')))
          .returning({ userId: autotraderRequests.userId })
        if (decided && decision === 'approved') {
          await tx.update(users).set({ autotrader: true }).where(eq(users.id, decided.userId))
        }
        const [request] = await autotraderViews(tx, eq(autotraderRequests.id, id))
        if (!request) return { kind: 'not_found' }
        return { kind: decided ? 'decided' : 'already_decided', request: toView(request) }
      })
    },

    /** Approving moves the customer to the plan in the same transaction. */
    async decidePlanUpgrade(
      id: number,
      decision: Decision,
      adminId: number,
      now: Date,
    ): Promise<DecisionResult> {
      return db.transaction(async (tx) => {
        const [decided] = await tx
          .update(planUpgradeRequests)
          .set({ status: decision, decidedById: adminId, decidedAt: now })
          .where(and(eq(planUpgradeRequests.id, id), eq(planUpgradeRequests.status, 'pending')))
          .returning({ userId: planUpgradeRequests.userId, planId: planUpgradeRequests.planId })
        if (decided && decision === 'approved') {
          await tx.update(users).set({ accountTypeId: decided.planId }).where(eq(users.id, decided.userId))
        }
        const [request] = await planUpgradeViews(tx, eq(planUpgradeRequests.id, id))
        if (!request) return { kind: 'not_found' }
        return { kind: decided ? 'decided' : 'already_decided', request: toView(request) }
      })
    },
  }
}

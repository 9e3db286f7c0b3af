// A client's account as staff change it (the back office's PATCH /admin/users/{id}): the row locked for the
// change, the plan it moves to, and its status and plan written. Each runs in the transaction the caller holds
// (server/back-office/client-accounts.ts), where the audit rows go too.
import { and, eq } from 'drizzle-orm'
import type { UserStatus } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { plans, users } from '../db/schema'

/** A database handle or an open transaction. */
export type Executor = Pick<Db, 'select' | 'update'>

/** The client's status and plan, the row locked until the transaction ends; undefined when there is no such user. */
export async function lockStatusAndPlan(tx: Executor, userId: number) {
  const [row] = await tx
    .select({ status: users.status, planId: users.accountTypeId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return row
}

export async function planExists(executor: Executor, planId: number): Promise<boolean> {
  const [plan] = await executor.select({ id: plans.id }).from(plans).where(eq(plans.id, planId))
  return plan !== undefined
}

export async function setStatus(tx: Executor, userId: number, status: UserStatus): Promise<void> {
  await tx
    .update(users)
    .set({ status })
    .where(and(eq(users.id, userId)))
}

export async function setPlan(tx: Executor, userId: number, planId: number): Promise<void> {
  await tx.update(users).set({ accountTypeId: planId }).where(eq(users.id, userId))
}

// Staff changes to a client's account (the back office's PATCH /admin/users/{id}, POST .../adjustments and
// .../login-link): approve, deactivate or reactivate, change the plan, adjust the balance, hand out a one-time sign-in
// link. Each change and its audit row are one
// transaction, under the client's row lock; a refused change writes nothing. After the commit the client's open tabs
// refetch the user (the gate screen shows or releases without a click), the admins' tabs refetch the client, and a
// status change restricts or releases the client's sockets: restricted, not closed, the session lives on (decision
// 0033, "Deactivation restricts; it does not close"). The rows are repositories/client-accounts.ts's.
import { AUDIT_ACTIONS, CHANNELS, USER_STATUS, type UserStatus } from '../../src/domain/contract'
import type { Db } from '../db/client'
import type { ClusteredBroker } from '../realtime/broker/clustered-broker'
import type { Publisher } from '../realtime/publisher'
import { publishClientUpdated, publishRequestsChanged, publishUserUpdated } from '../realtime/user-events'
import type { Repositories } from '../repositories'
import { recordAudit, type AuditActor } from '../repositories/audit'
import { lockStatusAndPlan, planExists, setPlan, setStatus } from '../repositories/client-accounts'
import type { Adjustment, AdjustmentResult } from '../repositories/ledger'

export interface ClientAccountsDependencies {
  db: Db
  repos: Pick<Repositories, 'loginLinks' | 'ledger'>
  publisher: Publisher
  /** Read when a change is made: the embedded broker, when this instance runs one. */
  broker: () => ClusteredBroker | undefined
  now: () => Date
}

export interface ClientChange {
  status?: UserStatus
  planId?: number
  reason?: string | null
}

export type ClientChangeOutcome =
  | { kind: 'not_found' }
  | { kind: 'plan_not_found' }
  | { kind: 'updated'; statusChanged: UserStatus | undefined; planChanged: boolean }

export type ClientAccounts = ReturnType<typeof createClientAccounts>

export function createClientAccounts(deps: ClientAccountsDependencies) {
  const { db, repos, publisher, now } = deps

  return {
    /** Changes the status and the plan the change asks for (each that differs), one audit row for each. */
    async change(actor: AuditActor, userId: number, change: ClientChange): Promise<ClientChangeOutcome> {
      const { status, planId, reason } = change
      const outcome = await db.transaction(async (tx) => {
        const before = await lockStatusAndPlan(tx, userId)
        if (!before) return { kind: 'not_found' as const }
        if (planId !== undefined && !(await planExists(tx, planId)))
          return { kind: 'plan_not_found' as const }
        let statusChanged: UserStatus | undefined
        if (status !== undefined && status !== before.status) {
          await setStatus(tx, userId, status)
          await recordAudit(tx, actor, {
            action: AUDIT_ACTIONS.STATUS_CHANGED,
            targetUserId: userId,
            before: { status: before.status },
            after: { status },
            reason: reason ?? null,
          })
          statusChanged = status
        }
        let planChanged = false
        if (planId !== undefined && planId !== before.planId) {
          await setPlan(tx, userId, planId)
          await recordAudit(tx, actor, {
            action: AUDIT_ACTIONS.PLAN_CHANGED,
            targetUserId: userId,
            before: { account_type_id: before.planId },
            after: { account_type_id: planId },
            reason: reason ?? null,
          })
          planChanged = true
        }
        return {
          kind: 'updated' as const,
          wasPending: before.status === 'pending',
          statusChanged,
          planChanged,
        }
      })
      if (outcome.kind !== 'updated') return outcome
      if (outcome.statusChanged || outcome.planChanged) {
        const broker = deps.broker()
        if (outcome.statusChanged === USER_STATUS.ACTIVE) broker?.liftRestriction(userId)
        else if (outcome.statusChanged) broker?.restrictUser(userId, [CHANNELS.user(userId)])
        publishUserUpdated(publisher, userId, now())
        publishClientUpdated(publisher, userId)
        if (outcome.wasPending) publishRequestsChanged(publisher)
      }
      return { kind: 'updated', statusChanged: outcome.statusChanged, planChanged: outcome.planChanged }
    },

    /** A balance adjustment through the ledger, once per Idempotency-Key; the client's tabs are told when it booked. */
    async adjust(adjustment: Omit<Adjustment, 'now'>): Promise<AdjustmentResult> {
      const result = await repos.ledger.adjust({ ...adjustment, now: now() })
      if (result.kind === 'adjusted') {
        publishUserUpdated(publisher, adjustment.userId, now())
        publishClientUpdated(publisher, adjustment.userId)
      }
      return result
    },

    /** A one-time sign-in link for a customer, with its audit row; the caller checked the role. */
    async issueLoginLink(actor: AuditActor, userId: number, adminId: number) {
      return db.transaction(async (tx) => {
        const issued = await repos.loginLinks.issue(userId, adminId, now(), tx)
        await recordAudit(tx, actor, {
          action: AUDIT_ACTIONS.LOGIN_LINK_CREATED,
          targetUserId: userId,
          before: null,
          // Never the token: the audit log is read by every admin.
          after: { expires_at: issued.expiresAt.toISOString() },
        })
        return issued
      })
    },
  }
}

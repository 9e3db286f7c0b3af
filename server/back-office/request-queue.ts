// The one request queue as a service (decision 0017): the merged page of every registered request type, the pending
// counts for the navigation, a client's pending requests, and one decision. A decision, its effect on the customer,
// the customer's notification and the audit row are one transaction; exactly one of many admins deciding at once
// wins (the others are told it was already decided). After the commit the customer's tabs hear
// notification.message and user.updated, admin tabs requests.changed on private-admin, and an account decision
// restricts or releases the customer's sockets. The rows are repositories/request-queue.ts's.
import {
  ADMIN_PAGE_SIZE,
  AUDIT_ACTIONS,
  CHANNELS,
  type QueueRequest,
  type QueueRequestStatus,
} from '../../src/domain/contract'
import type { Db } from '../db/client'
import type { WithdrawalStatusMailer } from '../funds/withdrawal-mail'
import type { ClusteredBroker } from '../realtime/broker/clustered-broker'
import type { Publisher } from '../realtime/publisher'
import {
  publishClientUpdated,
  publishNotification,
  publishRequestsChanged,
  publishUserUpdated,
} from '../realtime/user-events'
import { recordAudit, type AuditActor } from '../repositories/audit'
import type { FundsStatusChange } from '../push/events'
import { insertNotification } from '../repositories/notifications'
import { REQUEST_TYPE_DEFINITIONS, type Decision, type RequestTypeDefinition } from './request-types'

export interface RequestQueueDependencies {
  db: Db
  publisher: Publisher
  /** Read when a decision is made: the embedded broker, when this instance runs one. */
  broker: () => ClusteredBroker | undefined
  mailWithdrawalStatus: WithdrawalStatusMailer
  /** A deposit's or withdrawal's new status as a Web Push (decision 0037); none: not pushed. */
  pushFundsStatus?: (userId: number, change: FundsStatusChange) => void
  now: () => Date
}

export type RequestDecisionOutcome =
  | { kind: 'not_found' }
  | { kind: 'already_decided' }
  | { kind: 'decided'; userId: number; view: QueueRequest }

export type RequestQueue = ReturnType<typeof createRequestQueue>

export function createRequestQueue(deps: RequestQueueDependencies) {
  const { db, publisher, now } = deps

  return {
    /** GET /admin/requests: one page of the given types, pending first, then newest. */
    async page(
      types: readonly RequestTypeDefinition[],
      status: QueueRequestStatus | undefined,
      page: number,
    ) {
      const filter = { status }
      // Each type's newest `page` pages, merged: exact paging across tables without a UNION of unlike rows.
      const wanted = page * ADMIN_PAGE_SIZE
      const [lists, counts] = await Promise.all([
        Promise.all(types.map((definition) => definition.list(db, filter, wanted))),
        Promise.all(types.map((definition) => definition.count(db, filter))),
      ])
      const merged = lists
        .flat()
        .sort(
          (a, b) =>
            Number(b.status === 'pending') - Number(a.status === 'pending') ||
            b.created_at.localeCompare(a.created_at) ||
            b.id - a.id,
        )
      const total = counts.reduce((sum, count) => sum + count, 0)
      return {
        data: merged.slice((page - 1) * ADMIN_PAGE_SIZE, wanted),
        meta: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
          per_page: ADMIN_PAGE_SIZE,
          total,
        },
      }
    },

    /** GET /admin/requests/summary: the pending count, in all and by type. */
    async summary() {
      const counts = await Promise.all(
        REQUEST_TYPE_DEFINITIONS.map(
          async (definition) => [definition.type, await definition.count(db, { status: 'pending' })] as const,
        ),
      )
      return {
        pending: counts.reduce((sum, [, count]) => sum + count, 0),
        by_type: Object.fromEntries(counts),
      }
    },

    /** A client's pending requests of every type (the back office's client page). */
    async pendingOf(userId: number, limit: number): Promise<QueueRequest[]> {
      const lists = await Promise.all(
        REQUEST_TYPE_DEFINITIONS.map((type) => type.list(db, { status: 'pending', userId }, limit)),
      )
      return lists.flat()
    },

    /** POST /admin/requests/{type}/{id}/decision: decides, notifies and audits in one transaction, then tells. */
    async decide(
      definition: RequestTypeDefinition,
      id: number,
      decision: Decision,
      reason: string | null,
      admin: { id: number; actor: AuditActor },
    ): Promise<RequestDecisionOutcome> {
      const at = now()
      const outcome = await db.transaction(async (tx) => {
        const decided = await definition.decide(tx, id, decision, { adminId: admin.id, reason, now: at })
        if (!decided) {
          const existing = await definition.find(tx, id)
          return existing ? ({ kind: 'already_decided' } as const) : ({ kind: 'not_found' } as const)
        }
        const approved = decision === 'approve'
        const notification = await insertNotification(
          tx,
          {
            userId: decided.userId,
            title: approved ? 'Request approved' : 'Request rejected',
            message: `${definition.noun} was ${approved ? 'approved' : 'rejected'}${reason ? `: ${reason}` : '.'}`,
            color: approved ? 'success' : 'danger',
          },
          at,
        )
        await recordAudit(tx, admin.actor, {
          action: AUDIT_ACTIONS.REQUEST_DECIDED,
          targetUserId: decided.userId,
          before: { type: definition.type, id, status: 'pending' },
          after: {
            type: definition.type,
            id,
            status: approved ? 'approved' : 'rejected',
            ...decided.applied,
          },
          reason,
        })
        const view = await definition.find(tx, id)
        if (!notification || !view)
          throw new Error(`request ${definition.type}/${id} vanished while deciding`)
        return {
          kind: 'decided',
          userId: decided.userId,
          notification,
          view,
          afterCommit: decided.afterCommit,
        } as const
      })
      if (outcome.kind !== 'decided') return outcome

      if (definition.type === 'account') {
        const broker = deps.broker()
        if (decision === 'approve') broker?.liftRestriction(id)
        else broker?.restrictUser(id, [CHANNELS.user(id)])
      }
      publishNotification(publisher, outcome.notification)
      publishUserUpdated(publisher, outcome.userId, now())
      publishClientUpdated(publisher, outcome.userId)
      publishRequestsChanged(publisher)
      outcome.afterCommit?.({
        publisher,
        mailWithdrawalStatus: deps.mailWithdrawalStatus,
        ...(deps.pushFundsStatus ? { pushFundsStatus: deps.pushFundsStatus } : {}),
      })
      return { kind: 'decided', userId: outcome.userId, view: outcome.view }
    },
  }
}

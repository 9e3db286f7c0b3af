// The one request queue (issue 14, DESIGN 10): every registered request type (server/back-office/request-types.ts)
// listed together, the pending count for the navigation, and one decision call. A decision, its effect on the
// customer, the customer's notification and the audit row are one transaction; exactly one of many admins deciding
// at once wins (the others get 409). After the commit the customer's tabs hear notification.message and
// user.updated, and admin tabs requests.changed on private-admin.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ADMIN_PAGE_SIZE,
  AdminRequestsQuerySchema,
  AdminRequestsResponseSchema,
  AUDIT_ACTIONS,
  CHANNELS,
  REQUEST_DECISION_MESSAGES,
  RequestDecisionResponseSchema,
  RequestDecisionSchema,
  RequestsSummaryResponseSchema,
  RequestTypeSchema,
  SerialIdSchema,
} from '../../src/domain/contract'
import { auditActor } from '../back-office/audit-actor'
import { REQUEST_TYPE_DEFINITIONS, requestType } from '../back-office/request-types'
import { notifications } from '../db/schema'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import {
  publishClientUpdated,
  publishNotification,
  publishRequestsChanged,
  publishUserUpdated,
} from '../realtime/user-events'
import { recordAudit } from '../repositories/audit'

const DecisionParamsSchema = z.object({ type: RequestTypeSchema, id: SerialIdSchema })
const BODY_LIMIT_BYTES = 16 * 1024

export const adminRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, app.requireAdmin]

  app.get(
    '/admin/requests',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'List the requests that wait for staff',
        querystring: AdminRequestsQuerySchema,
        response: { 200: AdminRequestsResponseSchema },
      },
    },
    async (request, reply) => {
      const { status, type, page = 1 } = request.query
      const types = type === undefined ? REQUEST_TYPE_DEFINITIONS : [requestType(type)].filter((t) => !!t)
      const filter = { status }
      // Each type's newest `page` pages, merged: exact paging across tables without a UNION of unlike rows.
      const wanted = page * ADMIN_PAGE_SIZE
      const [lists, counts] = await Promise.all([
        Promise.all(types.map((definition) => definition.list(app.db, filter, wanted))),
        Promise.all(types.map((definition) => definition.count(app.db, filter))),
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
      return reply.header('cache-control', 'no-store').send({
        data: merged.slice((page - 1) * ADMIN_PAGE_SIZE, wanted),
        meta: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
          per_page: ADMIN_PAGE_SIZE,
          total,
        },
      })
    },
  )

  app.get(
    '/admin/requests/summary',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Count the requests that wait for staff, by kind',
        response: { 200: RequestsSummaryResponseSchema },
      },
    },
    async (_request, reply) => {
      const counts = await Promise.all(
        REQUEST_TYPE_DEFINITIONS.map(
          async (definition) =>
            [definition.type, await definition.count(app.db, { status: 'pending' })] as const,
        ),
      )
      return reply.header('cache-control', 'no-store').send({
        data: {
          pending: counts.reduce((sum, [, count]) => sum + count, 0),
          by_type: Object.fromEntries(counts),
        },
      })
    },
  )

  app.post(
    '/admin/requests/:type/:id/decision',
    {
      onRequest: adminOnly,
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Approve or reject a request',
        params: DecisionParamsSchema,
        body: RequestDecisionSchema,
        response: { 200: RequestDecisionResponseSchema },
      },
    },
    async (request, reply) => {
      const definition = requestType(request.params.type)
      if (!definition) return sendError(reply, 404, { message: REQUEST_DECISION_MESSAGES.NOT_FOUND })
      const { id } = request.params
      const { decision } = request.body
      const reason = request.body.reason || null
      const admin = authOf(request).user
      const actor = auditActor(request)
      const now = app.now()

      const outcome = await app.db.transaction(async (tx) => {
        const decided = await definition.decide(tx, id, decision, { adminId: admin.id, reason, now })
        if (!decided) {
          const existing = await definition.find(tx, id)
          return existing ? ({ kind: 'already_decided' } as const) : ({ kind: 'not_found' } as const)
        }
        const approved = decision === 'approve'
        const [notification] = await tx
          .insert(notifications)
          .values({
            userId: decided.userId,
            title: approved ? 'Request approved' : 'Request rejected',
            message: `${definition.noun} was ${approved ? 'approved' : 'rejected'}${reason ? `: ${reason}` : '.'}`,
            color: approved ? 'success' : 'danger',
            createdAt: now,
          })
          .returning()
        await recordAudit(tx, actor, {
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

      if (outcome.kind === 'not_found') {
        return sendError(reply, 404, { message: REQUEST_DECISION_MESSAGES.NOT_FOUND })
      }
      if (outcome.kind === 'already_decided') {
        return sendError(reply, 409, { message: REQUEST_DECISION_MESSAGES.ALREADY_DECIDED })
      }
      request.log.info(
        { adminId: admin.id, type: definition.type, requestId: id, userId: outcome.userId, decision },
        'customer request decided',
      )
      if (definition.type === 'account') {
        const broker = app.realtime.broker
        if (decision === 'approve') broker?.liftRestriction(id)
        else broker?.restrictUser(id, [CHANNELS.user(id)])
      }
      publishNotification(app.publisher, outcome.notification)
      publishUserUpdated(app.publisher, outcome.userId, app.now())
      publishClientUpdated(app.publisher, outcome.userId)
      publishRequestsChanged(app.publisher)
      outcome.afterCommit?.({
        publisher: app.publisher,
        mailWithdrawalStatus: app.funds.mailWithdrawalStatus,
      })
      const message =
        decision === 'approve' ? REQUEST_DECISION_MESSAGES.APPROVED : REQUEST_DECISION_MESSAGES.REJECTED
      return { message, data: outcome.view }
    },
  )
}

// The one request queue's routes (docs/architecture.md#money-requests-files-and-mail): every registered request type
// (server/back-office/request-types.ts) listed together, the pending count for the navigation, and one decision call,
// over the queue's service (server/back-office/request-queue.ts), which owns the decision's transaction and what it
// tells afterwards. Exactly one of many admins deciding at once wins; the others get 409.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AdminRequestsQuerySchema,
  AdminRequestsResponseSchema,
  REQUEST_DECISION_MESSAGES,
  RequestDecisionResponseSchema,
  RequestDecisionSchema,
  RequestsSummaryResponseSchema,
  RequestTypeSchema,
  SerialIdSchema,
} from '../../src/domain/contract'
import { auditActor } from '../back-office/audit-actor'
import { createRequestQueue } from '../back-office/request-queue'
import { REQUEST_TYPE_DEFINITIONS, requestType } from '../back-office/request-types'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'

const DecisionParamsSchema = z.object({ type: RequestTypeSchema, id: SerialIdSchema })
const BODY_LIMIT_BYTES = 16 * 1024

export const adminRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, app.requireAdmin]
  const queue = createRequestQueue({
    db: app.db,
    publisher: app.publisher,
    broker: () => app.realtime.broker,
    mailWithdrawalStatus: (row) => app.funds.mailWithdrawalStatus(row),
    pushFundsStatus: (userId, change) => app.push.events.fundsStatus(userId, change),
    now: () => app.now(),
  })

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
      return reply.header('cache-control', 'no-store').send(await queue.page(types, status, page))
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
      return reply.header('cache-control', 'no-store').send({ data: await queue.summary() })
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
      const outcome = await queue.decide(definition, id, decision, reason, {
        id: admin.id,
        actor: auditActor(request),
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
      const message =
        decision === 'approve' ? REQUEST_DECISION_MESSAGES.APPROVED : REQUEST_DECISION_MESSAGES.REJECTED
      return { message, data: outcome.view }
    },
  )
}

// The back office's side of the customers' requests: list the auto trader and plan upgrade requests (open ones
// first) and approve or reject one. Approving applies the change in the same transaction (repositories/requests);
// either decision tells the customer's open tabs to refetch the user, so 'Auto Trader Active' or the new plan shows
// without a reload.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AdminRequestDecisionResponseSchema,
  AdminRequestDecisionSchema,
  AdminRequestsResponseSchema,
} from '../../src/domain/contract'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { publishUserUpdated } from '../realtime/user-events'
import type { DecisionResult, RequestsRepository } from '../repositories/requests'
import { MAX_SERIAL_ID } from './catalog'

const RequestIdParamsSchema = z.object({
  id: z.coerce.number({ message: 'The request id must be a number' }).int().positive().max(MAX_SERIAL_ID),
})

const BODY_LIMIT_BYTES = 16 * 1024

type DecideArgs = Parameters<RequestsRepository['decideAutotrader']>

export const ADMIN_REQUEST_MESSAGES = {
  NOT_FOUND: 'Request not found',
  ALREADY_DECIDED: 'This request has already been decided.',
  APPROVED: 'The request was approved.',
  REJECTED: 'The request was rejected.',
} as const

export const adminRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, app.requireAdmin]
  const kinds = [
    {
      path: '/admin/autotrader-requests',
      list: () => app.repos.requests.listAutotrader(),
      decide: (...args: DecideArgs) => app.repos.requests.decideAutotrader(...args),
    },
    {
      path: '/admin/plan-upgrade-requests',
      list: () => app.repos.requests.listPlanUpgrades(),
      decide: (...args: DecideArgs) => app.repos.requests.decidePlanUpgrade(...args),
    },
  ] as const

  for (const kind of kinds) {
    app.get(
      kind.path,
      { onRequest: adminOnly, schema: { response: { 200: AdminRequestsResponseSchema } } },
      async (_request, reply) => reply.header('cache-control', 'no-store').send({ data: await kind.list() }),
    )

    app.post(
      `${kind.path}/:id`,
      {
        onRequest: adminOnly,
        bodyLimit: BODY_LIMIT_BYTES,
        schema: {
          params: RequestIdParamsSchema,
          body: AdminRequestDecisionSchema,
          response: { 200: AdminRequestDecisionResponseSchema },
        },
      },
      async (request, reply) => {
        const admin = authOf(request).user
        const { status } = request.body
        const result: DecisionResult = await kind.decide(request.params.id, status, admin.id, app.now())
        if (result.kind === 'not_found')
          return sendError(reply, 404, { message: ADMIN_REQUEST_MESSAGES.NOT_FOUND })
        if (result.kind === 'already_decided') {
          return sendError(reply, 409, { message: ADMIN_REQUEST_MESSAGES.ALREADY_DECIDED })
        }
        request.log.info(
          {
            adminId: admin.id,
            requestId: result.request.id,
            userId: result.request.user_id,
            status,
            path: kind.path,
          },
          'customer request decided',
        )
        publishUserUpdated(app.publisher, result.request.user_id, app.now())
        const message =
          status === 'approved' ? ADMIN_REQUEST_MESSAGES.APPROVED : ADMIN_REQUEST_MESSAGES.REJECTED
        return { message, data: result.request }
      },
    )
  }
}

// The client management team's calls on customers: list and search them, one client's whole picture
// (figures at the server's prices, positions, requests, ledger), approve, deactivate or reactivate them, and change
// their plan; a balance adjustment and a one-time sign-in link are routes/admin-user-support.ts's. Every change writes its audit row in the
// same transaction (repositories/audit.ts); a refused one writes none. The changes' transactions are
// server/back-office/client-accounts.ts's, the client's pending requests the queue's (back-office/request-queue.ts).
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AdminClientResponseSchema,
  AdminUserPatchSchema,
  AdminUserResponseSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
  SerialIdSchema,
  USER_STATUS,
} from '../../src/domain/contract'
import { auditActor } from '../back-office/audit-actor'
import { createClientAccounts } from '../back-office/client-accounts'
import { createClientViews } from '../back-office/client-views'
import { createRequestQueue } from '../back-office/request-queue'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import type { FundsStatusChange } from '../push/events'

const UserIdParamsSchema = z.object({ id: SerialIdSchema })

export const ADMIN_USER_MESSAGES = {
  USER_NOT_FOUND: 'User not found',
  OWN_STATUS: 'You cannot change the status of your own account.',
  CUSTOMERS_ONLY: 'Sign-in links can only be made for customer accounts.',
  PLAN_NOT_FOUND: 'Plan not found',
  BALANCES_ARE_CUSTOMERS: 'Only customer accounts have a balance to adjust.',
  KEY_REUSED: 'This Idempotency-Key was already used for a different adjustment.',
  UPDATED: 'The client was updated.',
} as const

const BODY_LIMIT_BYTES = 16 * 1024

/** What the back office's client services are built on (shared with routes/admin-user-support.ts). */
export function clientServices(app: FastifyInstance) {
  return {
    db: app.db,
    repos: app.repos,
    publisher: app.publisher,
    broker: () => app.realtime.broker,
    mailWithdrawalStatus: (row: Parameters<typeof app.funds.mailWithdrawalStatus>[0]) =>
      app.funds.mailWithdrawalStatus(row),
    pushFundsStatus: (userId: number, change: FundsStatusChange) =>
      app.push.events.fundsStatus(userId, change),
    now: () => app.now(),
  }
}

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, app.requireAdmin]
  const services = clientServices(app)
  const clients = createClientAccounts(services)
  const views = createClientViews({
    ...services,
    trading: { accountAtMarket: (userId, balanceUsd) => app.trading.accountAtMarket(userId, balanceUsd) },
    queue: createRequestQueue(services),
  })

  app.get(
    '/admin/users',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Search the clients',
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return views.list(request.query)
    },
  )

  app.get(
    '/admin/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Read one client with their account figures',
        params: UserIdParamsSchema,
        response: { 200: AdminClientResponseSchema },
      },
    },
    async (request, reply) => {
      const client = await views.picture(request.params.id)
      if (!client) return sendError(reply, 404, { message: ADMIN_USER_MESSAGES.USER_NOT_FOUND })
      return reply.header('cache-control', 'no-store').send({ data: client })
    },
  )

  app.patch(
    '/admin/users/:id',
    {
      onRequest: adminOnly,
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Approve, deactivate, reactivate or change a client',
        params: UserIdParamsSchema,
        body: AdminUserPatchSchema,
        response: { 200: AdminUserResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { status, account_type_id: planId, reason } = request.body
      const admin = authOf(request).user
      // An admin who suspended themselves would lock the console with nobody signed in to undo it.
      if (id === admin.id && status !== undefined && status !== USER_STATUS.ACTIVE) {
        const message = ADMIN_USER_MESSAGES.OWN_STATUS
        return sendError(reply, 422, { message, errors: { status: [message] } })
      }
      const outcome = await clients.change(auditActor(request), id, { status, planId, reason })
      if (outcome.kind === 'not_found') {
        return sendError(reply, 404, { message: ADMIN_USER_MESSAGES.USER_NOT_FOUND })
      }
      if (outcome.kind === 'plan_not_found') {
        const message = ADMIN_USER_MESSAGES.PLAN_NOT_FOUND
        return sendError(reply, 422, { message, errors: { account_type_id: [message] } })
      }
      if (outcome.statusChanged || outcome.planChanged) {
        request.log.info(
          { adminId: admin.id, userId: id, status: outcome.statusChanged, planChanged: outcome.planChanged },
          'client updated',
        )
      }
      const user = await app.repos.users.findView(id, app.now())
      if (!user) return sendError(reply, 404, { message: ADMIN_USER_MESSAGES.USER_NOT_FOUND })
      return { data: user }
    },
  )
}

// A client's pending orders and order history for the back office's client page, and staff cancelling one of them
// with a reason (decision 0017). Admins only, as every /admin/users/{id}/* call; the rules are
// server/back-office/client-orders.ts's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AdminCancelOrderRequestSchema,
  OrderResponseSchema,
  OrdersPageQuerySchema,
  OrdersPageSchema,
  SerialIdSchema,
} from '../../src/domain/contract'
import { auditActor } from '../back-office/audit-actor'
import { createClientOrders } from '../back-office/client-orders'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { ADMIN_USER_MESSAGES } from './admin-users'

const UserIdParamsSchema = z.object({ id: SerialIdSchema })
const OrderParamsSchema = z.object({ id: SerialIdSchema, orderId: SerialIdSchema })
const BODY_LIMIT_BYTES = 16 * 1024

export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, app.requireAdmin]
  const clientOrders = createClientOrders({
    db: app.db,
    repos: app.repos,
    publisher: app.publisher,
    now: () => app.now(),
    orders: app.orders,
  })

  app.get(
    '/admin/users/:id/orders',
    {
      onRequest: adminOnly,
      schema: {
        summary: "List a client's pending orders or order history",
        params: UserIdParamsSchema,
        querystring: OrdersPageQuerySchema,
        response: { 200: OrdersPageSchema },
      },
    },
    async (request, reply) => {
      const { status, page } = request.query
      const answer = await clientOrders.page(request.params.id, status, page)
      if (!answer) return sendError(reply, 404, { message: ADMIN_USER_MESSAGES.USER_NOT_FOUND })
      // A fill or an expiry changes these at any moment: never from a cache.
      return reply.header('cache-control', 'no-store').send(answer)
    },
  )

  app.post(
    '/admin/users/:id/orders/:orderId/cancel',
    {
      onRequest: adminOnly,
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: "Cancel a client's pending order, with a reason",
        params: OrderParamsSchema,
        body: AdminCancelOrderRequestSchema,
        response: { 200: OrderResponseSchema },
      },
    },
    async (request, reply) => {
      const { id, orderId } = request.params
      const result = await clientOrders.cancel(auditActor(request), id, orderId, request.body.reason)
      if (!result.ok) {
        return sendError(reply, result.statusCode, {
          message: result.message,
          ...(result.errors === undefined ? {} : { errors: result.errors }),
        })
      }
      request.log.info({ adminId: authOf(request).user.id, userId: id, orderId }, 'order cancelled by staff')
      return { message: result.message, data: result.order }
    },
  )
}

// Pending orders (decision 0034): place one with an Idempotency-Key as POST /trades/store takes it, page through the
// pending ones and the history, change one, cancel one. Only the caller's own orders exist here (another customer's
// answers 404); the rules are server/trading/order-requests.ts's, the fills the leader's.
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ModifyOrderRequestSchema,
  OrderResponseSchema,
  OrdersPageQuerySchema,
  OrdersPageSchema,
  PlaceOrderRequestSchema,
  SerialIdSchema,
} from '../../src/domain/contract'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import type { OrderResult } from '../trading/order-requests'
import { idempotencyKeyOf, TRADE_BODY_LIMIT_BYTES } from './trades'

const OrderIdParamsSchema = z.object({ id: SerialIdSchema })

function answer(reply: FastifyReply, result: OrderResult) {
  if (!result.ok) {
    return sendError(reply, result.statusCode, {
      message: result.message,
      ...(result.errors === undefined ? {} : { errors: result.errors }),
    })
  }
  return reply.code(result.statusCode).send({ message: result.message, data: result.order })
}

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders',
    {
      // A pending order is an order: it counts against the same per-address budget as a market one.
      onRequest: [app.rateLimit('tradeStore'), app.authenticate],
      bodyLimit: TRADE_BODY_LIMIT_BYTES,
      schema: {
        summary: 'Place a pending limit or stop order',
        body: PlaceOrderRequestSchema,
        response: { 200: OrderResponseSchema, 201: OrderResponseSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request, reply)
      if (key === undefined) return reply
      const user = authOf(request).user
      const result = await app.orders.place(user, request.body, key)
      if (result.ok) {
        request.log.info(
          { userId: user.id, orderId: result.order.id, replay: result.statusCode === 200 },
          'order placed',
        )
      }
      return answer(reply, result)
    },
  )

  app.get(
    '/orders',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'List pending orders or the order history',
        querystring: OrdersPageQuerySchema,
        response: { 200: OrdersPageSchema },
      },
    },
    async (request, reply) => {
      const { status, page } = request.query
      const answer = await app.orders.page(authOf(request).user.id, status, page)
      // A fill or an expiry changes these at any moment: never from a cache.
      return reply.header('cache-control', 'no-store').send(answer)
    },
  )

  app.patch(
    '/orders/:id',
    {
      onRequest: [app.authenticate],
      bodyLimit: TRADE_BODY_LIMIT_BYTES,
      schema: {
        summary: "Change a pending order's price, volume, levels or expiry",
        params: OrderIdParamsSchema,
        body: ModifyOrderRequestSchema,
        response: { 200: OrderResponseSchema },
      },
    },
    async (request, reply) =>
      answer(reply, await app.orders.modify(authOf(request).user.id, request.params.id, request.body)),
  )

  app.delete(
    '/orders/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Cancel a pending order',
        params: OrderIdParamsSchema,
        response: { 200: OrderResponseSchema },
      },
    },
    async (request, reply) =>
      answer(reply, await app.orders.cancel(authOf(request).user.id, request.params.id)),
  )
}

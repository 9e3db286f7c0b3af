// Price alerts and Web Push subscriptions (decision 0037). The routes validate and answer; the rules are
// server/trading/price-alerts.ts's and server/push's, the SQL the repositories'. Only the caller's own alerts exist
// here (another customer's answers 404); a subscription is removed only by its owner.
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { SerialIdSchema } from '../../src/domain/contract'
import {
  AlertResponseSchema,
  AlertsResponseSchema,
  CreateAlertRequestSchema,
  PUSH_MESSAGES,
  PushKeyResponseSchema,
  PushMessageResponseSchema,
  PushSubscriptionRequestSchema,
  PushSubscriptionResponseSchema,
  PushUnsubscribeRequestSchema,
} from '../alerts/contract'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import type { AlertResult } from '../trading/price-alerts'

const AlertIdParamsSchema = z.object({ id: SerialIdSchema })
/** An alert's body is a few fields; a subscription's a URL and two keys. */
const BODY_LIMIT_BYTES = 8 * 1024

function answer(reply: FastifyReply, result: AlertResult) {
  if (!result.ok) {
    return sendError(reply, result.statusCode, {
      message: result.message,
      ...(result.errors === undefined ? {} : { errors: result.errors }),
    })
  }
  return reply.code(result.statusCode).send({ message: result.message, data: result.alert })
}

export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/alerts',
    {
      // Per address, before the token and the body are read, as POST /trades/store and POST /orders.
      onRequest: [app.rateLimit('priceAlert'), app.authenticate],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Set a price alert on an asset',
        body: CreateAlertRequestSchema,
        response: { 201: AlertResponseSchema },
      },
    },
    async (request, reply) => answer(reply, await app.alerts.create(authOf(request).user, request.body)),
  )

  app.get(
    '/alerts',
    {
      onRequest: [app.authenticate],
      schema: { summary: 'List the price alerts', response: { 200: AlertsResponseSchema } },
    },
    async (request, reply) => {
      const data = await app.alerts.list(authOf(request).user.id)
      // An alert fires or expires at any moment: never from a cache.
      return reply.header('cache-control', 'no-store').send({ data })
    },
  )

  app.delete(
    '/alerts/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Delete a price alert',
        params: AlertIdParamsSchema,
        response: { 200: AlertResponseSchema },
      },
    },
    async (request, reply) =>
      answer(reply, await app.alerts.cancel(authOf(request).user.id, request.params.id)),
  )

  // The VAPID public key is public (browsers hand it to their push service); a page subscribing reads it first.
  app.get(
    '/push/key',
    {
      schema: {
        summary: "Read the server's VAPID public key for Web Push",
        response: { 200: PushKeyResponseSchema },
      },
    },
    async () => ({
      data: { public_key: app.push.publicKey },
    }),
  )

  app.post(
    '/push/subscriptions',
    {
      onRequest: [app.authenticate],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Subscribe this device to push notifications',
        body: PushSubscriptionRequestSchema,
        response: { 201: PushSubscriptionResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await app.push.subscribe(authOf(request).user.id, request.body)
      if (!result.ok) return sendError(reply, 422, { message: result.message, errors: result.errors })
      return reply
        .code(201)
        .send({ message: PUSH_MESSAGES.SUBSCRIBED, data: { endpoint: request.body.endpoint } })
    },
  )

  app.delete(
    '/push/subscriptions',
    {
      onRequest: [app.authenticate],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Unsubscribe this device from push notifications',
        body: PushUnsubscribeRequestSchema,
        response: { 200: PushMessageResponseSchema },
      },
    },
    async (request, reply) => {
      await app.push.unsubscribe(authOf(request).user.id, request.body.endpoint)
      return reply.code(200).send({ message: PUSH_MESSAGES.UNSUBSCRIBED })
    },
  )
}

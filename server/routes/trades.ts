// Trading (docs/product/api.md#calls, the trade calls; docs/product/api.md#calls): open a position, close it (or a
// part of it), change its levels, close them all, and page through the open and closed ones. Only the caller's own
// positions exist here; prices, refusals and the close path are the trade engine's (server/trading/engine.ts), the
// changes decision 0034's (server/trading/position-changes.ts).
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CloseAllRequestSchema,
  CloseAllResponseSchema,
  CloseTradeRequestSchema,
  CloseTradeResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  ModifyTradeRequestSchema,
  ModifyTradeResponseSchema,
  ORDER_MESSAGES,
  StoreTradeRequestSchema,
  StoreTradeResponseSchema,
  TradesPageQuerySchema,
  TradesPageSchema,
} from '../../src/domain/contract'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { publishClientUpdated } from '../realtime/user-events'
import type { EngineResult } from '../trading/engine'

/**
 * POST /trade/{id}/close carries no fields in docs/product/api.md#calls, or `volume` for a part (decision 0034);
 * anything else is refused rather than silently ignored.
 */
export { CloseTradeRequestSchema }

// Ids are serial integers; anything else is refused before a query is built (and above int4 would fail in it).
const TradeIdParamsSchema = z.object({
  id: z.coerce.number({ message: 'The trade id must be a number' }).int().positive().max(2_147_483_647),
})

// Two-element objects; a few kilobytes is already far more than a real order.
export const TRADE_BODY_LIMIT_BYTES = 16 * 1024

/**
 * The validated Idempotency-Key of an order, or undefined once a 422 has been sent. Read here rather than in the
 * schema so a missing key gets its own sentence, not 'The given data was invalid.'
 */
export function idempotencyKeyOf(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const key = IdempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER])
  if (key.success) return key.data
  const message = key.error.issues[0]?.message ?? 'The Idempotency-Key header is invalid'
  void sendError(reply, 422, { message, errors: { 'Idempotency-Key': [message] } })
  return undefined
}

function answer(reply: FastifyReply, result: EngineResult) {
  if (!result.ok) {
    return sendError(reply, result.statusCode, {
      message: result.message,
      ...(result.errors === undefined ? {} : { errors: result.errors }),
    })
  }
  return reply.code(result.statusCode).send({ message: result.message, data: result.trade })
}

export const tradesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/trades/store',
    {
      onRequest: [app.rateLimit('tradeStore'), app.authenticate],
      bodyLimit: TRADE_BODY_LIMIT_BYTES,
      schema: {
        summary: 'Open a position at market',
        body: StoreTradeRequestSchema,
        response: { 200: StoreTradeResponseSchema, 201: StoreTradeResponseSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request, reply)
      if (key === undefined) return reply
      const user = authOf(request).user
      const result = await app.trading.open(user, request.body, key)
      if (result.ok) {
        request.log.info(
          { userId: user.id, tradeId: result.trade.id, replay: result.statusCode === 200 },
          'position opened',
        )
      } else if (result.statusCode === 422) {
        // What support is asked about first ("why was my order refused?"): kept for the back office's panel.
        await app.repos.users.recordRefusedOrder(user.id, {
          message: result.message,
          asset_symbol: request.body.asset_symbol,
          trade_type: request.body.type,
          lots: request.body.qty,
          at: app.now().toISOString(),
        })
        publishClientUpdated(app.publisher, user.id)
      }
      return answer(reply, result)
    },
  )

  app.post(
    '/trade/:id/close',
    {
      onRequest: [app.authenticate],
      bodyLimit: TRADE_BODY_LIMIT_BYTES,
      schema: {
        summary: 'Close a position, or part of it',
        params: TradeIdParamsSchema,
        body: CloseTradeRequestSchema,
        response: { 200: CloseTradeResponseSchema },
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await app.positions.close(authOf(request).user.id, request.params.id, request.body?.volume),
      ),
  )

  app.patch(
    '/trade/:id',
    {
      onRequest: [app.authenticate],
      bodyLimit: TRADE_BODY_LIMIT_BYTES,
      schema: {
        summary: "Change a position's take-profit, stop-loss or trailing stop",
        params: TradeIdParamsSchema,
        body: ModifyTradeRequestSchema,
        response: { 200: ModifyTradeResponseSchema },
      },
    },
    async (request, reply) =>
      answer(reply, await app.positions.modify(authOf(request).user.id, request.params.id, request.body)),
  )

  app.post(
    '/trades/close-all',
    {
      onRequest: [app.authenticate],
      bodyLimit: TRADE_BODY_LIMIT_BYTES,
      schema: {
        summary: 'Close every open position, or every one of an asset',
        body: CloseAllRequestSchema,
        response: { 200: CloseAllResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await app.positions.closeAll(authOf(request).user.id, request.body?.asset_id)
      if ('ok' in result) {
        return sendError(reply, result.statusCode, {
          message: result.message,
          ...(result.errors === undefined ? {} : { errors: result.errors }),
        })
      }
      return reply.send({ message: ORDER_MESSAGES.CLOSED_ALL, data: result })
    },
  )

  for (const status of ['open', 'closed'] as const) {
    app.get(
      `/${status}/trades`,
      {
        onRequest: [app.authenticate],
        schema: {
          summary: `List the ${status} positions, a page at a time`,
          querystring: TradesPageQuerySchema,
          response: { 200: TradesPageSchema },
        },
      },
      async (request, reply) => {
        const page = await app.trading.page(authOf(request).user.id, status, request.query.page)
        // Open positions are marked to a price that moves every tick: never serve them from a cache.
        return reply.header('cache-control', 'no-store').send(page)
      },
    )
  }
}

// Withdrawals (decision 0019): the list, a request (reserved once, by its Idempotency-Key) and cancelling a pending
// one. Customers only, each on their own records; the decisions are the cashier's (server/funds/cashier.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  EmptyBodySchema,
  FundsIdParamsSchema,
  WithdrawalRequestSchema,
  WithdrawalResponseSchema,
  WithdrawalsResponseSchema,
} from '../../src/domain/contract'
import { BODY_LIMIT_BYTES, customersOnly, idempotencyKey, noStore, send, userIdOf } from './funds-answers'

export const fundsWithdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  customersOnly(app)
  const customers = [app.authenticate]

  app.get(
    '/funds/withdrawals',
    {
      onRequest: customers,
      schema: { summary: 'List the withdrawals', response: { 200: WithdrawalsResponseSchema } },
    },
    async (request, reply) =>
      noStore(reply).send({ data: await app.repos.withdrawals.list(userIdOf(request)) }),
  )

  app.post(
    '/funds/withdrawals',
    {
      onRequest: [...customers, app.rateLimit('withdrawal')],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Ask for a withdrawal',
        body: WithdrawalRequestSchema,
        response: { 200: WithdrawalResponseSchema, 201: WithdrawalResponseSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request, reply)
      if (typeof key !== 'string') return key
      return send(reply, await app.funds.withdraw(userIdOf(request), request.body, key))
    },
  )

  app.post(
    '/funds/withdrawals/:id/cancel',
    {
      onRequest: [...customers, app.rateLimit('withdrawal')],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Cancel a withdrawal that is still pending',
        params: FundsIdParamsSchema,
        body: EmptyBodySchema,
        response: { 200: WithdrawalResponseSchema },
      },
    },
    async (request, reply) =>
      send(reply, await app.funds.cancelWithdrawal(userIdOf(request), request.params.id)),
  )
}

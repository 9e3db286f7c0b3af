// Flexible savings (decision 0019): the balance with its interest, and transfers in and out (once, by their
// Idempotency-Key). Customers only; the decisions are the cashier's (server/funds/cashier.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  SavingsResponseSchema,
  SavingsTransferRequestSchema,
  SavingsTransferResponseSchema,
} from '../../src/domain/contract'
import { BODY_LIMIT_BYTES, customersOnly, idempotencyKey, noStore, send, userIdOf } from './funds-answers'

export const fundsSavingsRoutes: FastifyPluginAsyncZod = async (app) => {
  customersOnly(app)
  const customers = [app.authenticate]

  app.get(
    '/funds/savings',
    {
      onRequest: customers,
      schema: {
        summary: 'Read the savings balance and its interest',
        response: { 200: SavingsResponseSchema },
      },
    },
    async (request, reply) => noStore(reply).send({ data: await app.funds.savings(userIdOf(request)) }),
  )

  app.post(
    '/funds/savings/transfers',
    {
      onRequest: [...customers, app.rateLimit('savingsTransfer')],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Move money into or out of savings',
        body: SavingsTransferRequestSchema,
        response: { 200: SavingsTransferResponseSchema, 201: SavingsTransferResponseSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request, reply)
      if (typeof key !== 'string') return key
      return send(reply, await app.funds.savingsTransfer(userIdOf(request), request.body, key))
    },
  )
}

// The back office's cashier calls (decision 0019): the sandbox chain's "Simulate incoming transfer", marking an approved
// withdrawal sent, and a client's latest deposits. Deposits (wires) and withdrawals are decided in the one request
// queue (admin-requests.ts); these are the rest. The two changes are audited in the transaction that makes them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  DepositResponseSchema,
  DepositsResponseSchema,
  SerialIdSchema,
  SimulatedTransferRequestSchema,
  WithdrawalResponseSchema,
  WithdrawalSentRequestSchema,
} from '../../src/domain/contract'
import { auditActor } from '../back-office/audit-actor'
import { CASHIER_MESSAGES } from '../funds/cashier'
import { sendError } from '../plugins/errors'

const IdParamsSchema = z.object({ id: SerialIdSchema })
const BODY_LIMIT_BYTES = 16 * 1024
/** The client page lists a client's latest deposits; the customer's own history has them all. */
const ADMIN_DEPOSITS_LIMIT = 20

export const adminFundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, app.requireAdmin]

  // The client page's deposits: transfers still confirming, and those that failed or were set aside, with why.
  app.get(
    '/admin/users/:id/deposits',
    {
      onRequest: adminOnly,
      schema: {
        summary: "List a client's deposits",
        params: IdParamsSchema,
        response: { 200: DepositsResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      if (!(await app.repos.users.findById(id))) {
        return sendError(reply, 404, { message: CASHIER_MESSAGES.USER_NOT_FOUND })
      }
      const data = await app.repos.deposits.list(id, ADMIN_DEPOSITS_LIMIT)
      return reply.header('cache-control', 'no-store').send({ data })
    },
  )

  app.post(
    '/admin/users/:id/crypto-transfers',
    {
      onRequest: adminOnly,
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: "Simulate an incoming crypto transfer to a client's address",
        params: IdParamsSchema,
        body: SimulatedTransferRequestSchema,
        response: { 201: DepositResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await app.funds.simulateTransfer(auditActor(request), request.params.id, request.body)
      if (!answer.ok) {
        return sendError(reply, answer.statusCode, {
          message: answer.message,
          ...(answer.errors ? { errors: answer.errors } : {}),
        })
      }
      request.log.info(
        { userId: request.params.id, depositId: answer.data.id, coin: request.body.coin },
        'simulated crypto transfer',
      )
      return reply.code(201).send({ message: answer.message, data: answer.data })
    },
  )

  app.post(
    '/admin/withdrawals/:id/sent',
    {
      onRequest: adminOnly,
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: "Mark an approved withdrawal's payout as sent",
        params: IdParamsSchema,
        body: WithdrawalSentRequestSchema,
        response: { 200: WithdrawalResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await app.funds.markSent(
        auditActor(request),
        request.params.id,
        request.body.payout_reference,
      )
      if (!answer.ok) return sendError(reply, answer.statusCode, { message: answer.message })
      request.log.info({ withdrawalId: answer.data.id }, 'withdrawal marked sent')
      return { message: answer.message, data: answer.data }
    },
  )
}

// What every cashier route shares (the cashier's calls are split by resource: funds.ts, funds-withdrawals.ts,
// funds-history.ts, funds-savings.ts): customers only, the Idempotency-Key header, a cashier answer as HTTP.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema, USER_ROLE } from '../../src/domain/contract'
import { CASHIER_MESSAGES, type Answer } from '../funds/cashier'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'

export const BODY_LIMIT_BYTES = 16 * 1024

/**
 * Admins have no cashier: their balance is nobody's money. Checked once the request is valid (a preHandler), so a
 * malformed request is a 422 whoever sends it, as on every other route. For the routes of the plugin it is added in.
 */
export function customersOnly(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    if (request.auth && request.auth.user.role !== USER_ROLE.CUSTOMER) {
      return sendError(reply, 403, { message: CASHIER_MESSAGES.CUSTOMERS_ONLY })
    }
    return undefined
  })
}

export const userIdOf = (request: FastifyRequest) => authOf(request).user.id
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

/** The validated Idempotency-Key header, or the 422 already sent. */
export function idempotencyKey(request: FastifyRequest, reply: FastifyReply): string | FastifyReply {
  const key = IdempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER])
  if (key.success) return key.data
  const message = key.error.issues[0]?.message ?? 'The Idempotency-Key header is invalid'
  return sendError(reply, 422, { message, errors: { 'Idempotency-Key': [message] } })
}

/** A cashier answer as HTTP: the data with its message, or the refusal's envelope. */
export function send<T>(reply: FastifyReply, answer: Answer<T>) {
  if (!answer.ok) {
    return sendError(reply, answer.statusCode, {
      message: answer.message,
      ...(answer.errors ? { errors: answer.errors } : {}),
    })
  }
  return reply.code(answer.statusCode).header('cache-control', 'no-store').send({
    message: answer.message,
    data: answer.data,
  })
}

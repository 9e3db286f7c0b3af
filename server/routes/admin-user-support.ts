// What support does for a client beyond their record: a balance adjustment through the ledger (once, by its
// Idempotency-Key, with its audit row in the same transaction) and a one-time sign-in link to see the client's view.
// The transactions are server/back-office/client-accounts.ts's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ADJUSTMENT_MESSAGES,
  AdjustmentRequestSchema,
  AdjustmentResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  LoginLinkRequestSchema,
  LoginLinkResponseSchema,
  SerialIdSchema,
  USER_ROLE,
} from '../../src/domain/contract'
import { auditActor } from '../back-office/audit-actor'
import { createClientAccounts } from '../back-office/client-accounts'
import { moneyToJson } from '../lib/money'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { ADMIN_USER_MESSAGES, clientServices } from './admin-users'

const UserIdParamsSchema = z.object({ id: SerialIdSchema })

const BODY_LIMIT_BYTES = 16 * 1024

export const adminUserSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, app.requireAdmin]
  const clients = createClientAccounts(clientServices(app))

  app.post(
    '/admin/users/:id/adjustments',
    {
      onRequest: adminOnly,
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: "Credit or debit a client's balance through the ledger",
        params: UserIdParamsSchema,
        body: AdjustmentRequestSchema,
        response: { 200: AdjustmentResponseSchema, 201: AdjustmentResponseSchema },
      },
    },
    async (request, reply) => {
      const key = IdempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER])
      if (!key.success) {
        const message = key.error.issues[0]?.message ?? 'The Idempotency-Key header is invalid'
        return sendError(reply, 422, { message, errors: { 'Idempotency-Key': [message] } })
      }
      const { id } = request.params
      const result = await clients.adjust({
        userId: id,
        amountUsd: request.body.amount,
        kind: request.body.kind,
        reason: request.body.reason,
        idempotencyKey: key.data,
        actor: auditActor(request),
      })
      switch (result.kind) {
        case 'not_found':
          return sendError(reply, 404, { message: ADMIN_USER_MESSAGES.USER_NOT_FOUND })
        case 'not_a_customer':
          return sendError(reply, 422, { message: ADMIN_USER_MESSAGES.BALANCES_ARE_CUSTOMERS })
        case 'key_reused':
          // As for orders: the same key with another body is a client error, not a conflict to retry.
          return sendError(reply, 422, {
            message: ADMIN_USER_MESSAGES.KEY_REUSED,
            errors: { 'Idempotency-Key': [ADMIN_USER_MESSAGES.KEY_REUSED] },
          })
        case 'below_zero':
          return sendError(reply, 422, {
            message: ADJUSTMENT_MESSAGES.BELOW_ZERO,
            errors: { amount: [ADJUSTMENT_MESSAGES.BELOW_ZERO] },
          })
        case 'replayed':
        case 'adjusted': {
          if (result.kind === 'adjusted') {
            const adminId = authOf(request).user.id
            request.log.info({ adminId, userId: id, ledgerEntryId: result.entry.id }, 'balance adjusted')
          }
          return reply.code(result.kind === 'adjusted' ? 201 : 200).send({
            message: ADJUSTMENT_MESSAGES.DONE,
            data: { entry: result.entry, balance: moneyToJson(result.balanceUsd) },
          })
        }
      }
    },
  )

  app.post(
    '/admin/users/:id/login-link',
    {
      onRequest: adminOnly,
      schema: {
        summary: "Make a one-time sign-in link for support to see the client's view",
        params: UserIdParamsSchema,
        body: LoginLinkRequestSchema,
        response: { 201: LoginLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const admin = authOf(request).user
      const target = await app.repos.users.findById(id)
      if (!target) return sendError(reply, 404, { message: ADMIN_USER_MESSAGES.USER_NOT_FOUND })
      // A leaked link opens the account it names; it must never open an admin's.
      if (target.role !== USER_ROLE.CUSTOMER) {
        const message = ADMIN_USER_MESSAGES.CUSTOMERS_ONLY
        return sendError(reply, 422, { message, errors: { id: [message] } })
      }
      const { token, expiresAt } = await clients.issueLoginLink(auditActor(request), id, admin.id)
      request.log.info({ adminId: admin.id, userId: id }, 'one-time sign-in link created')
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({
          data: {
            token,
            url: `/auto-login?token=${encodeURIComponent(token)}`,
            expires_at: expiresAt.toISOString(),
          },
        })
    },
  )
}

// GET /admin/audit (decision 0017): the append-only log of every admin action, filtered by client, admin or action.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AuditQuerySchema, AuditResponseSchema } from '../../src/domain/contract'

export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        summary: 'Search the audit trail of staff actions',
        querystring: AuditQuerySchema,
        response: { 200: AuditResponseSchema },
      },
    },
    async (request, reply) => {
      const { user_id: userId, actor_id: actorId, action, page = 1 } = request.query
      return reply
        .header('cache-control', 'no-store')
        .send(await app.repos.audit.page({ userId, actorId, action, page }))
    },
  )
}

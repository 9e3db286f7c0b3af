// The dev outbox for admins (decision 0020): the mails the server "sent" while SMTP_URL is unset, newest first.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ADMIN_PAGE_SIZE,
  OutboxMailResponseSchema,
  OutboxParamsSchema,
  OutboxQuerySchema,
  OutboxResponseSchema,
} from '../../src/domain/contract'
import { sendError } from '../plugins/errors'
import type { OutboxRow } from '../repositories/mail-outbox'

const summaryOf = (row: OutboxRow) => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  kind: row.kind,
  created_at: row.createdAt.toISOString(),
})

export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/outbox',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        summary: 'List the mails the server has sent or queued',
        querystring: OutboxQuerySchema,
        response: { 200: OutboxResponseSchema },
      },
    },
    async (request, reply) => {
      const page = request.query.page ?? 1
      const { rows, total } = await app.repos.mailOutbox.page(page, ADMIN_PAGE_SIZE)
      return reply.header('cache-control', 'no-store').send({
        data: rows.map(summaryOf),
        meta: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
          per_page: ADMIN_PAGE_SIZE,
          total,
        },
      })
    },
  )

  app.get(
    '/admin/outbox/:id',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        summary: 'Read one mail of the outbox',
        params: OutboxParamsSchema,
        response: { 200: OutboxMailResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await app.repos.mailOutbox.find(request.params.id)
      if (!row) return sendError(reply, 404, { message: 'Mail not found' })
      // Reset and confirmation links are secrets: never kept by a cache.
      return reply
        .header('cache-control', 'no-store')
        .send({ data: { ...summaryOf(row), text: row.text, html: row.html } })
    },
  )
}

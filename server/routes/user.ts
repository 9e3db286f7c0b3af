// The signed-in user (spec 7, GET /user), which restores the client's session.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { UserResponseSchema } from '../../src/domain/contract'
import { authOf } from '../plugins/auth'
import { MESSAGES, sendError } from '../plugins/errors'

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    { onRequest: [app.authenticate], schema: { response: { 200: UserResponseSchema } } },
    async (request, reply) => {
      const view = await app.repos.users.findView(authOf(request).user.id, app.now())
      if (!view) return sendError(reply, 401, { message: MESSAGES.UNAUTHENTICATED })
      return { data: view }
    },
  )
}

// The signed-in user (docs/product/api.md#calls, GET /user), which restores the client's session.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  LogoutRequestSchema,
  MessageResponseSchema,
  USER_ROLE,
  UserResponseSchema,
} from '../../src/domain/contract'
import { authOf } from '../plugins/auth'
import { MESSAGES, sendError } from '../plugins/errors'

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      onRequest: [app.authenticateAnyStatus],
      schema: { summary: 'Read the signed-in user', response: { 200: UserResponseSchema } },
    },
    async (request, reply) => {
      const view = await app.repos.users.findView(authOf(request).user.id, app.now())
      if (!view) return sendError(reply, 401, { message: MESSAGES.UNAUTHENTICATED })
      // A customer's unread_count is what support wrote that they have not read (GET /chat/unread-count).
      if (view.role === USER_ROLE.CUSTOMER) {
        return { data: { ...view, unread_count: await app.repos.chat.unreadForCustomer(view.id) } }
      }
      return { data: view }
    },
  )

  // docs/product/api.md#calls: the client's hub sends this at once, every 60 s while a tab is visible, and when one
  // becomes visible; it keeps the user 'online' for the admin console (is_online: seen within the last 2 minutes).
  app.post(
    '/user/heartbeat',
    {
      onRequest: [app.authenticateAnyStatus],
      schema: {
        summary: 'Tell the server this user is still here',
        body: LogoutRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await app.repos.users.touchLastSeen(authOf(request).user.id, app.now())
      return { message: 'ok' }
    },
  )
}

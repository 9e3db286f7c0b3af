// The client management team's calls: list users, approve or deactivate them (spec 6), and hand a customer a
// one-time sign-in link from a broker's back office.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AdminUserPatchSchema,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  CHANNELS,
  LoginLinkRequestSchema,
  LoginLinkResponseSchema,
  PUSH_EVENTS,
  USER_ROLE,
  USER_STATUS,
  type UserUpdatedEvent,
} from '../../src/domain/contract'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'

// Ids are serial integers; anything else is refused before a query is built (and bigger than int4 would fail in it).
const UserIdParamsSchema = z.object({
  id: z.coerce.number({ message: 'The user id must be a number' }).int().positive().max(2_147_483_647),
})

const USER_NOT_FOUND = 'User not found'
const OWN_STATUS = 'You cannot change the status of your own account.'
const CUSTOMERS_ONLY = 'Sign-in links can only be made for customer accounts.'

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, app.requireAdmin]

  app.get(
    '/admin/users',
    { onRequest: adminOnly, schema: { response: { 200: AdminUsersResponseSchema } } },
    async () => {
      // The unread counts in one grouped query beside the list (never one per user): polled every 30 s.
      const [views, unread] = await Promise.all([
        app.repos.users.listViews(app.now()),
        app.repos.chat.unreadByCustomer(),
      ])
      return { data: views.map((view) => ({ ...view, unread_count: unread.get(view.id) ?? 0 })) }
    },
  )

  app.patch(
    '/admin/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        params: UserIdParamsSchema,
        body: AdminUserPatchSchema,
        response: { 200: AdminUserResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { status } = request.body
      const admin = authOf(request).user
      // An admin who suspended themselves would lock the console with nobody signed in to undo it.
      if (id === admin.id && status !== USER_STATUS.ACTIVE) {
        return sendError(reply, 422, { message: OWN_STATUS, errors: { status: [OWN_STATUS] } })
      }
      const before = await app.repos.users.findById(id)
      const updated = before && (await app.repos.users.setStatus(id, status))
      if (!updated) return sendError(reply, 404, { message: USER_NOT_FOUND })
      request.log.info({ adminId: admin.id, userId: id, status }, 'user status changed')
      // The customer's next GET /user (Check Status) reads the new status from the database.
      const user = await app.repos.users.findView(id, app.now())
      if (!user) return sendError(reply, 404, { message: USER_NOT_FOUND })
      if (before.status !== updated.status) {
        // Their open tabs refetch the user at once (spec 7, user.updated) instead of waiting for Check Status.
        // Not awaited: a slow push service must not slow the console; the publisher logs its own failures.
        const event: UserUpdatedEvent = { user_id: id, updated_at: app.now().toISOString() }
        void app.publisher.trigger(CHANNELS.user(id), PUSH_EVENTS.USER_UPDATED, event)
      }
      return { data: user }
    },
  )

  app.post(
    '/admin/users/:id/login-link',
    {
      onRequest: adminOnly,
      schema: {
        params: UserIdParamsSchema,
        body: LoginLinkRequestSchema,
        response: { 201: LoginLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const admin = authOf(request).user
      const target = await app.repos.users.findById(id)
      if (!target) return sendError(reply, 404, { message: USER_NOT_FOUND })
      // A leaked link opens the account it names; it must never open an admin's.
      if (target.role !== USER_ROLE.CUSTOMER) {
        return sendError(reply, 422, { message: CUSTOMERS_ONLY, errors: { id: [CUSTOMERS_ONLY] } })
      }
      const { token, expiresAt } = await app.repos.loginLinks.issue(id, admin.id, app.now())
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

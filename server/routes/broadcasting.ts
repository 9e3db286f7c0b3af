// POST /broadcasting/auth (docs/product/realtime.md#channel-authorisation): signs a private channel subscription for
// the channel's owner only; and POST /broadcasting/user-auth, Laravel Echo's and pusher-js's `userAuthentication`
// route: signs the caller's `pusher:signin` (decision 0036). Both take JSON, and also the form encoding that
// pusher-js's default authorizers post.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ACCOUNT_STATUS_MESSAGES,
  BroadcastingAuthRequestSchema,
  BroadcastingAuthResponseSchema,
  CHANNELS,
  TextSchema,
  USER_STATUS,
} from '../../src/domain/contract'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { mayAuthorizeChannel } from '../realtime/channel-access'

export const CHANNEL_FORBIDDEN = 'You may not subscribe to this channel.'

/** pusher-js's user authenticator posts the socket's id alone. */
export const BroadcastingUserAuthRequestSchema = z.object({
  socket_id: TextSchema.check(z.regex(/^\d+\.\d+$/, 'Invalid socket id')),
})
const BroadcastingUserAuthResponseSchema = z.object({ auth: z.string(), user_data: z.string() })
// Two short fields; anything near this size is not an authorisation request.
const BODY_LIMIT_BYTES = 4 * 1024

export const broadcastingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: every other route stays JSON-only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      // Null prototype: a field named __proto__ stays a plain field.
      const fields: Record<string, string> = Object.create(null)
      for (const [name, value] of new URLSearchParams(text)) fields[name] = value
      done(null, { ...fields })
    },
  )

  app.post(
    '/broadcasting/auth',
    {
      onRequest: [app.authenticateAnyStatus],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Authorise a private or presence channel for the realtime socket',
        body: BroadcastingAuthRequestSchema,
        response: { 200: BroadcastingAuthResponseSchema },
      },
    },
    async (request, reply) => {
      const { socket_id: socketId, channel_name: channel } = request.body
      const { user, tokenId } = authOf(request)
      // A pending or deactivated account keeps only its own user channel: the gate screen's live release.
      if (user.status !== USER_STATUS.ACTIVE && channel !== CHANNELS.user(user.id)) {
        request.log.info({ userId: user.id, channel }, 'channel authorisation refused: account not active')
        return sendError(reply, 403, { message: ACCOUNT_STATUS_MESSAGES[user.status] })
      }
      if (!mayAuthorizeChannel(user, channel)) {
        request.log.info({ userId: user.id, channel }, 'channel authorisation refused')
        return sendError(reply, 403, { message: CHANNEL_FORBIDDEN })
      }
      // The embedded broker remembers whose socket this is, and which session vouched for it, so a deactivation can
      // drop its subscriptions and a sign-out close it at once (decision 0033).
      app.realtime.broker?.noteSocketOwner(socketId, user.id, tokenId)
      // A presence channel (only presence-admin.online is allowed) names its member as user-auth does.
      const member = channel.startsWith('presence-')
        ? {
            user_id: String(user.id),
            user_info: { name: `${user.firstName} ${user.lastName}`, role: user.role },
          }
        : undefined
      return reply
        .header('cache-control', 'no-store')
        .send(app.publisher.authorizeChannel(socketId, channel, member))
    },
  )

  app.post(
    '/broadcasting/user-auth',
    {
      // Active accounts only: the gate screen of a pending or deactivated one needs no user sign-in.
      onRequest: [app.authenticate],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Sign the realtime socket in as this user',
        body: BroadcastingUserAuthRequestSchema,
        response: { 200: BroadcastingUserAuthResponseSchema },
      },
    },
    async (request, reply) => {
      const { socket_id: socketId } = request.body
      const { user, tokenId } = authOf(request)
      // As for channels: a sign-out of this session closes the socket it signed in (decision 0033).
      app.realtime.broker?.noteSocketOwner(socketId, user.id, tokenId)
      // The id is the user's, as a string: the server's sendToUser and terminateUserConnections name it so.
      const signed = app.publisher.authenticateUser(socketId, {
        id: String(user.id),
        user_info: { name: `${user.firstName} ${user.lastName}`, role: user.role },
      })
      return reply.header('cache-control', 'no-store').send(signed)
    },
  )
}

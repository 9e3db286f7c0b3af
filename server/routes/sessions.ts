// The caller's sessions, sign-in history and password (decision 0020): list and sign out devices, read the last 50
// sign-ins, change the password (every other session is signed out). A session of anyone else is 404, as a missing
// one: the answer never says whose it is.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { summariseUserAgent } from '../../src/domain/account/device-summary'
import {
  ACCOUNT_MESSAGES,
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  RevokeSessionResponseSchema,
  RevokeSessionsQuerySchema,
  RevokeSessionsResponseSchema,
  SessionIdParamsSchema,
  SessionsResponseSchema,
  SignInsResponseSchema,
} from '../../src/domain/contract'
import { checkSessionPassword } from '../account/secret-checks'
import { publishRevoked, replacePasswordSigningOutOthers } from '../account/sessions'
import { hashPassword } from '../lib/passwords'
import { passwordChangedMail } from '../mail/messages'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { sendTooManyAttempts } from '../plugins/rate-limit'

export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/sessions',
    {
      onRequest: [app.authenticate],
      schema: { summary: 'List the signed-in devices', response: { 200: SessionsResponseSchema } },
    },
    async (request, reply) => {
      const { user, tokenId } = authOf(request)
      const rows = await app.repos.authTokens.listForUser(user.id, app.now())
      const sessions = rows
        .map((row) => ({
          id: row.id,
          current: row.id === tokenId,
          ip: row.ip,
          user_agent: row.userAgent,
          device: summariseUserAgent(row.userAgent),
          created_at: row.createdAt.toISOString(),
          last_seen_at: row.lastSeenAt.toISOString(),
        }))
        // This one first, then the most recently seen (the query's order).
        .sort((a, b) => Number(b.current) - Number(a.current))
      return reply.header('cache-control', 'no-store').send({ data: sessions })
    },
  )

  app.delete(
    '/user/sessions/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Sign out one device',
        params: SessionIdParamsSchema,
        response: { 200: RevokeSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request)
      const { id } = request.params
      const revoked = await app.repos.authTokens.revokeForUser(user.id, id, app.now())
      if (!revoked) return sendError(reply, 404, { message: ACCOUNT_MESSAGES.SESSION_NOT_FOUND })
      publishRevoked(app, user.id, [id])
      request.log.info({ userId: user.id, sessionId: id }, 'session signed out')
      return { message: ACCOUNT_MESSAGES.SESSION_SIGNED_OUT }
    },
  )

  app.delete(
    '/user/sessions',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Sign out every other device',
        querystring: RevokeSessionsQuerySchema,
        response: { 200: RevokeSessionsResponseSchema },
      },
    },
    async (request) => {
      const { user, tokenId } = authOf(request)
      const revoked = await app.repos.authTokens.revokeOthers(user.id, tokenId, app.now())
      publishRevoked(app, user.id, revoked)
      request.log.info({ userId: user.id, revoked: revoked.length }, 'other sessions signed out')
      return { message: ACCOUNT_MESSAGES.OTHER_SESSIONS_SIGNED_OUT, data: { revoked: revoked.length } }
    },
  )

  app.get(
    '/user/sign-ins',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'List the recent sign-ins and failed attempts',
        response: { 200: SignInsResponseSchema },
      },
    },
    async (request) => {
      const rows = await app.repos.signIns.recent(authOf(request).user.id)
      return {
        data: rows.map((row) => ({
          id: row.id,
          result: row.result,
          ip: row.ip,
          user_agent: row.userAgent,
          device: summariseUserAgent(row.userAgent),
          created_at: row.createdAt.toISOString(),
        })),
      }
    },
  )

  app.post(
    '/user/password',
    {
      onRequest: [app.authenticate, app.rateLimit('passwordChange')],
      schema: {
        summary: 'Change the password',
        body: ChangePasswordRequestSchema,
        response: { 200: ChangePasswordResponseSchema },
      },
    },
    async (request, reply) => {
      const now = app.now()
      const { user, tokenId } = authOf(request)
      const { current_password: currentPassword, password } = request.body
      // Counted per session before it is checked (decision 0033): a stolen session cannot guess on and on.
      const check = await checkSessionPassword(app, user, tokenId, currentPassword)
      if (check.outcome === 'locked') return sendTooManyAttempts(reply, check.retryAfterSeconds)
      if (check.outcome === 'wrong') {
        const message = ACCOUNT_MESSAGES.CURRENT_PASSWORD_WRONG
        return sendError(reply, 422, { message, errors: { current_password: [message] } })
      }
      if (currentPassword === password) {
        const message = ACCOUNT_MESSAGES.PASSWORD_UNCHANGED
        return sendError(reply, 422, { message, errors: { password: [message] } })
      }
      const passwordHash = await hashPassword(password)
      const revoked = await replacePasswordSigningOutOthers(app, user.id, tokenId, passwordHash, now)
      publishRevoked(app, user.id, revoked)
      await app.mailer.send(
        passwordChangedMail({ email: user.email, firstName: user.firstName, userId: user.id }, 'changed'),
      )
      request.log.info({ userId: user.id, revoked: revoked.length }, 'password changed')
      return { message: ACCOUNT_MESSAGES.PASSWORD_CHANGED, data: { revoked_sessions: revoked.length } }
    },
  )
}

// Sign-in and sign-out with opaque bearer tokens, the one-time sign-in links of brokers' back offices, and the
// neutral forgot-password call.
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ACCOUNT_LOCKED_MESSAGE,
  AUTO_LOGIN_INVALID_MESSAGE,
  AutoLoginRequestSchema,
  AutoLoginResponseSchema,
  FORGOT_PASSWORD_MESSAGE,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutRequestSchema,
  MessageResponseSchema,
  type User,
} from '../../src/domain/contract'
import { verifyPassword } from '../lib/passwords'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { sendTooManyAttempts } from '../plugins/rate-limit'

// One message for an unknown email and a wrong password, so the answer does not reveal which accounts exist.
const BAD_CREDENTIALS = 'These credentials do not match our records.'

/** Opens a session: a new bearer token at every sign-in. */
async function signIn(
  app: FastifyInstance,
  userId: number,
  now: Date,
): Promise<{ user: User; token: string }> {
  const token = await app.repos.authTokens.issue(userId, now)
  await app.repos.users.touchLastSeen(userId, now)
  const user = await app.repos.users.findView(userId, now)
  if (!user) throw new Error(`User ${userId} vanished during sign-in`)
  return { user, token }
}

// A token in an answer must not be kept by a shared cache or the browser's HTTP cache.
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

function sendLocked(reply: FastifyReply, lockedUntil: Date, now: Date): FastifyReply {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000))
  return sendTooManyAttempts(reply, seconds, ACCOUNT_LOCKED_MESSAGE)
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      onRequest: [app.rateLimit('login')],
      schema: { body: LoginRequestSchema, response: { 200: LoginResponseSchema } },
    },
    async (request, reply) => {
      const now = app.now()
      const { email, password } = request.body
      // Before the password is even checked: while locked, the right password is refused too.
      const lockedUntil = await app.repos.loginFailures.lockedUntil(email, now)
      if (lockedUntil) return sendLocked(reply, lockedUntil, now)

      const user = await app.repos.users.findByEmail(email)
      const passwordMatches = await verifyPassword(user?.passwordHash, password)
      if (!user || !passwordMatches) {
        await app.repos.loginFailures.recordFailure(email, now)
        return sendError(reply, 401, { message: BAD_CREDENTIALS })
      }

      await app.repos.loginFailures.clear(email)
      // Pending and deactivated users do sign in: the client shows them their status screen (spec 2.6).
      return noStore(reply).send({ data: await signIn(app, user.id, now) })
    },
  )

  app.post(
    '/auth/logout',
    {
      onRequest: [app.authenticate],
      schema: { body: LogoutRequestSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      await app.repos.authTokens.revoke(authOf(request).tokenId, app.now())
      return { message: 'Logged out.' }
    },
  )

  app.post(
    '/auth/auto-login',
    {
      onRequest: [app.rateLimit('autoLogin')],
      schema: { body: AutoLoginRequestSchema, response: { 200: AutoLoginResponseSchema } },
    },
    async (request, reply) => {
      const now = app.now()
      const userId = await app.repos.loginLinks.consume(request.body.token, now)
      if (userId === undefined) return sendError(reply, 401, { message: AUTO_LOGIN_INVALID_MESSAGE })
      request.log.info({ userId }, 'signed in with a one-time link')
      return noStore(reply).send({ data: await signIn(app, userId, now) })
    },
  )

  app.post(
    '/auth/forgot-password',
    {
      onRequest: [app.rateLimit('forgotPassword')],
      schema: { body: ForgotPasswordRequestSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      // The same answer, and about the same time (one lookup, plus one insert when known), for any address.
      const user = await app.repos.users.findByEmail(request.body.email)
      if (user) {
        // The token is for the reset mail, which is not built yet; it must never reach a log.
        await app.repos.passwordResets.issue(user.id, app.now())
        request.log.info({ userId: user.id }, 'password reset requested')
      }
      return { message: FORGOT_PASSWORD_MESSAGE }
    },
  )
}

// Sign-in and sign-out with opaque bearer tokens, the second step of a two-factor sign-in, the one-time sign-in links
// of brokers' back offices, and the password reset (a neutral forgot-password call, a mailed single-use link, a new
// password that signs out every session). Every way in ends in account/sessions.ts's openSession.
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ACCOUNT_LOCKED_MESSAGE,
  ACCOUNT_MESSAGES,
  AUTO_LOGIN_INVALID_MESSAGE,
  AutoLoginRequestSchema,
  AutoLoginResponseSchema,
  FORGOT_PASSWORD_MESSAGE,
  ForgotPasswordRequestSchema,
  LoginAnswerSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutRequestSchema,
  MessageResponseSchema,
  ResetPasswordRequestSchema,
  SIGN_IN_RESULTS,
  TWO_FACTOR_MESSAGES,
  TwoFactorLoginRequestSchema,
} from '../../src/domain/contract'
import { checkSecondFactor, signInLane, spendSecondFactor } from '../account/secret-checks'
import { openSession, publishRevoked, sessionOrigin } from '../account/sessions'
import { hashPassword, verifyPassword } from '../lib/passwords'
import { clientKey } from '../lib/rate-limit'
import { passwordChangedMail, passwordResetLink, passwordResetMail } from '../mail/messages'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { sendTooManyAttempts } from '../plugins/rate-limit'

// One message for an unknown email and a wrong password, so the answer does not reveal which accounts exist.
const BAD_CREDENTIALS = 'These credentials do not match our records.'

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
      schema: {
        summary: 'Sign in with email and password',
        body: LoginRequestSchema,
        response: { 200: LoginAnswerSchema },
      },
    },
    async (request, reply) => {
      const now = app.now()
      const { email, password } = request.body
      const origin = sessionOrigin(request)
      // Locks are per email and client address (decision 0018): a stranger's failures lock out the stranger.
      const address = clientKey(request.ip)
      // The attempt counts as a failure before the password is checked (decision 0033), so a burst gets no more
      // guesses than the lock allows; while locked, the right password is refused too.
      const reservation = await app.repos.loginFailures.reserveFailure(email, address, now)
      if (!reservation.reserved) return sendLocked(reply, reservation.lockedUntil, now)

      const user = await app.repos.users.findByEmail(email)
      const passwordMatches = await verifyPassword(user?.passwordHash, password)
      if (!user || !passwordMatches) {
        if (user) await app.repos.signIns.record(user.id, SIGN_IN_RESULTS.FAILURE, origin, now)
        return sendError(reply, 401, { message: BAD_CREDENTIALS })
      }

      await app.repos.loginFailures.clear(email, address)
      if (user.twoFactorEnabledAt !== null && user.twoFactorSecret !== null) {
        // The password was right; the session opens only with the second factor (POST /auth/login/two-factor).
        const { challenge, expiresAt } = await app.repos.twoFactor.issueChallenge(user.id, now)
        return noStore(reply).send({
          data: { two_factor_required: true, challenge, expires_at: expiresAt.toISOString() },
        })
      }
      // Pending and deactivated users do sign in: the client shows them their status screen (spec 2.6).
      return noStore(reply).send({ data: await openSession(app, user.id, origin, now) })
    },
  )

  app.post(
    '/auth/login/two-factor',
    {
      onRequest: [app.rateLimit('twoFactor')],
      schema: {
        summary: "Answer the sign-in's two-factor challenge",
        body: TwoFactorLoginRequestSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request, reply) => {
      const now = app.now()
      const { challenge: challengeToken, code, recovery_code: recoveryCode } = request.body
      const expired = () => sendError(reply, 401, { message: TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED })
      // Used, or out of tries: 410, the same sentence; the client goes back to the password either way.
      const spent = () => sendError(reply, 410, { message: TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED })
      // The try is taken before the code is looked at: a challenge out of tries is spent, however many codes race.
      const challenge = await app.repos.twoFactor.takeChallengeTry(challengeToken, now)
      if (!challenge) {
        const refusal = await app.repos.twoFactor.challengeRefusal(challengeToken, now)
        return refusal === 'spent' ? spent() : expired()
      }
      const user = await app.repos.users.findById(challenge.userId)
      if (!user?.twoFactorSecret || user.twoFactorEnabledAt === null) return expired()

      const origin = sessionOrigin(request)
      const entered = code !== undefined ? { code } : { recoveryCode: recoveryCode ?? '' }
      const check = await checkSecondFactor(
        app,
        { userId: user.id, lane: await signInLane(app, user.id, request.ip, now), origin, now },
        () => spendSecondFactor(app, user, entered, now),
      )
      if (check.outcome === 'locked') {
        return sendTooManyAttempts(reply, check.retryAfterSeconds, ACCOUNT_LOCKED_MESSAGE)
      }
      if (check.outcome === 'wrong') {
        const field = code !== undefined ? 'code' : 'recovery_code'
        const message =
          code !== undefined ? TWO_FACTOR_MESSAGES.CODE_WRONG : TWO_FACTOR_MESSAGES.RECOVERY_CODE_WRONG
        return sendError(reply, 422, { message, errors: { [field]: [message] } })
      }
      if (!(await app.repos.twoFactor.useChallenge(challenge.id, now))) return spent()
      request.log.info({ userId: user.id, recovery: recoveryCode !== undefined }, 'two-factor sign-in')
      return noStore(reply).send({ data: await openSession(app, user.id, origin, now) })
    },
  )

  app.post(
    '/auth/logout',
    {
      onRequest: [app.authenticateAnyStatus],
      schema: {
        summary: 'Sign out this session',
        body: LogoutRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { tokenId } = authOf(request)
      await app.repos.authTokens.revoke(tokenId, app.now())
      // The device's own tabs close their sockets as they leave, but a socket must not outlive its session on the
      // client's word alone (decision 0033, Sessions end everywhere at once).
      app.realtime.endSessions([tokenId])
      return { message: 'Logged out.' }
    },
  )

  app.post(
    '/auth/auto-login',
    {
      onRequest: [app.rateLimit('autoLogin')],
      schema: {
        summary: 'Sign in with a one-time link from support',
        body: AutoLoginRequestSchema,
        response: { 200: AutoLoginResponseSchema },
      },
    },
    async (request, reply) => {
      const now = app.now()
      const userId = await app.repos.loginLinks.consume(request.body.token, now)
      if (userId === undefined) return sendError(reply, 401, { message: AUTO_LOGIN_INVALID_MESSAGE })
      request.log.info({ userId }, 'signed in with a one-time link')
      return noStore(reply).send({ data: await openSession(app, userId, sessionOrigin(request), now) })
    },
  )

  app.post(
    '/auth/forgot-password',
    {
      onRequest: [app.rateLimit('forgotPassword')],
      schema: {
        summary: 'Ask for a password reset mail',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      // The same answer for any address. The token goes into the mail only, never into a log.
      const user = await app.repos.users.findByEmail(request.body.email)
      if (user) {
        const { token } = await app.repos.passwordResets.issue(user.id, app.now())
        await app.mailer.send(
          passwordResetMail(
            { email: user.email, firstName: user.firstName, userId: user.id },
            passwordResetLink(app.mailLinkBase, token),
          ),
        )
        request.log.info({ userId: user.id }, 'password reset requested')
      }
      return { message: FORGOT_PASSWORD_MESSAGE }
    },
  )

  app.post(
    '/auth/reset-password',
    {
      onRequest: [app.rateLimit('resetPassword')],
      schema: {
        summary: 'Set a new password with a reset token',
        body: ResetPasswordRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      const now = app.now()
      const { token, password } = request.body
      const userId = await app.repos.passwordResets.consume(token, now)
      const user = userId === undefined ? undefined : await app.repos.users.findById(userId)
      if (!user) {
        const message = ACCOUNT_MESSAGES.RESET_TOKEN_INVALID
        return sendError(reply, 422, { message, errors: { token: [message] } })
      }
      await app.repos.profile.setPasswordHash(user.id, await hashPassword(password))
      // Whoever knew the old password is out, on every device.
      const revoked = await app.repos.authTokens.revokeAll(user.id, now)
      publishRevoked(app, user.id, revoked)
      await app.mailer.send(
        passwordChangedMail({ email: user.email, firstName: user.firstName, userId: user.id }, 'reset'),
      )
      request.log.info({ userId: user.id, revoked: revoked.length }, 'password reset')
      return { message: ACCOUNT_MESSAGES.PASSWORD_RESET }
    },
  )
}

// Sign-in and sign-out with opaque bearer tokens, the second step of a two-factor sign-in, the one-time sign-in links
// of brokers' back offices, and the password reset (a neutral forgot-password call, a mailed single-use link, a new
// password that signs out every session). The rules are account/sign-in.ts's and account/password-reset.ts's
// (decision 0039); these routes validate, limit and answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
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
  TwoFactorLoginRequestSchema,
} from '../../src/domain/contract'
import { requestPasswordReset, resetPassword } from '../account/password-reset'
import { sessionOrigin } from '../account/sessions'
import { signInWithLink, signInWithPassword, signInWithSecondFactor } from '../account/sign-in'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { noStore, sendRefusal } from './account-answers'

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
      const { email, password } = request.body
      const origin = sessionOrigin(request)
      const answer = await signInWithPassword(app, { email, password, ip: request.ip, origin })
      if (!answer.ok) return sendRefusal(reply, answer)
      return noStore(reply).send({ data: answer.value })
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
      const { challenge, code, recovery_code: recoveryCode } = request.body
      const origin = sessionOrigin(request)
      const answer = await signInWithSecondFactor(app, {
        challenge,
        code,
        recoveryCode,
        ip: request.ip,
        origin,
      })
      if (!answer.ok) return sendRefusal(reply, answer)
      request.log.info(
        { userId: answer.value.userId, recovery: recoveryCode !== undefined },
        'two-factor sign-in',
      )
      return noStore(reply).send({ data: answer.value.session })
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
      const signedIn = await signInWithLink(app, request.body.token, sessionOrigin(request))
      if (!signedIn) return sendError(reply, 401, { message: AUTO_LOGIN_INVALID_MESSAGE })
      request.log.info({ userId: signedIn.userId }, 'signed in with a one-time link')
      return noStore(reply).send({ data: signedIn.session })
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
      // The same answer for any address.
      const userId = await requestPasswordReset(app, request.body.email)
      if (userId !== undefined) request.log.info({ userId }, 'password reset requested')
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
      const done = await resetPassword(app, request.body.token, request.body.password)
      if (!done) {
        const message = ACCOUNT_MESSAGES.RESET_TOKEN_INVALID
        return sendError(reply, 422, { message, errors: { token: [message] } })
      }
      request.log.info({ userId: done.userId, revoked: done.revoked }, 'password reset')
      return { message: ACCOUNT_MESSAGES.PASSWORD_RESET }
    },
  )
}

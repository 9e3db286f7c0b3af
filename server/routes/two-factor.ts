// Two-factor sign-in for the caller (decision 0020): set up a TOTP secret, confirm it with a code (the 10
// recovery codes are answered that once; only their hashes are kept), turn it off or renew the recovery codes with
// the password and a code. The rules are account/two-factor.ts's (decision 0039); the sign-in side is in
// routes/auth.ts.
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  EmptyBodySchema,
  MessageResponseSchema,
  RecoveryCodesResponseSchema,
  TWO_FACTOR_MESSAGES,
  TwoFactorConfirmRequestSchema,
  TwoFactorEnableRequestSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusResponseSchema,
} from '../../src/domain/contract'
import { sessionOrigin } from '../account/sessions'
import { otpauthUri } from '../account/totp'
import {
  disableTwoFactor,
  enableTwoFactor,
  renewRecoveryCodes,
  setUpTwoFactor,
  twoFactorStatus,
} from '../account/two-factor'
import { authOf } from '../plugins/auth'
import { noStore, sendRefusal } from './account-answers'

const callerOf = (request: FastifyRequest) => {
  const { user, tokenId } = authOf(request)
  return { user, tokenId, origin: sessionOrigin(request) }
}

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/two-factor',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Read whether two-factor sign-in is on',
        response: { 200: TwoFactorStatusResponseSchema },
      },
    },
    async (request) => ({ data: await twoFactorStatus(app, authOf(request).user) }),
  )

  app.post(
    '/user/two-factor/setup',
    {
      onRequest: [app.authenticate, app.rateLimit('twoFactor')],
      schema: {
        summary: 'Start turning on two-factor sign-in: a secret to scan',
        body: EmptyBodySchema,
        response: { 200: TwoFactorSetupResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request)
      const answer = await setUpTwoFactor(app, user)
      if (!answer.ok) return sendRefusal(reply, answer)
      const secret = answer.value
      return noStore(reply).send({ data: { secret, otpauth_uri: otpauthUri(secret, user.email) } })
    },
  )

  app.post(
    '/user/two-factor/enable',
    {
      onRequest: [app.authenticate, app.rateLimit('twoFactor')],
      schema: {
        summary: 'Turn on two-factor sign-in with a first code',
        body: TwoFactorEnableRequestSchema,
        response: { 200: RecoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request)
      const answer = await enableTwoFactor(app, user, request.body.code)
      if (!answer.ok) return sendRefusal(reply, answer)
      request.log.info({ userId: user.id }, 'two-factor sign-in enabled')
      return noStore(reply).send({
        message: TWO_FACTOR_MESSAGES.ENABLED,
        data: { recovery_codes: answer.value },
      })
    },
  )

  app.post(
    '/user/two-factor/disable',
    {
      onRequest: [app.authenticate, app.rateLimit('twoFactor')],
      schema: {
        summary: 'Turn off two-factor sign-in',
        body: TwoFactorConfirmRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const answer = await disableTwoFactor(app, caller, request.body)
      if (!answer.ok) return sendRefusal(reply, answer)
      request.log.info({ userId: caller.user.id }, 'two-factor sign-in disabled')
      return { message: TWO_FACTOR_MESSAGES.DISABLED }
    },
  )

  app.post(
    '/user/two-factor/recovery-codes',
    {
      onRequest: [app.authenticate, app.rateLimit('twoFactor')],
      schema: {
        summary: 'Make new recovery codes',
        body: TwoFactorConfirmRequestSchema,
        response: { 200: RecoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await renewRecoveryCodes(app, callerOf(request), request.body)
      if (!answer.ok) return sendRefusal(reply, answer)
      return noStore(reply).send({
        message: TWO_FACTOR_MESSAGES.RECOVERY_CODES_RENEWED,
        data: { recovery_codes: answer.value },
      })
    },
  )
}

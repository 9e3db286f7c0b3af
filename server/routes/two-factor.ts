// Two-factor sign-in for the caller (issue 16; decision 0020): set up a TOTP secret, confirm it with a code (the 10
// recovery codes are answered that once; only their hashes are kept), turn it off or renew the recovery codes with
// the password and a code. The sign-in side is in routes/auth.ts.
import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  acceptedTotpStep,
  generateRecoveryCodes,
  normaliseRecoveryCode,
} from '../../src/domain/account/two-factor'
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
import { codeGenerator, newTotpSecret, otpauthUri } from '../account/totp'
import { verifyPassword } from '../lib/passwords'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { recoveryCodeHash } from '../repositories/two-factor'
import type { UserRow } from '../repositories/users'

const freshRecoveryCodes = (userId: number) => {
  const codes = generateRecoveryCodes((count) => new Uint8Array(randomBytes(count)))
  const hashes = codes.map((code) => recoveryCodeHash(userId, normaliseRecoveryCode(code) ?? code))
  return { codes, hashes }
}

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A code from the app (once per time step) or an unused recovery code; spends it when right. */
  async function secondFactorMatches(user: UserRow, code: string): Promise<boolean> {
    if (!user.twoFactorSecret) return false
    const digits = code.replace(/\s+/g, '')
    if (/^\d{6}$/.test(digits)) {
      const step = acceptedTotpStep(
        digits,
        app.now(),
        user.twoFactorLastStep,
        codeGenerator(user.twoFactorSecret),
      )
      return step !== null && app.repos.twoFactor.useStep(user.id, step)
    }
    const normalised = normaliseRecoveryCode(code)
    return normalised !== null && app.repos.twoFactor.useRecoveryCode(user.id, normalised, app.now())
  }

  /** The password and a second factor, or the 422 to answer. */
  async function confirmIdentity(
    user: UserRow,
    password: string,
    code: string,
  ): Promise<{ message: string; errors: Record<string, string[]> } | undefined> {
    if (!(await verifyPassword(user.passwordHash, password))) {
      const message = 'The password is not correct.'
      return { message, errors: { password: [message] } }
    }
    if (!(await secondFactorMatches(user, code))) {
      const message = TWO_FACTOR_MESSAGES.CODE_WRONG
      return { message, errors: { code: [message] } }
    }
    return undefined
  }

  app.get(
    '/user/two-factor',
    { onRequest: [app.authenticate], schema: { response: { 200: TwoFactorStatusResponseSchema } } },
    async (request) => {
      const { user } = authOf(request)
      const enabled = user.twoFactorEnabledAt !== null
      return {
        data: {
          enabled,
          enabled_at: user.twoFactorEnabledAt?.toISOString() ?? null,
          recovery_codes_left: enabled ? await app.repos.twoFactor.recoveryCodesLeft(user.id) : 0,
        },
      }
    },
  )

  app.post(
    '/user/two-factor/setup',
    {
      onRequest: [app.authenticate, app.rateLimit('twoFactor')],
      schema: { body: EmptyBodySchema, response: { 200: TwoFactorSetupResponseSchema } },
    },
    async (request, reply) => {
      const { user } = authOf(request)
      if (user.twoFactorEnabledAt !== null) {
        return sendError(reply, 409, { message: TWO_FACTOR_MESSAGES.ALREADY_ENABLED })
      }
      const secret = newTotpSecret()
      if (!(await app.repos.twoFactor.setPendingSecret(user.id, secret))) {
        return sendError(reply, 409, { message: TWO_FACTOR_MESSAGES.ALREADY_ENABLED })
      }
      return reply
        .header('cache-control', 'no-store')
        .send({ data: { secret, otpauth_uri: otpauthUri(secret, user.email) } })
    },
  )

  app.post(
    '/user/two-factor/enable',
    {
      onRequest: [app.authenticate, app.rateLimit('twoFactor')],
      schema: { body: TwoFactorEnableRequestSchema, response: { 200: RecoveryCodesResponseSchema } },
    },
    async (request, reply) => {
      const now = app.now()
      const { user } = authOf(request)
      if (user.twoFactorEnabledAt !== null) {
        return sendError(reply, 409, { message: TWO_FACTOR_MESSAGES.ALREADY_ENABLED })
      }
      const pending = user.twoFactorPendingSecret
      if (!pending) return sendError(reply, 409, { message: TWO_FACTOR_MESSAGES.NOT_SET_UP })
      const step = acceptedTotpStep(request.body.code, now, null, codeGenerator(pending))
      if (step === null) {
        const message = TWO_FACTOR_MESSAGES.CODE_WRONG
        return sendError(reply, 422, { message, errors: { code: [message] } })
      }
      const { codes, hashes } = freshRecoveryCodes(user.id)
      if (!(await app.repos.twoFactor.enable(user.id, pending, step, hashes, now))) {
        return sendError(reply, 409, { message: TWO_FACTOR_MESSAGES.ALREADY_ENABLED })
      }
      request.log.info({ userId: user.id }, 'two-factor sign-in enabled')
      return reply
        .header('cache-control', 'no-store')
        .send({ message: TWO_FACTOR_MESSAGES.ENABLED, data: { recovery_codes: codes } })
    },
  )

  app.post(
    '/user/two-factor/disable',
    {
      onRequest: [app.authenticate, app.rateLimit('twoFactor')],
      schema: { body: TwoFactorConfirmRequestSchema, response: { 200: MessageResponseSchema } },
    },
    async (request, reply) => {
      const { user } = authOf(request)
      if (user.twoFactorEnabledAt === null) {
        return sendError(reply, 409, { message: TWO_FACTOR_MESSAGES.NOT_ENABLED })
      }
      const refused = await confirmIdentity(user, request.body.password, request.body.code)
      if (refused) return sendError(reply, 422, refused)
      await app.repos.twoFactor.disable(user.id)
      request.log.info({ userId: user.id }, 'two-factor sign-in disabled')
      return { message: TWO_FACTOR_MESSAGES.DISABLED }
    },
  )

  app.post(
    '/user/two-factor/recovery-codes',
    {
      onRequest: [app.authenticate, app.rateLimit('twoFactor')],
      schema: { body: TwoFactorConfirmRequestSchema, response: { 200: RecoveryCodesResponseSchema } },
    },
    async (request, reply) => {
      const { user } = authOf(request)
      if (user.twoFactorEnabledAt === null) {
        return sendError(reply, 409, { message: TWO_FACTOR_MESSAGES.NOT_ENABLED })
      }
      const refused = await confirmIdentity(user, request.body.password, request.body.code)
      if (refused) return sendError(reply, 422, refused)
      const { codes, hashes } = freshRecoveryCodes(user.id)
      await app.repos.twoFactor.replaceRecoveryCodes(user.id, hashes, app.now())
      return reply
        .header('cache-control', 'no-store')
        .send({ message: TWO_FACTOR_MESSAGES.RECOVERY_CODES_RENEWED, data: { recovery_codes: codes } })
    },
  )
}

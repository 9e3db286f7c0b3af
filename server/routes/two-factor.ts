// Two-factor sign-in for the caller (issue 16; decision 0020): set up a TOTP secret, confirm it with a code (the 10
// recovery codes are answered that once; only their hashes are kept), turn it off or renew the recovery codes with
// the password and a code. The sign-in side is in routes/auth.ts.
import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
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
import {
  checkSecondFactor,
  checkSessionPassword,
  LANES,
  spendSecondFactor,
  type SecretCheck,
} from '../account/secret-checks'
import { sessionOrigin } from '../account/sessions'
import { codeGenerator, newTotpSecret, otpauthUri } from '../account/totp'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { sendTooManyAttempts } from '../plugins/rate-limit'
import { recoveryCodeHash } from '../repositories/two-factor'

const PASSWORD_WRONG = 'The password is not correct.'

interface Refusal {
  check: Exclude<SecretCheck, { outcome: 'accepted' }>
  field: 'password' | 'code'
  message: string
}

const freshRecoveryCodes = (userId: number) => {
  const codes = generateRecoveryCodes((count) => new Uint8Array(randomBytes(count)))
  const hashes = codes.map((code) => recoveryCodeHash(userId, normaliseRecoveryCode(code) ?? code))
  return { codes, hashes }
}

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The password, then a code from the app or a recovery code, each counted in this session's lanes before it is
   * checked (decision 0033): undefined when both were right (the code is then spent), else the refused check. Not
   * the reply itself: a reply is a thenable, and an async function's caller would await it into undefined.
   */
  async function confirmIdentity(
    request: FastifyRequest,
    body: { password: string; code: string },
  ): Promise<Refusal | undefined> {
    const { user, tokenId } = authOf(request)
    const password = await checkSessionPassword(app, user, tokenId, body.password)
    if (password.outcome !== 'accepted')
      return { check: password, field: 'password', message: PASSWORD_WRONG }
    const now = app.now()
    const digits = body.code.replace(/\s+/g, '')
    const entered = /^\d{6}$/.test(digits) ? { code: digits } : { recoveryCode: body.code }
    const attempt = { userId: user.id, lane: LANES.session(tokenId), origin: sessionOrigin(request), now }
    const code = await checkSecondFactor(app, attempt, () => spendSecondFactor(app, user, entered, now))
    if (code.outcome !== 'accepted')
      return { check: code, field: 'code', message: TWO_FACTOR_MESSAGES.CODE_WRONG }
    return undefined
  }

  /** 429 while the refused check's lane is locked, else 422 on its field. */
  function refuse(reply: FastifyReply, { check, field, message }: Refusal) {
    if (check.outcome === 'locked') return sendTooManyAttempts(reply, check.retryAfterSeconds)
    return sendError(reply, 422, { message, errors: { [field]: [message] } })
  }

  app.get(
    '/user/two-factor',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Read whether two-factor sign-in is on',
        response: { 200: TwoFactorStatusResponseSchema },
      },
    },
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
      schema: {
        summary: 'Start turning on two-factor sign-in: a secret to scan',
        body: EmptyBodySchema,
        response: { 200: TwoFactorSetupResponseSchema },
      },
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
      schema: {
        summary: 'Turn on two-factor sign-in with a first code',
        body: TwoFactorEnableRequestSchema,
        response: { 200: RecoveryCodesResponseSchema },
      },
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
      schema: {
        summary: 'Turn off two-factor sign-in',
        body: TwoFactorConfirmRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request)
      if (user.twoFactorEnabledAt === null) {
        return sendError(reply, 409, { message: TWO_FACTOR_MESSAGES.NOT_ENABLED })
      }
      const refused = await confirmIdentity(request, request.body)
      if (refused) return refuse(reply, refused)
      await app.repos.twoFactor.disable(user.id)
      request.log.info({ userId: user.id }, 'two-factor sign-in disabled')
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
      const { user } = authOf(request)
      if (user.twoFactorEnabledAt === null) {
        return sendError(reply, 409, { message: TWO_FACTOR_MESSAGES.NOT_ENABLED })
      }
      const refused = await confirmIdentity(request, request.body)
      if (refused) return refuse(reply, refused)
      const { codes, hashes } = freshRecoveryCodes(user.id)
      await app.repos.twoFactor.replaceRecoveryCodes(user.id, hashes, app.now())
      return reply
        .header('cache-control', 'no-store')
        .send({ message: TWO_FACTOR_MESSAGES.RECOVERY_CODES_RENEWED, data: { recovery_codes: codes } })
    },
  )
}

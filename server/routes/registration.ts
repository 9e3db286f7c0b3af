// Sign-up (docs/product/registration.md#flow): the start page's email check, then the full registration payload.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CheckEmailRequestSchema,
  CheckEmailResponseSchema,
  EMAIL_TAKEN_MESSAGE,
  REGISTRATION_SUCCESS_MESSAGE,
  RegisterResponseSchema,
  RegistrationPayloadSchema,
  USER_STATUS,
  USERNAME_TAKEN_MESSAGE,
} from '../../src/domain/contract'
import { PLAN_SLUG } from '../db/seed-data/catalog'
import { hashPassword } from '../lib/passwords'
import { requestCountry } from '../lib/request-country'
import { publishRequestsChanged } from '../realtime/user-events'
import { sendError } from '../plugins/errors'
import type { UniqueUserField } from '../repositories/users'

const TAKEN_MESSAGES: Record<UniqueUserField, string> = {
  email: EMAIL_TAKEN_MESSAGE,
  username: USERNAME_TAKEN_MESSAGE,
}

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  // docs/product/api.md#calls: success, message, data.available, data.country. A taken address is still a 200: the
  // client reads `available` and shows its rejection toast with the message.
  app.post(
    '/auth/check-email',
    {
      onRequest: [app.rateLimit('checkEmail')],
      schema: {
        summary: 'Check whether an email address can register',
        body: CheckEmailRequestSchema,
        response: { 200: CheckEmailResponseSchema },
      },
    },
    async (request) => {
      const country = requestCountry(request.headers)
      const available = (await app.repos.users.findByEmail(request.body.email)) === undefined
      return {
        success: true,
        message: available ? 'Email is available' : EMAIL_TAKEN_MESSAGE,
        data: { available, country },
      }
    },
  )

  app.post(
    '/auth/register',
    {
      onRequest: [app.rateLimit('register')],
      schema: {
        summary: 'Register a new customer',
        body: RegistrationPayloadSchema,
        response: { 201: RegisterResponseSchema },
      },
    },
    async (request, reply) => {
      const payload = request.body
      const sendTaken = (fields: UniqueUserField[]) =>
        sendError(reply, 409, {
          message: TAKEN_MESSAGES[fields[0] ?? 'email'],
          errors: Object.fromEntries(fields.map((field) => [field, [TAKEN_MESSAGES[field]]])),
        })

      // Checked first so the common case costs no password hash; the unique indexes settle any race.
      const taken = await app.repos.users.takenFields(payload.email, payload.username)
      if (taken.length > 0) return sendTaken(taken)

      const settings = await app.repos.settings.get()
      const result = await app.repos.users.create({
        email: payload.email,
        username: payload.username,
        firstName: payload.first_name,
        lastName: payload.last_name,
        phone: `${payload.country_code.trim()}${payload.phone}`,
        country: payload.country,
        nationality: payload.nationality,
        passwordHash: await hashPassword(payload.password),
        status: settings.require_approval ? USER_STATUS.PENDING : USER_STATUS.ACTIVE,
        planSlug: PLAN_SLUG.BASIC,
      })
      if ('conflict' in result) return sendTaken([result.conflict])

      const user = await app.repos.users.findView(result.user.id, app.now())
      if (!user) throw new Error(`User ${result.user.id} vanished after registering`)
      request.log.info({ userId: user.id, status: user.status }, 'user registered')
      // The client management team's queue shows the new account at once.
      if (user.status === USER_STATUS.PENDING) publishRequestsChanged(app.publisher)
      return reply.code(201).send({ message: REGISTRATION_SUCCESS_MESSAGE, data: { user } })
    },
  )
}

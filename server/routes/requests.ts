// What a customer asks the back office for (docs/product/marketplace.md#auto-trader; the plans comparison): the auto
// trader, and a move to another plan. One pending request of each kind at a time; an admin decides
// (routes/admin-requests.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AUTOTRADER_MESSAGES,
  MessageResponseSchema,
  PlanUpgradeRequestSchema,
  UpdateAutotraderRequestSchema,
} from '../../src/domain/contract'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { publishRequestsChanged } from '../realtime/user-events'
import { MAX_SERIAL_ID } from '../../src/domain/contract'

const BODY_LIMIT_BYTES = 16 * 1024

export const REQUEST_MESSAGES = {
  AUTOTRADER_ACTIVE: 'The auto trader is already active.',
  PLAN_NOT_FOUND: 'Plan not found',
  CURRENT_PLAN: 'You are already on this plan.',
  UPGRADE_PENDING: 'You already have a pending plan upgrade request. We will be in touch shortly.',
  UPGRADE_SENT: 'Your upgrade request has been sent. We will be in touch shortly.',
} as const

export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/update/autotrader',
    {
      onRequest: [app.rateLimit('autotraderRequest'), app.authenticate],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Ask for the auto trader',
        body: UpdateAutotraderRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      const user = authOf(request).user
      const result = await app.repos.requests.requestAutotrader(
        user.id,
        request.body.autotrader_type,
        app.now(),
      )
      if (result.kind === 'already_active') {
        return sendError(reply, 409, { message: REQUEST_MESSAGES.AUTOTRADER_ACTIVE })
      }
      // The client recognises this refusal by 'pending auto trader request' in the message
      // (docs/product/marketplace.md#auto-trader).
      if (result.kind === 'pending')
        return sendError(reply, 409, { message: AUTOTRADER_MESSAGES.SERVER_PENDING })
      request.log.info({ userId: user.id, level: request.body.autotrader_type }, 'auto trader requested')
      publishRequestsChanged(app.publisher)
      return { message: AUTOTRADER_MESSAGES.SAVED }
    },
  )

  app.post(
    '/plans/upgrade',
    {
      onRequest: [app.rateLimit('planUpgrade'), app.authenticate],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Ask for a plan upgrade',
        body: PlanUpgradeRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      const user = authOf(request).user
      const planId = request.body.plan_id
      if (planId > MAX_SERIAL_ID) return sendError(reply, 404, { message: REQUEST_MESSAGES.PLAN_NOT_FOUND })
      const result = await app.repos.requests.requestPlanUpgrade(user.id, planId, app.now())
      switch (result.kind) {
        case 'plan_not_found':
          return sendError(reply, 404, { message: REQUEST_MESSAGES.PLAN_NOT_FOUND })
        case 'current_plan':
          return sendError(reply, 422, {
            message: REQUEST_MESSAGES.CURRENT_PLAN,
            errors: { plan_id: [REQUEST_MESSAGES.CURRENT_PLAN] },
          })
        case 'pending':
          return sendError(reply, 409, { message: REQUEST_MESSAGES.UPGRADE_PENDING })
        case 'created':
          request.log.info({ userId: user.id, planId }, 'plan upgrade requested')
          publishRequestsChanged(app.publisher)
          return { message: REQUEST_MESSAGES.UPGRADE_SENT }
      }
    },
  )
}

// The catalogue and the marketplace (docs/product/marketplace.md#buying-an-advisor,
// docs/product/data-model.md#expert-advisor and docs/product/api.md#calls): GET /catalog (the spec's "shared query":
// currencies, plans, plan_features and expert_advisors), GET /expert_advisors, buying an advisor and its
// Running/Stopped switch. The advisor list is the caller's: owned, available for their plan, running.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CatalogResponseSchema,
  EXPERT_ADVISOR_MESSAGES,
  ExpertAdvisorRunningRequestSchema,
  ExpertAdvisorRunningResponseSchema,
  ExpertAdvisorsResponseSchema,
  PurchaseExpertAdvisorRequestSchema,
  PurchaseExpertAdvisorResponseSchema,
} from '../../src/domain/contract'
import { MAX_SERIAL_ID } from '../../src/domain/contract'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { publishUserUpdated } from '../realtime/user-events'
import { formatUsd } from '../trading/pricing'

/** Serial ids are int4: a larger id names nothing, and would fail inside the query. */
export { MAX_SERIAL_ID }

const AdvisorIdParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'The Expert Advisor id must be a number' })
    .int()
    .positive()
    .max(MAX_SERIAL_ID),
})

// One id or one flag; a few kilobytes is already far more than a real request.
const BODY_LIMIT_BYTES = 16 * 1024

export const CATALOG_MESSAGES = {
  STARTED: 'The Expert Advisor is running.',
  STOPPED: 'The Expert Advisor is stopped.',
  PENDING: 'Your account is awaiting approval; you can buy Expert Advisors once it is approved.',
  DEACTIVATED: 'Your account is deactivated, so it cannot buy Expert Advisors.',
} as const

const notEnoughBalance = (balanceUsd: string, priceUsd: string) =>
  `Your balance (${formatUsd(Number(balanceUsd))}) is not enough for this Expert Advisor (${formatUsd(Number(priceUsd))}).`

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalog',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'List the plans, currencies and expert advisors on sale',
        response: { 200: CatalogResponseSchema },
      },
    },
    async (request, reply) => {
      const catalog = await app.repos.catalog.catalogFor(authOf(request).user.id)
      // Owned, available and running are the caller's: no shared cache may keep this answer.
      return reply.header('cache-control', 'private, no-store').send({ data: catalog })
    },
  )

  app.get(
    '/expert_advisors',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: "List the customer's expert advisors",
        response: { 200: ExpertAdvisorsResponseSchema },
      },
    },
    async (request, reply) => {
      const advisors = await app.repos.catalog.advisorsFor(authOf(request).user.id)
      return reply.header('cache-control', 'private, no-store').send({ data: advisors })
    },
  )

  app.post(
    '/purchase/ea',
    {
      onRequest: [app.rateLimit('eaPurchase'), app.authenticate],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Buy an expert advisor',
        body: PurchaseExpertAdvisorRequestSchema,
        response: { 200: PurchaseExpertAdvisorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = authOf(request).user
      const advisorId = request.body.expert_advisor_id
      if (advisorId > MAX_SERIAL_ID)
        return sendError(reply, 404, { message: EXPERT_ADVISOR_MESSAGES.NOT_FOUND })

      const result = await app.repos.catalog.purchase(user.id, advisorId, app.now())
      switch (result.kind) {
        case 'not_found':
          return sendError(reply, 404, { message: EXPERT_ADVISOR_MESSAGES.NOT_FOUND })
        case 'not_for_plan':
          return sendError(reply, 403, { message: EXPERT_ADVISOR_MESSAGES.NOT_FOR_PLAN })
        case 'account_not_active':
          return sendError(reply, 422, {
            message: result.status === 'pending' ? CATALOG_MESSAGES.PENDING : CATALOG_MESSAGES.DEACTIVATED,
          })
        case 'insufficient_balance': {
          const message = notEnoughBalance(result.balanceUsd, result.priceUsd)
          return sendError(reply, 422, { message, errors: { expert_advisor_id: [message] } })
        }
        case 'purchased':
          request.log.info(
            { userId: user.id, advisorId, chargedUsd: result.chargedUsd },
            'expert advisor purchased',
          )
          // The balance and eas changed: every open tab refetches the user.
          publishUserUpdated(app.publisher, user.id, app.now())
          break
        case 'already_owned':
          break
      }
      return { status: 'success' as const, message: EXPERT_ADVISOR_MESSAGES.PURCHASED }
    },
  )

  app.post(
    '/expert_advisors/:id/running',
    {
      onRequest: [app.authenticate],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Start or stop an expert advisor',
        params: AdvisorIdParamsSchema,
        body: ExpertAdvisorRunningRequestSchema,
        response: { 200: ExpertAdvisorRunningResponseSchema },
      },
    },
    async (request, reply) => {
      const { running } = request.body
      const advisor = await app.repos.catalog.setRunning(authOf(request).user.id, request.params.id, running)
      // An advisor the caller does not own has no switch: the same answer as one that does not exist.
      if (!advisor) return sendError(reply, 404, { message: EXPERT_ADVISOR_MESSAGES.NOT_FOUND })
      return { message: running ? CATALOG_MESSAGES.STARTED : CATALOG_MESSAGES.STOPPED, data: advisor }
    },
  )
}

// The cashier's calls (decision 0019): the methods and the summary, and deposits by card, crypto and wire;
// withdrawals, the history and savings are in funds-withdrawals.ts, funds-history.ts and funds-savings.ts. Signed-in
// active customers only (the status gate of app.authenticate applies; an admin gets 403); every record is looked up
// with the caller's id, so another customer's answers 404. The decisions are the cashier's (server/funds/cashier.ts);
// these routes validate, limit and answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CardDepositRequestSchema,
  CryptoAddressParamsSchema,
  CryptoAddressResponseSchema,
  DepositResponseSchema,
  DepositsResponseSchema,
  EmptyBodySchema,
  FundsIdParamsSchema,
  FundsOptionsResponseSchema,
  FundsSummaryResponseSchema,
  ThreeDsRequestSchema,
  WireDepositRequestSchema,
  WireIntentResponseSchema,
} from '../../src/domain/contract'
import { CASHIER_MESSAGES } from '../funds/cashier'
import { sendError } from '../plugins/errors'
import { BODY_LIMIT_BYTES, customersOnly, idempotencyKey, noStore, send, userIdOf } from './funds-answers'

export const fundsRoutes: FastifyPluginAsyncZod = async (app) => {
  customersOnly(app)
  const customers = [app.authenticate]

  app.get(
    '/funds/options',
    {
      onRequest: customers,
      schema: {
        summary: 'Read the deposit and withdrawal methods and their limits',
        response: { 200: FundsOptionsResponseSchema },
      },
    },
    async (_request, reply) => noStore(reply).send({ data: await app.funds.options() }),
  )

  app.get(
    '/funds/summary',
    {
      onRequest: customers,
      schema: {
        summary: 'Read the balance, margin and withdrawable amount',
        response: { 200: FundsSummaryResponseSchema },
      },
    },
    async (request, reply) => {
      const summary = await app.funds.summary(userIdOf(request))
      if (!summary) return sendError(reply, 404, { message: CASHIER_MESSAGES.USER_NOT_FOUND })
      return noStore(reply).send({ data: summary })
    },
  )

  // ---- deposits ----

  app.get(
    '/funds/deposits',
    {
      onRequest: customers,
      schema: { summary: 'List the deposits', response: { 200: DepositsResponseSchema } },
    },
    async (request, reply) => noStore(reply).send({ data: await app.repos.deposits.list(userIdOf(request)) }),
  )

  app.post(
    '/funds/deposits/card',
    {
      onRequest: [...customers, app.rateLimit('cardDeposit')],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Deposit by card',
        body: CardDepositRequestSchema,
        response: { 200: DepositResponseSchema, 201: DepositResponseSchema, 202: DepositResponseSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request, reply)
      if (typeof key !== 'string') return key
      return send(reply, await app.funds.cardDeposit(userIdOf(request), request.body, key))
    },
  )

  app.post(
    '/funds/deposits/:id/three-ds',
    {
      onRequest: [...customers, app.rateLimit('cardDeposit')],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: "Complete a card deposit's 3-D Secure step",
        params: FundsIdParamsSchema,
        body: ThreeDsRequestSchema,
        response: { 200: DepositResponseSchema },
      },
    },
    async (request, reply) =>
      send(reply, await app.funds.threeDs(userIdOf(request), request.params.id, request.body.approve)),
  )

  app.get(
    '/funds/crypto/:coin/:network/address',
    {
      onRequest: customers,
      schema: {
        summary: 'Read the deposit address for a coin on a network',
        params: CryptoAddressParamsSchema,
        response: { 200: CryptoAddressResponseSchema },
      },
    },
    async (request, reply) => {
      const { coin, network } = request.params
      const answer = await app.funds.cryptoAddress(userIdOf(request), coin, network)
      if (!answer.ok) return send(reply, answer)
      return noStore(reply).send({ data: answer.data })
    },
  )

  app.post(
    '/funds/wire/intents',
    {
      onRequest: [...customers, app.rateLimit('wireDeposit')],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Start a bank wire deposit: the reference to quote',
        body: EmptyBodySchema,
        response: { 201: WireIntentResponseSchema },
      },
    },
    async (request, reply) =>
      noStore(reply)
        .code(201)
        .send({ data: await app.funds.wireIntent(userIdOf(request)) }),
  )

  app.post(
    '/funds/deposits/wire',
    {
      onRequest: [...customers, app.rateLimit('wireDeposit')],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Report a bank wire deposit',
        body: WireDepositRequestSchema,
        response: { 200: DepositResponseSchema, 201: DepositResponseSchema },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await app.funds.wireDeposit(userIdOf(request), request.body.reference, request.body.amount),
      ),
  )
}

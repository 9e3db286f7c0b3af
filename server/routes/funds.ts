// The cashier's calls (issue 15): deposits by card, crypto and wire, withdrawals, the transactions list and the
// statement, and flexible savings. Signed-in active customers only (the status gate of app.authenticate applies;
// an admin gets 403); every record is looked up with the caller's id, so another customer's answers 404. The
// decisions are the cashier's (server/funds/cashier.ts); these routes validate, limit and answer.
import { stringify } from 'csv-stringify/sync'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CardDepositRequestSchema,
  CryptoAddressParamsSchema,
  CryptoAddressResponseSchema,
  DepositResponseSchema,
  DepositsResponseSchema,
  EmptyBodySchema,
  FUNDS_PAGE_SIZE,
  FundsIdParamsSchema,
  FundsOptionsResponseSchema,
  FundsSummaryResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  SavingsResponseSchema,
  SavingsTransferRequestSchema,
  SavingsTransferResponseSchema,
  STATEMENT_COLUMNS,
  StatementQuerySchema,
  StatementResponseSchema,
  ThreeDsRequestSchema,
  TransactionsQuerySchema,
  TransactionsResponseSchema,
  USER_ROLE,
  WireDepositRequestSchema,
  WireIntentResponseSchema,
  WithdrawalRequestSchema,
  WithdrawalResponseSchema,
  WithdrawalsResponseSchema,
} from '../../src/domain/contract'
import { statementFileName } from '../../src/domain/funds/transactions-search'
import { CASHIER_MESSAGES, type Answer } from '../funds/cashier'
import { moneyToJson } from '../lib/money'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { fileAnswer } from '../plugins/openapi'

const BODY_LIMIT_BYTES = 16 * 1024

/** The validated Idempotency-Key header, or the 422 already sent. */
function idempotencyKey(request: FastifyRequest, reply: FastifyReply): string | FastifyReply {
  const key = IdempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER])
  if (key.success) return key.data
  const message = key.error.issues[0]?.message ?? 'The Idempotency-Key header is invalid'
  return sendError(reply, 422, { message, errors: { 'Idempotency-Key': [message] } })
}

/** A cashier answer as HTTP: the data with its message, or the refusal's envelope. */
function send<T>(reply: FastifyReply, answer: Answer<T>) {
  if (!answer.ok) {
    return sendError(reply, answer.statusCode, {
      message: answer.message,
      ...(answer.errors ? { errors: answer.errors } : {}),
    })
  }
  return reply.code(answer.statusCode).header('cache-control', 'no-store').send({
    message: answer.message,
    data: answer.data,
  })
}

export const fundsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Admins have no cashier: their balance is nobody's money. Checked once the request is valid (a preHandler), so
  // a malformed request is a 422 whoever sends it, as on every other route.
  app.addHook('preHandler', async (request, reply) => {
    if (request.auth && request.auth.user.role !== USER_ROLE.CUSTOMER) {
      return sendError(reply, 403, { message: CASHIER_MESSAGES.CUSTOMERS_ONLY })
    }
    return undefined
  })
  const customers = [app.authenticate]
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

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

  // ---- withdrawals ----

  app.get(
    '/funds/withdrawals',
    {
      onRequest: customers,
      schema: { summary: 'List the withdrawals', response: { 200: WithdrawalsResponseSchema } },
    },
    async (request, reply) =>
      noStore(reply).send({ data: await app.repos.withdrawals.list(userIdOf(request)) }),
  )

  app.post(
    '/funds/withdrawals',
    {
      onRequest: [...customers, app.rateLimit('withdrawal')],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Ask for a withdrawal',
        body: WithdrawalRequestSchema,
        response: { 200: WithdrawalResponseSchema, 201: WithdrawalResponseSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request, reply)
      if (typeof key !== 'string') return key
      return send(reply, await app.funds.withdraw(userIdOf(request), request.body, key))
    },
  )

  app.post(
    '/funds/withdrawals/:id/cancel',
    {
      onRequest: [...customers, app.rateLimit('withdrawal')],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Cancel a withdrawal that is still pending',
        params: FundsIdParamsSchema,
        body: EmptyBodySchema,
        response: { 200: WithdrawalResponseSchema },
      },
    },
    async (request, reply) =>
      send(reply, await app.funds.cancelWithdrawal(userIdOf(request), request.params.id)),
  )

  // ---- history ----

  app.get(
    '/funds/transactions',
    {
      onRequest: customers,
      schema: {
        summary: "Search the ledger's transactions",
        querystring: TransactionsQuerySchema,
        response: { 200: TransactionsResponseSchema },
      },
    },
    async (request, reply) => {
      const page = request.query.page ?? 1
      const { data, total } = await app.repos.fundsHistory.transactions(
        userIdOf(request),
        request.query,
        FUNDS_PAGE_SIZE,
      )
      return noStore(reply).send({
        data,
        meta: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / FUNDS_PAGE_SIZE)),
          per_page: FUNDS_PAGE_SIZE,
          total,
        },
      })
    },
  )

  app.get(
    '/funds/statement',
    {
      onRequest: customers,
      schema: {
        summary: 'Read the account statement for a period',
        querystring: StatementQuerySchema,
        response: { 200: StatementResponseSchema },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query
      const statement = await app.repos.fundsHistory.statement(userIdOf(request), { from, to })
      return noStore(reply).send({
        data: {
          from: from ?? null,
          to: to ?? null,
          opening_balance: moneyToJson(statement.openingUsd),
          closing_balance: moneyToJson(statement.closingUsd),
          rows: statement.rows.map((row) => ({
            date: row.createdAt.toISOString(),
            type: row.type,
            reference: row.reference,
            amount: moneyToJson(row.amountUsd),
            balance_after: moneyToJson(row.balanceAfterUsd),
          })),
        },
      })
    },
  )

  app.get(
    '/funds/statement.csv',
    {
      onRequest: customers,
      schema: {
        summary: 'Download the account statement as CSV',
        querystring: StatementQuerySchema,
        response: {
          200: fileAnswer('The statement, a header row then one row a transaction.', ['text/csv']),
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query
      const statement = await app.repos.fundsHistory.statement(userIdOf(request), { from, to })
      // Amounts as the ledger keeps them (numeric text, two decimals): a spreadsheet sums them exactly.
      const csv = stringify(
        statement.rows.map((row) => [
          row.createdAt.toISOString(),
          row.type,
          row.reference,
          row.amountUsd,
          row.balanceAfterUsd,
        ]),
        { header: true, columns: [...STATEMENT_COLUMNS] },
      )
      return noStore(reply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statementFileName(from, to)}"`)
        .send(csv)
    },
  )

  // ---- savings ----

  app.get(
    '/funds/savings',
    {
      onRequest: customers,
      schema: {
        summary: 'Read the savings balance and its interest',
        response: { 200: SavingsResponseSchema },
      },
    },
    async (request, reply) => noStore(reply).send({ data: await app.funds.savings(userIdOf(request)) }),
  )

  app.post(
    '/funds/savings/transfers',
    {
      onRequest: [...customers, app.rateLimit('savingsTransfer')],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Move money into or out of savings',
        body: SavingsTransferRequestSchema,
        response: { 200: SavingsTransferResponseSchema, 201: SavingsTransferResponseSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request, reply)
      if (typeof key !== 'string') return key
      return send(reply, await app.funds.savingsTransfer(userIdOf(request), request.body, key))
    },
  )
}

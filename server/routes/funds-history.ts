// The ledger's history (decision 0019): the transactions search and the statement, as JSON or CSV. Customers only,
// each their own ledger; the rows come from repositories/funds-history.ts.
import { stringify } from 'csv-stringify/sync'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  FUNDS_PAGE_SIZE,
  STATEMENT_COLUMNS,
  StatementQuerySchema,
  StatementResponseSchema,
  TransactionsQuerySchema,
  TransactionsResponseSchema,
} from '../../src/domain/contract'
import { statementFileName } from '../../src/domain/funds/transactions-search'
import { moneyToJson } from '../lib/money'
import { fileAnswer } from '../plugins/openapi'
import { customersOnly, noStore, userIdOf } from './funds-answers'

export const fundsHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  customersOnly(app)
  const customers = [app.authenticate]

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
}

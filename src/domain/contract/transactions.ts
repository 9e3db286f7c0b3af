// The transactions list and the printable statement (decision 0019): every money movement as the customer sees it.
// In zod/mini: the dashboard's recent list loads it for its first render, and zod/mini builds schemas at import for
// less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../funds/transaction-kinds'
import { BoundedDateSchema, dataEnvelope } from './common'
import './zod-messages'

export const FUNDS_PAGE_SIZE = 25

// The kinds, statuses and statement columns (zod-free in ../funds/transaction-kinds.ts, for the transactions
// page's URL schema).
export { STATEMENT_COLUMNS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../funds/transaction-kinds'
export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES)
export type TransactionType = z.infer<typeof TransactionTypeSchema>
export const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES)

// A real calendar day within the dates the database takes: 2025-02-30 and year 0 are refused here, not by it.
const DateParamSchema = BoundedDateSchema
export const TransactionsQuerySchema = z.object({
  type: z.optional(TransactionTypeSchema),
  status: z.optional(TransactionStatusSchema),
  /** Inclusive UTC days. */
  from: z.optional(DateParamSchema),
  to: z.optional(DateParamSchema),
  page: z.optional(
    z.coerce
      .number({ message: 'The page must be a number' })
      .check(z.int(), z.minimum(1), z.maximum(100_000)),
  ),
})
export type TransactionsQuery = z.infer<typeof TransactionsQuerySchema>

/** One money movement as the customer sees it (trade P/L is in the trade history, not here). */
export const TransactionSchema = z.object({
  /** 'deposit:12', 'withdrawal:3', 'ledger:881': unique across the kinds listed together. */
  id: z.string(),
  type: TransactionTypeSchema,
  status: TransactionStatusSchema,
  /** Signed: money in is positive, out negative. */
  amount: z.number(),
  reference: z.string(),
  /** 'Visa •••• 4242', 'BTC (Bitcoin)', 'Bank wire', 'To savings'. */
  description: z.string(),
  created_at: z.string(),
})
export type Transaction = z.infer<typeof TransactionSchema>
export const TransactionsResponseSchema = z.object({
  data: z.array(TransactionSchema),
  meta: z.object({
    current_page: z.int(),
    last_page: z.int(),
    per_page: z.int(),
    total: z.int(),
  }),
})

export const StatementQuerySchema = z.object({
  from: z.optional(DateParamSchema),
  to: z.optional(DateParamSchema),
})
/** GET /funds/statement: the same rows for the printable statement. */
export const StatementSchema = z.object({
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
  opening_balance: z.number(),
  closing_balance: z.number(),
  rows: z.array(
    z.object({
      date: z.string(),
      type: z.string(),
      reference: z.string(),
      amount: z.number(),
      balance_after: z.number(),
    }),
  ),
})
export type Statement = z.infer<typeof StatementSchema>
export const StatementResponseSchema = dataEnvelope(StatementSchema)

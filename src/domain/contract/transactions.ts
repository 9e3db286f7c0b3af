// The transactions list and the printable statement (decision 0019): every money movement as the customer sees it.
import { z } from 'zod'
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../funds/transaction-kinds'
import { BoundedDateSchema, dataEnvelope } from './common'

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
  type: TransactionTypeSchema.optional(),
  status: TransactionStatusSchema.optional(),
  /** Inclusive UTC days. */
  from: DateParamSchema.optional(),
  to: DateParamSchema.optional(),
  page: z.coerce.number({ message: 'The page must be a number' }).int().min(1).max(100_000).optional(),
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
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
})

export const StatementQuerySchema = z.object({
  from: DateParamSchema.optional(),
  to: DateParamSchema.optional(),
})
/** GET /funds/statement: the same rows for the printable statement. */
export const StatementSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
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

// The kinds and statuses of the money movements the transactions list shows (decision 0019), and the statement's CSV
// columns: plain constants, without zod, so the transactions page's URL schema (./transactions-search.ts, loaded
// before the first render) does not bring the funds contract with it. ../contract/transactions.ts builds its schemas
// from these and re-exports them.

export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'savings_in',
  'savings_out',
  'interest',
  'adjustment',
  'purchase',
] as const
export type TransactionType = (typeof TRANSACTION_TYPES)[number]

export const TRANSACTION_STATUSES = [
  'pending',
  'in_review',
  'approved',
  'sent',
  'completed',
  'failed',
  'rejected',
  'cancelled',
] as const

/** The CSV's columns, in order (GET /funds/statement.csv). */
export const STATEMENT_COLUMNS = ['date', 'type', 'reference', 'amount', 'balance_after'] as const

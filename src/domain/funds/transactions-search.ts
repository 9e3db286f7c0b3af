// The transactions page's URL (decision 0019): /main/transactions?type=&status=&from=&to=&page=, and the statement's
// /main/transactions/statement?from=&to=. A damaged or old link drops the bad filter, never the page; what the API
// is asked is built from the same values, so a shared link shows the same rows. The schemas are the routes'
// `validateSearch`, loaded before the first render: guards, and no contract (../search-params.ts says why).
import type { TransactionsQuery } from '../contract/transactions'
import { isCalendarDay, isDayInRange } from '../contract/wire-rules'
import { type Infer, object, oneOf, optionalParam, refine, string } from '../guard'
import { pageSearchParam } from '../search-params'
import { STATEMENT_COLUMNS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './transaction-kinds'

/** YYYY-MM-DD that is a real calendar day within the API's dates (a link from year 0 drops the filter). */
export const DayTextSchema = refine(
  string(),
  (text) => isCalendarDay(text) && isDayInRange(text),
  'Expected a day as YYYY-MM-DD',
)

export const TRANSACTIONS_SEARCH_DEFAULTS = { page: 1 } as const

export const TransactionsSearchSchema = object({
  type: optionalParam(oneOf(TRANSACTION_TYPES)),
  status: optionalParam(oneOf(TRANSACTION_STATUSES)),
  from: optionalParam(DayTextSchema),
  to: optionalParam(DayTextSchema),
  page: pageSearchParam(),
})
export type TransactionsSearch = Infer<typeof TransactionsSearchSchema>

export const StatementSearchSchema = object({
  from: optionalParam(DayTextSchema),
  to: optionalParam(DayTextSchema),
})
export type StatementSearch = Infer<typeof StatementSearchSchema>

/** The filters alone, without undefined keys: `{}` and `{ type: undefined }` are the same query (and cache key). */
export function transactionsQuery(search: Partial<TransactionsSearch>): TransactionsQuery {
  return {
    ...(search.type ? { type: search.type } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
    ...(search.page && search.page > 1 ? { page: search.page } : {}),
  }
}

/** 'type=deposit&from=2025-01-01&page=2': the API's query string, keys in one order. */
export function fundsQueryString(
  query: Partial<Record<'type' | 'status' | 'from' | 'to' | 'page', string | number>>,
) {
  const params = new URLSearchParams()
  for (const key of ['type', 'status', 'from', 'to', 'page'] as const) {
    const value = query[key]
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  return params.toString()
}

/** A from after its to is an empty range the customer did not mean: say so rather than list nothing. */
export function dateRangeError(from: string | undefined, to: string | undefined): string | null {
  return from && to && from > to ? 'The start date is after the end date.' : null
}

/** 'statement-2025-01-01-to-2025-01-31.csv', 'statement-all.csv', 'statement-from-2025-01-01.csv'. */
export function statementFileName(from: string | undefined, to: string | undefined): string {
  if (from && to) return `statement-${from}-to-${to}.csv`
  if (from) return `statement-from-${from}.csv`
  if (to) return `statement-to-${to}.csv`
  return 'statement-all.csv'
}

/** The CSV's first line as the server writes it: what the download is checked against. */
export const STATEMENT_HEADER = STATEMENT_COLUMNS.join(',')

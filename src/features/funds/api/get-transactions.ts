// GET /funds/transactions?type=&status=&from=&to=&page=: the caller's money movements, newest first, paged by the
// server (FUNDS_PAGE_SIZE rows, `meta` says how many pages). The same rows feed the dashboard's recent list.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { TransactionsResponseSchema, type TransactionsQuery } from '../../../domain/contract/transactions'
import { fundsQueryString, transactionsQuery } from '../../../domain/funds/transactions-search'
import { http } from '../../../lib/http'
import { fundsKeys } from './query-keys'

export type TransactionsPage = z.infer<typeof TransactionsResponseSchema>

export async function getTransactions(query: TransactionsQuery): Promise<TransactionsPage> {
  const search = fundsQueryString(query)
  return http.get(`/funds/transactions${search ? `?${search}` : ''}`, { schema: TransactionsResponseSchema })
}

export const getTransactionsQueryOptions = (filters: TransactionsQuery) => {
  // One key per distinct query: `{ type: undefined }` and `{}` are the same list.
  const query = transactionsQuery(filters)
  return queryOptions({
    queryKey: fundsKeys.transactions(query),
    queryFn: () => getTransactions(query),
    staleTime: 5_000,
    // Paging and filtering keep the previous rows on screen (dimmed) until the next ones arrive.
    placeholderData: keepPreviousData,
  })
}

export const useTransactions = (filters: TransactionsQuery) => useQuery(getTransactionsQueryOptions(filters))

// GET /funds/summary: balance, equity, margin, reserved, savings and "withdrawable now" at the server's prices.
// funds.updated and user.updated make it stale; the cashier pages read it for the balance they show.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { FundsSummaryResponseSchema, type FundsSummary } from '../../../domain/contract/funds-summary'
import { http } from '../../../lib/http'
import { fundsKeys } from './query-keys'

export async function getFundsSummary(): Promise<FundsSummary> {
  const body = await http.get('/funds/summary', { schema: FundsSummaryResponseSchema })
  return body.data
}

export const getFundsSummaryQueryOptions = () =>
  queryOptions({ queryKey: fundsKeys.summary, queryFn: getFundsSummary, staleTime: 5_000 })

export const useFundsSummary = () => useQuery(getFundsSummaryQueryOptions())

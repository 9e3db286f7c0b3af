// GET /funds/savings: the savings balance, the APR, interest accrued and unpaid, and the daily accrual history.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { SavingsResponseSchema, type Savings } from '../../../domain/contract/savings'
import { http } from '../../../lib/http'
import { fundsKeys } from './query-keys'

export async function getSavings(): Promise<Savings> {
  const body = await http.get('/funds/savings', { schema: SavingsResponseSchema })
  return body.data
}

export const getSavingsQueryOptions = () =>
  queryOptions({ queryKey: fundsKeys.savings, queryFn: getSavings, staleTime: 10_000 })

export const useSavings = () => useQuery(getSavingsQueryOptions())

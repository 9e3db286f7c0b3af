// GET /funds/options: limits, the broker's bank details, the coins and their networks, the confirmations needed.
// Operator settings that change rarely: cached for a minute.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { FundsOptionsResponseSchema, type FundsOptions } from '../../../domain/contract/funds-options'
import { http } from '../../../lib/http'
import { fundsKeys } from './query-keys'

export async function getFundsOptions(): Promise<FundsOptions> {
  const body = await http.get('/funds/options', { schema: FundsOptionsResponseSchema })
  return body.data
}

export const getFundsOptionsQueryOptions = () =>
  queryOptions({ queryKey: fundsKeys.options, queryFn: getFundsOptions, staleTime: 60_000 })

export const useFundsOptions = () => useQuery(getFundsOptionsQueryOptions())

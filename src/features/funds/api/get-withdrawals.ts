// GET /funds/withdrawals: the caller's withdrawal requests, newest first, each with its status and the times it
// moved (requested, decided, sent). funds.updated invalidates it, so an approval or a payout shows without a reload.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { WithdrawalsResponseSchema, type Withdrawal } from '../../../domain/contract/withdrawals'
import { http } from '../../../lib/http'
import { fundsKeys } from './query-keys'

export async function getWithdrawals(): Promise<Withdrawal[]> {
  const body = await http.get('/funds/withdrawals', { schema: WithdrawalsResponseSchema })
  return body.data
}

export const getWithdrawalsQueryOptions = () =>
  queryOptions({ queryKey: fundsKeys.withdrawals, queryFn: getWithdrawals, staleTime: 5_000 })

export const useWithdrawals = () => useQuery(getWithdrawalsQueryOptions())

// GET /admin/users/{id}/deposits: a client's latest deposits, newest first, with the sandbox chain's transfers still
// confirming and those that failed or were set aside with their reason. Its key sits under the client's, so what
// makes the client page stale (client.updated, a simulated transfer) refetches it too.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { DepositsResponseSchema, type Deposit } from '../../../domain/contract/deposits'
import { http } from '../../../lib/http'
import { BACK_OFFICE_KEYS } from './query-keys'

export async function getClientDeposits(userId: number): Promise<Deposit[]> {
  const body = await http.get(`/admin/users/${userId}/deposits`, { schema: DepositsResponseSchema })
  return body.data
}

export const getClientDepositsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: BACK_OFFICE_KEYS.clientDeposits(userId),
    queryFn: () => getClientDeposits(userId),
    staleTime: 5_000,
  })

export const useClientDeposits = (userId: number) => useQuery(getClientDepositsQueryOptions(userId))

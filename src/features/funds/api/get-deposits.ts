// GET /funds/deposits: the caller's deposits, newest first. The history page, the coin page's incoming transfers
// and the wire confirmation all read this one list; funds.updated invalidates it, so a confirmation counted or a
// wire approved shows without a reload. While something is pending the open page also asks now and then, so a
// page whose push connection is down (a flaky network) still gets there.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { DepositsResponseSchema, type Deposit } from '../../../domain/contract/deposits'
import { http } from '../../../lib/http'
import { fundsKeys } from './query-keys'

const CONFIRMING_POLL_MS = 15_000
const PENDING_POLL_MS = 60_000

export async function getDeposits(): Promise<Deposit[]> {
  const body = await http.get('/funds/deposits', { schema: DepositsResponseSchema })
  return body.data
}

/**
 * A transfer confirming moves every few seconds; a wire waits for the back office; a card left pending waits for
 * its owner's 3-D Secure answer, which no poll brings.
 */
export function depositsPollMs(deposits: readonly Deposit[] | undefined): number | false {
  const pending =
    deposits?.filter((deposit) => deposit.status === 'pending' && deposit.method !== 'card') ?? []
  if (pending.some((deposit) => deposit.method === 'crypto')) return CONFIRMING_POLL_MS
  return pending.length > 0 ? PENDING_POLL_MS : false
}

export const getDepositsQueryOptions = () =>
  queryOptions({
    queryKey: fundsKeys.deposits,
    queryFn: getDeposits,
    staleTime: 5_000,
    refetchInterval: (query) => depositsPollMs(query.state.data),
  })

export const useDeposits = () => useQuery(getDepositsQueryOptions())

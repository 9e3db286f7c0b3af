// GET /admin/requests/summary: the pending count beside Requests in the admin navigation. Kept live by the admin
// layout, which invalidates it on private-admin's requests.changed; the minute's refetch covers a missed push.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { RequestsSummaryResponseSchema } from '../../../domain/contract/request-queue'
import { http } from '../../../lib/http'
import { BACK_OFFICE_KEYS } from './query-keys'

export async function getRequestsSummary() {
  const body = await http.get('/admin/requests/summary', { schema: RequestsSummaryResponseSchema })
  return body.data
}

export const getRequestsSummaryQueryOptions = () =>
  queryOptions({ queryKey: BACK_OFFICE_KEYS.requestsSummary, queryFn: getRequestsSummary, staleTime: 5_000 })

export const useRequestsSummary = () =>
  useQuery({ ...getRequestsSummaryQueryOptions(), refetchInterval: 60_000 })

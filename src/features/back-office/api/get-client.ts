// GET /admin/users/{id}: one client's whole picture (profile, figures at the server's prices, open positions,
// pending requests, ledger, last refused order). The client page and the chat console's customer panel read it;
// the admin layout invalidates it on private-admin's client.updated for that user.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { AdminClientResponseSchema, type AdminClient } from '../../../domain/contract/clients'
import { http } from '../../../lib/http'
import { BACK_OFFICE_KEYS } from './query-keys'

export async function getClient(userId: number): Promise<AdminClient> {
  const body = await http.get(`/admin/users/${userId}`, { schema: AdminClientResponseSchema })
  return body.data
}

export const getClientQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: BACK_OFFICE_KEYS.client(userId),
    queryFn: () => getClient(userId),
    staleTime: 5_000,
  })

export const useClient = (userId: number | null) =>
  useQuery({ ...getClientQueryOptions(userId ?? 0), enabled: userId !== null })

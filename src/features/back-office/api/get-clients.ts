// GET /admin/users?status=&search=&page=: one page of clients (ADMIN_PAGE_SIZE rows) and its meta. The Clients list
// reads it; the admin layout invalidates BACK_OFFICE_KEYS.clients when a request or a client changes.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { AdminUsersResponseSchema, type AdminUserListItem } from '../../../domain/contract/clients'
import { type PageMeta } from '../../../domain/contract/back-office-common'
import type { UserStatus } from '../../../domain/contract/user'
import { http } from '../../../lib/http'
import { BACK_OFFICE_KEYS } from './query-keys'

export interface ClientsQuery {
  status?: UserStatus
  search?: string
  page: number
}

export type ClientRow = AdminUserListItem

export interface ClientsPage {
  data: ClientRow[]
  meta: PageMeta
}

export async function getClients(query: ClientsQuery): Promise<ClientsPage> {
  const params = new URLSearchParams()
  if (query.status) params.set('status', query.status)
  if (query.search) params.set('search', query.search)
  params.set('page', String(query.page))
  const body = await http.get(`/admin/users?${params.toString()}`, { schema: AdminUsersResponseSchema })
  // With a page the server always sends meta; a list without one is a single page.
  const meta = body.meta ?? {
    current_page: 1,
    last_page: 1,
    per_page: body.data.length,
    total: body.data.length,
  }
  return { data: body.data, meta }
}

export const getClientsQueryOptions = (query: ClientsQuery) =>
  queryOptions({
    queryKey: BACK_OFFICE_KEYS.clientList(query),
    queryFn: () => getClients(query),
    staleTime: 5_000,
    // A new search or page keeps the rows on screen until the answer arrives, instead of a blank flash.
    placeholderData: keepPreviousData,
  })

export const useClients = (query: ClientsQuery) => useQuery(getClientsQueryOptions(query))

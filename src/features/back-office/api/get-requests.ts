// GET /admin/requests?status=&type=&page=: the one request queue, every registered type merged and paged by the
// server (ADMIN_PAGE_SIZE rows, `meta` says how many pages). The admin layout keeps it live: private-admin's
// requests.changed invalidates BACK_OFFICE_KEYS.requests, and a decision does the same.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import {
  AdminRequestsResponseSchema,
  type QueueRequest,
  type QueueRequestStatus,
} from '../../../domain/contract/request-queue'
import { type PageMeta } from '../../../domain/contract/back-office-common'
import { http } from '../../../lib/http'
import { BACK_OFFICE_KEYS } from './query-keys'

export interface RequestsQuery {
  status?: QueueRequestStatus | undefined
  type?: string | undefined
  page: number
}

export interface RequestsPage {
  data: QueueRequest[]
  meta: PageMeta
}

function requestsSearch(query: RequestsQuery): string {
  const params = new URLSearchParams()
  if (query.status) params.set('status', query.status)
  if (query.type) params.set('type', query.type)
  params.set('page', String(query.page))
  return params.toString()
}

export async function getRequests(query: RequestsQuery): Promise<RequestsPage> {
  return http.get(`/admin/requests?${requestsSearch(query)}`, { schema: AdminRequestsResponseSchema })
}

export const getRequestsQueryOptions = (query: RequestsQuery) => {
  // One key per distinct query: `{ status: undefined }` and `{}` are the same list.
  const key = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.type ? { type: query.type } : {}),
    page: query.page,
  }
  return queryOptions({
    queryKey: BACK_OFFICE_KEYS.requestList(key),
    queryFn: () => getRequests(key),
    staleTime: 5_000,
    // Paging and filtering keep the previous rows on screen (dimmed) until the next ones arrive.
    placeholderData: keepPreviousData,
  })
}

export const useRequests = (query: RequestsQuery) => useQuery(getRequestsQueryOptions(query))

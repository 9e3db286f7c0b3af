// GET /admin/audit?user_id=&actor_id=&action=&page=: the append-only log of admin actions, paged by the server
// (ADMIN_PAGE_SIZE rows). The Audit page and the client page's audit trail read it; every back-office mutation
// invalidates BACK_OFFICE_KEYS.audit so a fresh row shows at once.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { AuditResponseSchema, type AuditEvent } from '../../../domain/contract/audit'
import { type PageMeta } from '../../../domain/contract/back-office-common'
import { http } from '../../../lib/http'
import { BACK_OFFICE_KEYS } from './query-keys'

export interface AuditQuery {
  user_id?: number
  actor_id?: number
  action?: string
  page: number
}

export interface AuditPage {
  data: AuditEvent[]
  meta: PageMeta
}

function auditSearch(query: AuditQuery): string {
  const params = new URLSearchParams()
  if (query.user_id !== undefined) params.set('user_id', String(query.user_id))
  if (query.actor_id !== undefined) params.set('actor_id', String(query.actor_id))
  if (query.action) params.set('action', query.action)
  params.set('page', String(query.page))
  return params.toString()
}

export async function getAudit(query: AuditQuery): Promise<AuditPage> {
  return http.get(`/admin/audit?${auditSearch(query)}`, { schema: AuditResponseSchema })
}

export const getAuditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: BACK_OFFICE_KEYS.auditList(query),
    queryFn: () => getAudit(query),
    staleTime: 5_000,
    // Paging keeps the previous page on screen until the next one arrives, instead of a blank list.
    placeholderData: keepPreviousData,
  })

export const useAudit = (query: AuditQuery) => useQuery(getAuditQueryOptions(query))

// The request queue's filters and its URL (issue 14): the type filter's options, the status filter, and the
// /admin/requests search parameters. The server registers types (the funds and verification issues add theirs);
// their names live in labels.ts, and a type not named there is still listed, filtered and shown.
import { z } from 'zod'
import {
  REQUEST_TYPES,
  RequestTypeSchema,
  type QueueRequest,
  type QueueRequestStatus,
} from '../contract/back-office'
import { REQUEST_TYPE_LABELS, requestTypeLabel } from './labels'

export const ALL_REQUEST_TYPES_LABEL = 'All types'

/**
 * The type filter's options: every type labels.ts names, then any other type the server reports (the pending
 * summary's `by_type` keys, the type in the URL), each once.
 */
export function requestTypeOptions(reported: Iterable<string> = []): { value: string; label: string }[] {
  const options = Object.entries(REQUEST_TYPE_LABELS).map(([value, label]) => ({ value, label }))
  for (const type of reported) {
    if (!options.some((option) => option.value === type) && RequestTypeSchema.safeParse(type).success)
      options.push({ value: type, label: requestTypeLabel(type) })
  }
  return options
}

export const REQUEST_STATUS_LABELS: Record<QueueRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
}

/** The status filter: a decided request stays findable under its outcome; All shows every status. */
export const REQUEST_STATUS_FILTERS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
] as const
export type RequestStatusFilter = (typeof REQUEST_STATUS_FILTERS)[number]['value']

export const REQUESTS_SEARCH_DEFAULTS = { status: 'pending', page: 1 } as const

/** /admin/requests?status=&type=&page=. A damaged or old link falls back to the pending queue's first page. */
export const RequestsSearchSchema = z.object({
  status: z
    .enum(['pending', 'approved', 'rejected', 'all'])
    .default(REQUESTS_SEARCH_DEFAULTS.status)
    .catch(REQUESTS_SEARCH_DEFAULTS.status),
  type: RequestTypeSchema.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
})
export type RequestsSearch = z.infer<typeof RequestsSearchSchema>

/** What GET /admin/requests is asked: 'all' is no status filter at all. */
export function requestsQuery(search: {
  status: RequestStatusFilter
  type?: string | undefined
  page: number
}): { status?: QueueRequestStatus; type?: string; page: number } {
  return {
    ...(search.status === 'all' ? {} : { status: search.status }),
    ...(search.type ? { type: search.type } : {}),
    page: search.page,
  }
}

type WithdrawalFacts = Pick<QueueRequest, 'type' | 'status' | 'state'>

/**
 * A withdrawal paid out (issue 15). The queue's statuses are pending, approved and rejected for every type, so a
 * sent withdrawal also reads 'approved'; its `state` (the withdrawal's own status) tells them apart.
 */
export const isPaidOut = (request: WithdrawalFacts): boolean =>
  request.type === REQUEST_TYPES.WITHDRAWAL && request.state === 'sent'

/** An approved withdrawal not paid out yet: the queue offers 'Mark sent' on it. */
export const awaitsPayout = (request: WithdrawalFacts): boolean =>
  request.type === REQUEST_TYPES.WITHDRAWAL && request.state === 'approved'

/** The status a queue row shows: its queue status, or 'Sent' for a withdrawal paid out. */
export const queueStatusLabel = (request: WithdrawalFacts): string =>
  isPaidOut(request) ? 'Sent' : REQUEST_STATUS_LABELS[request.status]

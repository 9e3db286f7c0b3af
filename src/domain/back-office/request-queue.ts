// The request queue's filters and its URL (decision 0017): the type filter's options, the status filter, and the
// /admin/requests search parameters. The server registers types (the funds and verification issues add theirs);
// their names live in labels.ts, and a type not named there is still listed, filtered and shown.
import type { QueueRequest, QueueRequestStatus } from '../contract/request-queue'
import { safeParse } from '../guard'
import { REQUEST_TYPES } from './codes'
import { REQUEST_TYPE_LABELS, requestTypeLabel } from './labels'
import { RequestTypeSlugSchema } from './requests-search'

// The URL's schema and the query built from it live in ./requests-search.ts (the route loads it before the first
// render); still importable from here.
export {
  REQUEST_STATUS_FILTERS,
  REQUESTS_SEARCH_DEFAULTS,
  RequestsSearchSchema,
  requestsQuery,
  type RequestsSearch,
  type RequestStatusFilter,
} from './requests-search'

export const ALL_REQUEST_TYPES_LABEL = 'All types'

/**
 * The type filter's options: every type labels.ts names, then any other type the server reports (the pending
 * summary's `by_type` keys, the type in the URL), each once.
 */
export function requestTypeOptions(reported: Iterable<string> = []): { value: string; label: string }[] {
  const options = Object.entries(REQUEST_TYPE_LABELS).map(([value, label]) => ({ value, label }))
  for (const type of reported) {
    if (!options.some((option) => option.value === type) && safeParse(RequestTypeSlugSchema, type).success)
      options.push({ value: type, label: requestTypeLabel(type) })
  }
  return options
}

export const REQUEST_STATUS_LABELS: Record<QueueRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
}

type WithdrawalFacts = Pick<QueueRequest, 'type' | 'status' | 'state'>

/**
 * A withdrawal paid out (decision 0019). The queue's statuses are pending, approved and rejected for every type, so a
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

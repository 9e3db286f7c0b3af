// /admin/requests's URL (decision 0017): the status filter, the type and the page, and what GET /admin/requests is
// asked for them. The schema is the route's `validateSearch`, loaded before the first render of every page: guards,
// and no contract (../search-params.ts says why). ./request-queue.ts re-exports all of it.
import type { QueueRequestStatus } from '../contract/request-queue'
import { type Infer, object, oneOf, optionalParam, orElse, refine, string } from '../guard'
import { pageSearchParam } from '../search-params'
import { REQUEST_TYPE_PATTERN } from './codes'

/** The status filter: a decided request stays findable under its outcome; All shows every status. */
export const REQUEST_STATUS_FILTERS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
] as const
export type RequestStatusFilter = (typeof REQUEST_STATUS_FILTERS)[number]['value']

export const REQUESTS_SEARCH_DEFAULTS = { status: 'pending', page: 1 } as const

/**
 * A request type's slug, as the contract's RequestTypeSchema takes it (its storable-text rule adds nothing here:
 * the pattern allows only a-z and _).
 */
export const RequestTypeSlugSchema = refine(
  string(),
  (slug) => REQUEST_TYPE_PATTERN.test(slug),
  'Expected a request type',
)

/** /admin/requests?status=&type=&page=. A damaged or old link falls back to the pending queue's first page. */
export const RequestsSearchSchema = object({
  status: orElse(oneOf(['pending', 'approved', 'rejected', 'all']), REQUESTS_SEARCH_DEFAULTS.status),
  type: optionalParam(RequestTypeSlugSchema),
  page: pageSearchParam(),
})
export type RequestsSearch = Infer<typeof RequestsSearchSchema>

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

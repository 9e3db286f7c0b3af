import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import {
  REQUESTS_SEARCH_DEFAULTS,
  RequestsSearchSchema,
  requestsQuery,
} from '../../../domain/back-office/requests-search'
import {
  RequestQueue,
  RequestQueueFilters,
  useRequestsSummary,
  getRequestsQueryOptions,
  getRequestsSummaryQueryOptions,
} from '../../../features/back-office'
import { PageHeader } from '../../../features/shell'
import { loadPageData } from '../../-page-data'

/**
 * The one request queue (decision 0017): filters and page in the URL, so a filtered queue can be shared and reloaded.
 */
export const Route = createFileRoute('/_protected/admin/requests')({
  validateSearch: RequestsSearchSchema,
  search: { middlewares: [stripSearchParams(REQUESTS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    loadPageData(context.queryClient, [
      getRequestsSummaryQueryOptions(),
      getRequestsQueryOptions(requestsQuery(deps)),
    ]),
  component: RequestsPage,
})

function RequestsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const summary = useRequestsSummary()
  const reportedTypes = useMemo(() => Object.keys(summary.data?.by_type ?? {}), [summary.data])
  const query = requestsQuery(search)
  const onPageChange = useCallback(
    (page: number) => void navigate({ search: (previous) => ({ ...previous, page }) }),
    [navigate],
  )

  return (
    <div>
      <PageHeader
        title="Requests"
        trail={[{ label: 'Back office', to: '/admin' }, { label: 'Requests' }]}
        description="New accounts, auto trader and plan upgrades, wire deposits and withdrawals in one queue. Approve, or reject with a reason the customer reads; mark an approved withdrawal sent once paid."
      />
      <RequestQueueFilters
        status={search.status}
        type={search.type}
        reportedTypes={reportedTypes}
        // A new filter starts again at its first page.
        onChange={(next) => void navigate({ search: (previous) => ({ ...previous, ...next, page: 1 }) })}
      />
      <RequestQueue status={query.status} type={query.type} page={search.page} onPageChange={onPageChange} />
    </div>
  )
}

import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { Outbox, getOutboxQueryOptions } from '../../../features/back-office'
import { PageHeader } from '../../../features/shell'
import { object, orElse } from '../../../domain/guard'
import { positiveIntParam } from '../../../domain/search-params'
import { loadPageData } from '../../-page-data'

// A guard: a route's search schema loads before the first render of every page (src/domain/search-params.ts).
const OutboxSearchSchema = object({
  page: orElse(positiveIntParam(), 1),
})

/** The dev outbox (decision 0020): the mails the product sent while no SMTP server is configured. */
export const Route = createFileRoute('/_protected/admin/outbox')({
  validateSearch: OutboxSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) => loadPageData(context.queryClient, [getOutboxQueryOptions(deps.page)]),
  component: OutboxPage,
})

function OutboxPage() {
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <div>
      <PageHeader
        title="Outbox"
        trail={[{ label: 'Back office', to: '/admin' }, { label: 'Outbox' }]}
        description="Mail the product sent: password resets, e-mail changes, sign-in alerts. Kept here while no SMTP server is set."
      />
      <Outbox page={page} onPageChange={(next) => void navigate({ search: { page: next } })} />
    </div>
  )
}

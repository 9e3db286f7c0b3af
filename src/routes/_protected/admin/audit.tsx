import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { useCallback } from 'react'
import { AuditSearchSchema } from '../../../domain/back-office/audit-search'
import { AuditLog, AuditLogFilters, getAuditQueryOptions } from '../../../features/back-office'
import { PageHeader } from '../../../features/shell'
import { loadPageData } from '../../-page-data'

/** The audit log (decision 0017): filters and page in the URL, so a filtered view can be shared and reloaded. */
export const Route = createFileRoute('/_protected/admin/audit')({
  validateSearch: AuditSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadPageData(context.queryClient, [getAuditQueryOptions(deps)]),
  component: AuditPage,
})

function AuditPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const onPageChange = useCallback(
    (page: number) => void navigate({ search: (previous) => ({ ...previous, page }) }),
    [navigate],
  )
  return (
    <div>
      <PageHeader
        title="Audit log"
        trail={[{ label: 'Back office', to: '/admin' }, { label: 'Audit' }]}
        description="Every admin action, with who did it, when, why and what changed. Entries can never be edited or deleted."
      />
      <AuditLogFilters
        filters={search}
        // A new filter starts again at its first page.
        onChange={(next) => void navigate({ search: { ...next, page: 1 } })}
      />
      <AuditLog query={search} onPageChange={onPageChange} />
    </div>
  )
}

import { createFileRoute, stripSearchParams, useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import {
  CLIENTS_SEARCH_DEFAULTS,
  ClientsSearchSchema,
  clientsQuery,
} from '../../../../domain/back-office/clients-search'
import { ClientsList, type ClientsListProps, getClientsQueryOptions } from '../../../../features/back-office'
import { PageHeader } from '../../../../features/shell'
import { loadPageData } from '../../../-page-data'

/** The back office's Clients list (decision 0017): status tab, search and page live in the URL. */
export const Route = createFileRoute('/_protected/admin/clients/')({
  validateSearch: ClientsSearchSchema,
  // A parameter at its default stays out of the URL.
  search: { middlewares: [stripSearchParams(CLIENTS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    loadPageData(context.queryClient, [getClientsQueryOptions(clientsQuery(deps))]),
  component: ClientsPage,
})

function ClientsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const router = useRouter()
  const onSearchChange = useCallback<ClientsListProps['onSearchChange']>(
    (next, options) => {
      // A debounced search that lands after the admin opened a client must not pull them back to the list.
      if (router.latestLocation.pathname.replace(/\/$/, '') !== '/admin/clients') return
      void navigate({
        search: (previous) => {
          // One order whatever changed first, so equal criteria make equal (shareable) URLs.
          const { status, search: text, page } = { ...previous, ...next }
          return { status, search: text, page }
        },
        replace: options?.replace ?? false,
      })
    },
    [navigate, router],
  )
  return (
    <div>
      <PageHeader
        title="Clients"
        trail={[{ label: 'Back office', to: '/admin' }, { label: 'Clients' }]}
        description="Every customer account: find one by name, e-mail or account ID and open it."
      />
      <ClientsList search={search} onSearchChange={onSearchChange} />
    </div>
  )
}

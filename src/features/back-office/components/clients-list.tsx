import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { Box, Grid } from 'styled-system/jsx'
import { DebouncedSearchField } from '../../../components/ui/search-field'
import { ListPager } from '../../../components/ui/list-pager'
import {
  amountCell,
  cell,
  linkedRow,
  ListLoadError,
  ListTable,
  nowrapCell,
  referenceText,
  rowLink,
} from '../../../components/ui/list-table'
import { Spinner } from '../../../components/ui/spinner'
import * as Tabs from '../../../components/ui/tabs'
import { Text } from '../../../components/ui/text'
import {
  CLIENT_SEARCH_DEBOUNCE_MS,
  CLIENT_STATUS_TAB_LABELS,
  CLIENT_STATUS_TABS,
  clientsQuery,
  type ClientsSearch,
  type ClientStatusTab,
} from '../../../domain/back-office/clients-search'
import { formatDate } from '../../../domain/back-office/labels'
import { formatAmount } from '../../../domain/format/currency'
import type { PageMeta } from '../../../domain/contract/back-office-common'
import { useClients, type ClientRow } from '../api/get-clients'
import { ClientStatusBadge, OnlineDot } from './client-status-badge'

// The Clients list (decision 0017): a search over name, e-mail and account id (debounced), status tabs and the
// server's pages of 25. Tab, search and page live in the URL (the route owns them). A table on desktop; on phones
// each client is a card, so nothing runs off a 390 px screen.

export interface ClientsListProps {
  search: ClientsSearch
  /** Changes the URL's search params; `replace` while typing, so Back does not replay each key. */
  onSearchChange: (next: Partial<ClientsSearch>, options?: { replace?: boolean }) => void
}

function ClientsTable(props: { clients: readonly ClientRow[]; stale: boolean }) {
  const showCreated = props.clients.some((client) => client.created_at)
  return (
    <ListTable
      data-testid="clients-table"
      caption="Clients"
      columns={[
        'Client',
        'Account ID',
        'Status',
        'Plan',
        { label: 'Balance', align: 'end' },
        'Online',
        ...(showCreated ? ['Created'] : []),
      ]}
      stale={props.stale}
    >
      {props.clients.map((client) => (
        <tr key={client.id} data-testid="client-row" className={linkedRow}>
          <td className={cell} data-label="Client">
            <Box minW="0" maxW={{ md: '72' }}>
              <Link to="/admin/clients/$userId" params={{ userId: client.id }} className={rowLink}>
                {client.name}
              </Link>
              <Box fontSize="xs" color="text.muted" truncate>
                {client.email}
              </Box>
            </Box>
          </td>
          <td className={nowrapCell} data-label="Account ID">
            <span className={referenceText}>{client.account_id}</span>
          </td>
          <td className={cell} data-label="Status">
            <ClientStatusBadge status={client.status} />
          </td>
          <td className={nowrapCell} data-label="Plan">
            {client.account_type?.title ?? 'No plan'}
          </td>
          <td className={amountCell} data-label="Balance">
            {formatAmount(client.balance)}
          </td>
          <td className={cell} data-label="Online">
            <OnlineDot online={client.is_online} />
          </td>
          {showCreated ? (
            <td className={nowrapCell} data-label="Created">
              <Text as="span" tone="muted">
                {client.created_at ? formatDate(client.created_at) : '—'}
              </Text>
            </td>
          ) : null}
        </tr>
      ))}
    </ListTable>
  )
}

function pageSummary(meta: PageMeta): string {
  if (meta.total === 0) return 'No clients'
  const first = (meta.current_page - 1) * meta.per_page + 1
  const last = Math.min(meta.total, meta.current_page * meta.per_page)
  const range = `${first}–${last} of ${meta.total} clients`
  return meta.last_page > 1 ? `${range} · Page ${meta.current_page} of ${meta.last_page}` : range
}

function ClientsResults(props: ClientsListProps) {
  const clients = useClients(clientsQuery(props.search))
  if (clients.isPending) return <Spinner label="Loading clients" />
  if (clients.isError) return <ListLoadError title="The clients could not be loaded." query={clients} />
  const { data, meta } = clients.data
  return (
    <div>
      {data.length === 0 ? (
        <Box p="8" textAlign="center">
          <Text tone="muted">
            {props.search.search ? `No clients match “${props.search.search}”.` : 'No clients here yet.'}
          </Text>
        </Box>
      ) : (
        <ClientsTable clients={data} stale={clients.isPlaceholderData} />
      )}
      <ListPager
        meta={meta}
        onPageChange={(page) => props.onSearchChange({ page })}
        label="Client pages"
        summary={pageSummary(meta)}
        live
      />
    </div>
  )
}

export function ClientsList(props: ClientsListProps) {
  const { onSearchChange } = props
  return (
    <Grid gap="4">
      <DebouncedSearchField
        label="Search clients"
        placeholder="Name, e-mail or account ID"
        value={props.search.search}
        onCommit={(search) => onSearchChange({ search, page: 1 }, { replace: true })}
        delayMs={CLIENT_SEARCH_DEBOUNCE_MS}
        w={{ base: 'full', md: '80' }}
      />
      <Tabs.Root
        value={props.search.status}
        onValueChange={(details) => onSearchChange({ status: details.value as ClientStatusTab, page: 1 })}
        variant="line"
        lazyMount
      >
        <Tabs.List aria-label="Client status" className={css({ overflowX: 'auto' })}>
          {CLIENT_STATUS_TABS.map((status) => (
            <Tabs.Trigger key={status} value={status}>
              {CLIENT_STATUS_TAB_LABELS[status]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {CLIENT_STATUS_TABS.map((status) => (
          <Tabs.Content key={status} value={status} className={css({ pt: '4' })}>
            {status === props.search.status ? <ClientsResults {...props} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Grid>
  )
}

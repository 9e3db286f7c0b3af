import { Link } from '@tanstack/react-router'
import { ChevronLeft, ChevronRight, Search } from 'lucide-react'
import { useEffect, useEffectEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { flex, grid, hstack, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/input'
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
import { errorMessage } from '../../../lib/error-message'
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

const table = css({
  w: 'full',
  fontSize: 'sm',
  borderCollapse: 'collapse',
  '& th': {
    textAlign: 'start',
    fontWeight: 'medium',
    fontSize: 'xs',
    color: 'text.muted',
    px: '3',
    py: '2.5',
    borderBottomWidth: '1px',
    borderColor: 'border',
    whiteSpace: 'nowrap',
    bg: 'bg.raised',
  },
  '& td': {
    px: '3',
    py: '3',
    borderBottomWidth: '1px',
    borderColor: 'border.muted',
    verticalAlign: 'middle',
  },
  '& tbody tr': { transition: 'background 120ms', _hover: { bg: 'bg.hover' } },
  '& tbody tr:last-child td': { borderBottomWidth: '0' },
  '& [data-numeric]': { textAlign: 'end' },
})

const surface = css({
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border',
  rounded: 'surface',
  overflow: 'hidden',
})

const nameLink = css({
  fontWeight: 'semibold',
  color: 'text',
  _hover: { textDecoration: 'underline' },
  focusVisibleRing: 'outside',
  // The whole row answers a click: the link's box covers it (the row is position: relative).
  _after: { content: '""', position: 'absolute', inset: '0' },
})

function ClientsTable(props: { clients: readonly ClientRow[] }) {
  const showCreated = props.clients.some((client) => client.created_at)
  return (
    <div className={css({ display: { base: 'none', md: 'block' }, overflowX: 'auto' })}>
      <table className={table}>
        <thead>
          <tr>
            <th scope="col">Client</th>
            <th scope="col">Account ID</th>
            <th scope="col">Status</th>
            <th scope="col">Plan</th>
            <th scope="col" data-numeric="">
              Balance
            </th>
            <th scope="col">Online</th>
            {showCreated ? <th scope="col">Created</th> : null}
          </tr>
        </thead>
        <tbody>
          {props.clients.map((client) => (
            <tr key={client.id} data-testid="client-row" className={css({ position: 'relative' })}>
              <td className={css({ maxW: '72' })}>
                <Link to="/admin/clients/$userId" params={{ userId: client.id }} className={nameLink}>
                  {client.name}
                </Link>
                <Text size="xs" tone="muted" className={css({ truncate: true })}>
                  {client.email}
                </Text>
              </td>
              <td className={css({ fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'nowrap' })}>
                {client.account_id}
              </td>
              <td>
                <ClientStatusBadge status={client.status} />
              </td>
              <td className={css({ whiteSpace: 'nowrap' })}>{client.account_type?.title ?? 'No plan'}</td>
              <td data-numeric="">
                <Text as="span" numeric className={css({ whiteSpace: 'nowrap' })}>
                  {formatAmount(client.balance)}
                </Text>
              </td>
              <td>
                <OnlineDot online={client.is_online} />
              </td>
              {showCreated ? (
                <td className={css({ whiteSpace: 'nowrap', color: 'text.muted' })}>
                  {client.created_at ? formatDate(client.created_at) : '—'}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const card = grid({
  gap: '1.5',
  p: '4',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  _hover: { bg: 'bg.hover' },
  focusVisibleRing: 'inside',
})

function ClientCards(props: { clients: readonly ClientRow[] }) {
  return (
    <ul
      className={css({
        display: { base: 'block', md: 'none' },
        '& > li:last-child > a': { borderBottomWidth: '0' },
      })}
    >
      {props.clients.map((client) => (
        <li key={client.id} data-testid="client-card">
          <Link to="/admin/clients/$userId" params={{ userId: client.id }} className={card}>
            <span className={hstack({ gap: '2', minW: '0' })}>
              <span className={css({ fontWeight: 'semibold', truncate: true, flex: '1', minW: '0' })}>
                {client.name}
              </span>
              <ClientStatusBadge status={client.status} />
            </span>
            <Text as="span" size="sm" tone="muted" className={css({ truncate: true })}>
              {client.email}
            </Text>
            <span
              className={flex({
                flexWrap: 'wrap',
                alignItems: 'center',
                columnGap: '3',
                rowGap: '1',
                fontSize: 'xs',
                color: 'text.muted',
              })}
            >
              <span className={css({ fontFamily: 'mono' })}>{client.account_id}</span>
              <span>{client.account_type?.title ?? 'No plan'}</span>
              <OnlineDot online={client.is_online} />
              {client.created_at ? <span>Joined {formatDate(client.created_at)}</span> : null}
              <Text
                as="span"
                numeric
                size="sm"
                className={css({ ms: 'auto', color: 'text', fontWeight: 'semibold' })}
              >
                {formatAmount(client.balance)}
              </Text>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

function Pager(props: {
  page: number
  lastPage: number
  total: number
  perPage: number
  onPage: (page: number) => void
}) {
  const first = props.total === 0 ? 0 : (props.page - 1) * props.perPage + 1
  const last = Math.min(props.total, props.page * props.perPage)
  return (
    <nav
      aria-label="Client pages"
      className={wrap({ alignItems: 'center', justifyContent: 'space-between', gap: '3' })}
    >
      <Text size="sm" tone="muted" aria-live="polite">
        {props.total === 0 ? 'No clients' : `${first}–${last} of ${props.total} clients`}
      </Text>
      {props.lastPage > 1 ? (
        <div className={hstack({ gap: '2' })}>
          <Button
            size="sm"
            variant="outline"
            disabled={props.page <= 1}
            onClick={() => props.onPage(props.page - 1)}
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Text as="span" size="sm" tone="muted">
            Page {props.page} of {props.lastPage}
          </Text>
          <Button
            size="sm"
            variant="outline"
            disabled={props.page >= props.lastPage}
            onClick={() => props.onPage(props.page + 1)}
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  )
}

function ClientsResults(props: ClientsListProps) {
  const clients = useClients(clientsQuery(props.search))
  if (clients.isPending) return <Spinner label="Loading clients" />
  if (clients.isError) {
    return (
      <AlertBox
        variant="destructive"
        title="The clients could not be loaded."
        description={errorMessage(clients.error)}
      >
        <Button
          size="sm"
          variant="outline"
          className={css({ mt: '3' })}
          onClick={() => void clients.refetch()}
        >
          Try again
        </Button>
      </AlertBox>
    )
  }
  const { data, meta } = clients.data
  return (
    <div className={grid({ gap: '4' })}>
      {data.length === 0 ? (
        <div className={css({ p: '8', textAlign: 'center' })}>
          <Text tone="muted">
            {props.search.search ? `No clients match “${props.search.search}”.` : 'No clients here yet.'}
          </Text>
        </div>
      ) : (
        <div
          className={surface}
          aria-busy={clients.isPlaceholderData || undefined}
          style={clients.isPlaceholderData ? { opacity: 0.6 } : undefined}
        >
          <ClientsTable clients={data} />
          <ClientCards clients={data} />
        </div>
      )}
      <Pager
        page={meta.current_page}
        lastPage={meta.last_page}
        total={meta.total}
        perPage={meta.per_page}
        onPage={(page) => props.onSearchChange({ page })}
      />
    </div>
  )
}

function SearchBox(props: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(props.value)
  const [urlValue, setUrlValue] = useState(props.value)
  // The URL changed from outside (Back, a link): the box follows it.
  if (props.value !== urlValue) {
    setUrlValue(props.value)
    setText(props.value)
  }
  const commit = useEffectEvent((value: string) => props.onChange(value))
  useEffect(() => {
    if (text.trim() === urlValue) return
    const timer = setTimeout(() => commit(text.trim()), CLIENT_SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, urlValue])
  return (
    <div className={css({ position: 'relative', w: { base: 'full', md: '80' } })}>
      <TextField
        label="Search clients"
        type="search"
        placeholder="Name, e-mail or account ID"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={css({ ps: '9' })}
      />
      <Search
        aria-hidden="true"
        size={16}
        className={css({
          position: 'absolute',
          left: '3',
          bottom: '3',
          color: 'text.muted',
          pointerEvents: 'none',
        })}
      />
    </div>
  )
}

export function ClientsList(props: ClientsListProps) {
  const { onSearchChange } = props
  return (
    <div className={grid({ gap: '4' })}>
      <SearchBox
        value={props.search.search}
        onChange={(search) => onSearchChange({ search, page: 1 }, { replace: true })}
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
    </div>
  )
}

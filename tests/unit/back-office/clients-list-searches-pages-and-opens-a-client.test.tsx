// The Clients list (decision 0017): a table of clients named by its caption, whose column headers and rows read the
// same on a desktop and a phone (one ListTable); the search box waits for typing to pause before it asks the
// server; the pager says which clients are shown and moves a page; a row's name opens the client's page.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { AdminUserListItem } from '../../../src/domain/contract/clients'
import type { ClientsSearch } from '../../../src/domain/back-office/clients-search'
import { ClientsList } from '../../../src/features/back-office/components/clients-list'
import { expectNoA11yViolations } from '../components/test-utils'
import { fakeApi, json, renderWithApp } from './requests-settings-harness'

const api = fakeApi()

const client = (id: number, name: string, fields: Partial<AdminUserListItem> = {}): AdminUserListItem => ({
  id,
  first_name: name.split(' ')[0] ?? name,
  last_name: name.split(' ')[1] ?? '',
  name,
  username: name.toLowerCase().replace(' ', '.'),
  email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
  avatar: null,
  account_id: `CFD${String(1_000_000 + id)}`,
  role: 'customer',
  status: 'active',
  is_online: false,
  unread_count: 0,
  balance: 1_250.5,
  credit_balance: 0,
  notifications: [],
  accounts: [],
  account_type: null,
  autotrader: false,
  autotrader_request_status: null,
  eas: [],
  created_at: '2026-07-01T09:00:00.000Z',
  ...fields,
})

const CLIENTS = [
  client(7, 'Dana Customer', {
    is_online: true,
    account_type: { id: 2, title: 'Pro', color: '#f59e0b', icon: null, image: null, leverage: 200 },
  }),
  client(8, 'Eli Pending', { status: 'pending', balance: 0 }),
]

function answerClients() {
  api.answers['GET /admin/users'] = (request) => {
    const params = new URLSearchParams(request.search)
    const page = Number(params.get('page') ?? '1')
    const search = params.get('search') ?? ''
    const data = CLIENTS.filter((row) => row.name.toLowerCase().includes(search.toLowerCase()))
    const total = search ? data.length : 30
    return json(200, {
      data,
      meta: { current_page: page, last_page: Math.ceil(total / 25), per_page: 25, total },
    })
  }
}

function renderList() {
  const seen: ClientsSearch[] = []
  function Page() {
    const [search, setSearch] = useState<ClientsSearch>({ status: 'all', search: '', page: 1 })
    return (
      <ClientsList
        search={search}
        onSearchChange={(next) =>
          setSearch((current) => {
            const updated = { ...current, ...next }
            seen.push(updated)
            return updated
          })
        }
      />
    )
  }
  return { ...renderWithApp(() => <Page />), seen }
}

const clientCalls = () => api.sent.filter((sent) => sent.path === '/admin/users')

describe('The Clients list', () => {
  it('has no accessibility violations', async () => {
    answerClients()
    const { container } = renderList()
    await screen.findByRole('table', { name: 'Clients' })
    await expectNoA11yViolations(container)
  })

  it('shows each client as a row under its column headers, with the pager saying which ones', async () => {
    answerClients()
    renderList()
    const table = await screen.findByRole('table', { name: 'Clients' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Client', 'Account ID', 'Status', 'Plan', 'Balance', 'Online', 'Created'])
    const rows = within(table).getAllByTestId('client-row')
    expect(rows).toHaveLength(2)
    const dana = within(table).getByRole('row', { name: /Dana Customer/ })
    expect(dana).toHaveTextContent('dana.customer@example.com')
    expect(dana).toHaveTextContent('CFD1000007')
    expect(dana).toHaveTextContent('Active')
    expect(dana).toHaveTextContent('Pro')
    expect(dana).toHaveTextContent('$1,250.50')
    expect(dana).toHaveTextContent('Online')
    expect(within(table).getByRole('row', { name: /Eli Pending/ })).toHaveTextContent('No plan')
    const pager = screen.getByRole('navigation', { name: 'Client pages' })
    expect(pager).toHaveTextContent('1–25 of 30 clients · Page 1 of 2')
  })

  it('asks the server once typing pauses, and a page from the pager', async () => {
    answerClients()
    const user = userEvent.setup()
    const { seen } = renderList()
    await screen.findByRole('table', { name: 'Clients' })
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'eli')
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ search: 'eli', page: 1 }))
    await waitFor(() => expect(screen.getAllByTestId('client-row')).toHaveLength(1))
    expect(clientCalls().filter((call) => call.search.includes('search='))).toHaveLength(1)
    expect(screen.getByRole('navigation', { name: 'Client pages' })).toHaveTextContent('1–1 of 1 clients')

    await user.clear(screen.getByRole('searchbox', { name: 'Search clients' }))
    await waitFor(() => expect(screen.getAllByTestId('client-row')).toHaveLength(2))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Client pages' })).toHaveTextContent(
        '26–30 of 30 clients · Page 2 of 2',
      ),
    )
    expect(seen.at(-1)).toMatchObject({ page: 2 })
  })

  it('says so when no client matches', async () => {
    answerClients()
    const user = userEvent.setup()
    renderList()
    await screen.findByRole('table', { name: 'Clients' })
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'zzz')
    expect(await screen.findByText('No clients match “zzz”.')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Client pages' })).toHaveTextContent('No clients')
  })

  it("opens a client's page from the name in the row", async () => {
    answerClients()
    const user = userEvent.setup()
    const { router } = renderList()
    await screen.findByRole('table', { name: 'Clients' })
    await user.click(screen.getByRole('link', { name: 'Dana Customer' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/clients/7'))
  })
})

// The one request queue (decision 0017): every type in one list (a type this build has no name for still shows), the
// customer linked to their page, Approve at once, Reject with a reason, and a 409 from a slower admin said as it is
// while the list refreshes to show who decided.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { QueueRequest } from '../../../src/domain/contract/request-queue'
import { RequestQueue } from '../../../src/features/back-office/components/request-queue'
import { expectNoA11yViolations } from '../components/test-utils'
import { fakeApi, json, renderWithApp } from './requests-settings-harness'

const api = fakeApi()

const request = (
  fields: Partial<QueueRequest> & Pick<QueueRequest, 'id' | 'type' | 'detail'>,
): QueueRequest => ({
  user_id: 1,
  user_name: 'Demo Trader',
  account_id: 'CFD1000001',
  email: 'demo@example.com',
  status: 'pending',
  reason: null,
  decided_by: null,
  decided_at: null,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...fields,
})

const QUEUE: QueueRequest[] = [
  request({ id: 9, type: 'autotrader', detail: 'Auto trader: medium' }),
  request({
    id: 5,
    type: 'account',
    detail: 'New account (united-kingdom)',
    user_id: 5,
    user_name: 'Grace Hopper',
    account_id: 'CFD2229725',
    email: 'grace@example.com',
  }),
  request({ id: 3, type: 'withdrawal', detail: 'Withdrawal: $250.00' }),
]

const page = (data: QueueRequest[], total = data.length) => ({
  data,
  meta: { current_page: 1, last_page: Math.max(1, Math.ceil(total / 25)), per_page: 25, total },
})

const lists = () => api.sent.filter((sent) => sent.method === 'GET' && sent.path === '/admin/requests')
const decisions = () => api.sent.filter((sent) => sent.method === 'POST')

async function renderQueue() {
  api.answers['GET /admin/requests'] = () => json(200, page(QUEUE))
  const view = renderWithApp(() => <RequestQueue status="pending" page={1} onPageChange={() => {}} />)
  await screen.findByTestId('request-queue')
  return view
}

const rowOf = (name: string) =>
  screen.getAllByTestId('request-row').find((row) => within(row).queryByText(name) !== null)!

describe('the request queue', { timeout: 30_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = await renderQueue()
    await expectNoA11yViolations(container)
  })

  it('asks for the filtered page and lists every type, an unnamed one too', async () => {
    await renderQueue()
    expect(lists()[0]?.search).toBe('?status=pending&page=1')
    const rows = screen.getAllByTestId('request-row')
    expect(rows).toHaveLength(3)
    expect(within(rows[0]!).getByText('Auto trader')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('New account')).toBeInTheDocument()
    expect(within(rows[2]!).getByText('Withdrawal')).toBeInTheDocument()
    expect(within(rows[1]!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/admin/clients/5',
    )
    expect(within(rows[1]!).getByText('CFD2229725')).toBeInTheDocument()
    expect(within(rows[0]!).getByText('5 min ago')).toBeInTheDocument()
  })

  it('approves at once and says so', async () => {
    api.answers['POST /admin/requests/account/5/decision'] = () =>
      json(200, { message: 'The request was approved.', data: { ...QUEUE[1], status: 'approved' } })
    await renderQueue()
    await userEvent.click(within(rowOf('Grace Hopper')).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('The request was approved.')).toBeInTheDocument()
    expect(decisions()).toEqual([
      expect.objectContaining({ path: '/admin/requests/account/5/decision', body: { decision: 'approve' } }),
    ])
  })

  it('rejects with the reason typed, and refetches the queue', async () => {
    api.answers['POST /admin/requests/autotrader/9/decision'] = () =>
      json(200, { message: 'The request was rejected.', data: { ...QUEUE[0], status: 'rejected' } })
    await renderQueue()
    await userEvent.click(within(rowOf('Auto trader: medium')).getByRole('button', { name: 'Reject' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' })
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'Verify your account first.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }))

    expect(await screen.findByText('The request was rejected.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(decisions().map((sent) => sent.body)).toEqual([
      { decision: 'reject', reason: 'Verify your account first.' },
    ])
    await waitFor(() => expect(lists().length).toBeGreaterThan(1))
  })

  it("shows another admin's earlier decision as an error and refreshes the list", async () => {
    api.answers['POST /admin/requests/account/5/decision'] = () =>
      json(409, { message: 'This request has already been decided.' })
    await renderQueue()
    api.answers['GET /admin/requests'] = () => json(200, page(QUEUE.filter((queued) => queued.id !== 5)))
    await userEvent.click(within(rowOf('Grace Hopper')).getByRole('button', { name: 'Approve' }))

    expect(await screen.findByText('This request has already been decided.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByTestId('request-row')).toHaveLength(2))
  })

  it('closes the reject dialog when another admin decided first', async () => {
    api.answers['POST /admin/requests/autotrader/9/decision'] = () =>
      json(409, { message: 'This request has already been decided.' })
    await renderQueue()
    await userEvent.click(within(rowOf('Auto trader: medium')).getByRole('button', { name: 'Reject' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Too late.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }))
    expect(await screen.findByText('This request has already been decided.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('says when nothing is waiting', async () => {
    api.answers['GET /admin/requests'] = () => json(200, page([]))
    renderWithApp(() => <RequestQueue status="pending" page={1} />)
    expect(await screen.findByText('No requests are waiting')).toBeInTheDocument()
  })
})

// The client page's pending orders and order history (decision 0017): each order's symbol, 'Buy limit', reference,
// lots, price, levels and expiry ('Good till cancelled' without one); how an ended order ended; the empty lists in
// words; and 'Cancel' on a pending order, which asks for a reason, sends it, says so, and refreshes both lists and the
// audit trail. A 409 (the order filled meanwhile) is said inside the dialog as the server says it.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Order, OrdersPage } from '../../../src/domain/contract/orders'
import { formatDateTime } from '../../../src/domain/back-office/labels'
import { ClientAuditTrail } from '../../../src/features/back-office/components/client-audit-trail'
import { ClientOrdersSection } from '../../../src/features/back-office/components/client-orders'
import { expectNoA11yViolations, waitForFocusInside } from '../components/test-utils'
import { fakeApi, json, renderWithApp, type SentRequest } from './requests-settings-harness'

const api = fakeApi()
const USER_ID = 7
const ORDERS_PATH = `/admin/users/${USER_ID}/orders`
const EXPIRY = '2026-12-01T16:30:00.000Z'

const order = (fields: Partial<Order> & Pick<Order, 'id'>): Order => ({
  order_id: `O${String(fields.id).padStart(7, '0')}`,
  asset_id: 'EURUSD',
  asset_symbol: 'EURUSD',
  trade_type: 'buy',
  order_type: 'limit',
  price: 1.0725,
  volume: 10_000,
  qty: 0.1,
  take_profit: 0,
  stop_loss: 0,
  trailing_stop: 0,
  expires_at: null,
  status: 'pending',
  trade_id: null,
  created_at: '2026-11-28T10:00:00.000Z',
  closed_at: null,
  reason: null,
  ...fields,
})

const page = (data: Order[]): OrdersPage => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length },
  links: { next: null },
})

const PENDING = [
  order({ id: 12, take_profit: 1.09, stop_loss: 1.05 }),
  order({
    id: 11,
    asset_id: 'BTCUSD',
    asset_symbol: 'BTCUSD',
    trade_type: 'sell',
    order_type: 'stop',
    price: 61_250.5,
    qty: 1.25,
    volume: 1.25,
    expires_at: EXPIRY,
  }),
]
const HISTORY = [
  order({ id: 9, status: 'cancelled', reason: 'staff', closed_at: '2026-11-28T11:00:00.000Z' }),
  order({ id: 8, status: 'filled', trade_id: 42, closed_at: '2026-11-28T10:30:00.000Z' }),
  order({ id: 7, status: 'expired', reason: 'expired', closed_at: '2026-11-28T10:20:00.000Z' }),
  order({
    id: 6,
    status: 'cancelled',
    reason: 'insufficient_margin',
    closed_at: '2026-11-28T10:10:00.000Z',
  }),
]

const listsOf = (list: 'pending' | 'history') =>
  api.sent.filter(
    (sent) => sent.method === 'GET' && sent.path === ORDERS_PATH && sent.search.includes(`status=${list}`),
  )
const audits = () => api.sent.filter((sent) => sent.method === 'GET' && sent.path === '/admin/audit')
const cancels = () => api.sent.filter((sent) => sent.method === 'POST')

function answerLists(lists: { pending: Order[]; history: Order[] }) {
  api.answers[`GET ${ORDERS_PATH}`] = (request: SentRequest) =>
    json(200, page(request.search.includes('status=history') ? lists.history : lists.pending))
  api.answers['GET /admin/audit'] = () =>
    json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } })
}

function renderSections() {
  return renderWithApp(() => (
    <>
      <ClientOrdersSection userId={USER_ID} list="pending" />
      <ClientOrdersSection userId={USER_ID} list="history" />
      <ClientAuditTrail userId={USER_ID} />
    </>
  ))
}

const rowOf = (reference: string) =>
  screen.getAllByTestId('client-order').find((row) => within(row).queryByText(reference) !== null)!

async function openCancel(reference: string) {
  await userEvent.click(within(rowOf(reference)).getByRole('button', { name: 'Cancel' }))
  const dialog = await screen.findByRole('dialog', { name: `Cancel order ${reference}?` })
  await waitForFocusInside(dialog)
  return dialog
}

describe('the client page’s orders', { timeout: 30_000 }, () => {
  it('has no accessibility violations, the cancel dialog open too', async () => {
    answerLists({ pending: PENDING, history: HISTORY })
    const { container } = renderSections()
    await screen.findByTestId('client-orders-pending')
    await screen.findByTestId('client-orders-history')
    await expectNoA11yViolations(container)
    const dialog = await openCancel('O0000012')
    await expectNoA11yViolations(container, dialog)
  })

  it('lists each pending order with its terms, and its expiry or Good till cancelled', async () => {
    answerLists({ pending: PENDING, history: [] })
    renderSections()
    const table = await screen.findByTestId('client-orders-pending')
    expect(listsOf('pending')[0]?.search).toBe('?status=pending&page=1')
    const section = screen.getByRole('region', { name: 'Pending orders' })
    expect(within(section).getByText('2')).toBeInTheDocument()

    const [first, second] = within(table).getAllByTestId('client-order')
    for (const text of [
      'EURUSD',
      'Buy limit',
      'O0000012',
      '0.10 lots at 1.07250',
      'TP 1.09000',
      'SL 1.05000',
    ]) {
      expect(first).toHaveTextContent(text)
    }
    expect(first).toHaveTextContent('Good till cancelled')
    expect(first).toHaveTextContent(`Placed ${formatDateTime('2026-11-28T10:00:00.000Z')}`)
    expect(second).toHaveTextContent('BTCUSD Sell stop O0000011')
    expect(second).toHaveTextContent('1.25 lots at 61,250.50000')
    expect(second).toHaveTextContent('TP None · SL None')
    expect(second).toHaveTextContent(formatDateTime(EXPIRY))
    expect(second).not.toHaveTextContent('Good till cancelled')
    // Each Cancel says which order it cancels.
    expect(within(second!).getByRole('button', { name: 'Cancel' })).toHaveAccessibleDescription(
      'BTCUSD Sell stop O0000011',
    )
    expect(within(second!).getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
  })

  it('says how each order in the history ended, without a Cancel button', async () => {
    answerLists({ pending: [], history: HISTORY })
    renderSections()
    const table = await screen.findByTestId('client-orders-history')
    const [byStaff, filled, expired, noMargin] = within(table).getAllByTestId('client-order')
    expect(byStaff).toHaveAttribute('data-status', 'cancelled')
    expect(byStaff).toHaveTextContent('Cancelled')
    expect(byStaff).toHaveTextContent('By staff')
    expect(filled).toHaveTextContent('Filled')
    expect(filled).toHaveTextContent('Opened T0000042')
    expect(expired).toHaveTextContent('Expired')
    expect(noMargin).toHaveTextContent('Not enough free margin at the fill')
    expect(within(table).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument()
    expect(byStaff).toHaveTextContent(
      `By staff · Closed ${formatDateTime('2026-11-28T11:00:00.000Z')} · Placed ${formatDateTime('2026-11-28T10:00:00.000Z')}`,
    )
    expect(expired).toHaveTextContent(`Closed ${formatDateTime('2026-11-28T10:20:00.000Z')} · Placed`)
  })

  it('says when there are none', async () => {
    answerLists({ pending: [], history: [] })
    renderSections()
    expect(await screen.findByText('No pending orders')).toBeInTheDocument()
    expect(await screen.findByText('No order history')).toBeInTheDocument()
    expect(screen.queryByTestId('client-order')).not.toBeInTheDocument()
  })

  it('cancels with the reason typed, says so, and refreshes both lists and the audit trail', async () => {
    const lists = { pending: PENDING, history: HISTORY }
    answerLists(lists)
    api.answers[`POST ${ORDERS_PATH}/12/cancel`] = () => {
      const cancelled = { ...PENDING[0]!, status: 'cancelled' as const, reason: 'staff' as const }
      lists.pending = PENDING.slice(1)
      lists.history = [cancelled, ...HISTORY]
      return json(200, { message: 'Order cancelled', data: cancelled })
    }
    renderSections()
    await screen.findByTestId('client-orders-pending')
    await waitFor(() => expect(audits()).toHaveLength(1))
    const dialog = await openCancel('O0000012')
    expect(dialog).toHaveTextContent('Buy limit EURUSD, 0.10 lots at 1.07250')

    // Nothing is sent without a reason.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }))
    expect(await within(dialog).findByText('A reason is required.')).toBeInTheDocument()
    expect(cancels()).toEqual([])

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      '  The client asked us to.  ',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }))
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(cancels().map((sent) => [sent.path, sent.body])).toEqual([
      [`${ORDERS_PATH}/12/cancel`, { reason: 'The client asked us to.' }],
    ])

    await waitFor(() =>
      expect(within(screen.getByTestId('client-orders-pending')).getAllByTestId('client-order')).toHaveLength(
        1,
      ),
    )
    expect(listsOf('history').length).toBeGreaterThan(1)
    expect(audits().length).toBeGreaterThan(1)
    const [first] = within(screen.getByTestId('client-orders-history')).getAllByTestId('client-order')
    expect(first).toHaveTextContent('O0000012')
    expect(first).toHaveTextContent('By staff')
  })

  it('shows the server’s 409 inside the dialog and refreshes the list behind it', async () => {
    answerLists({ pending: PENDING, history: [] })
    api.answers[`POST ${ORDERS_PATH}/11/cancel`] = () =>
      json(409, { message: 'This order is no longer pending.' })
    renderSections()
    await screen.findByTestId('client-orders-pending')
    const dialog = await openCancel('O0000011')
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Duplicate order.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }))
    expect(await within(dialog).findByText('This order is no longer pending.')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Cancel order O0000011?' })).toBeInTheDocument()
    await waitFor(() => expect(listsOf('pending').length).toBeGreaterThan(1))
  })
})

import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as lucide from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import { OrdersPanel } from '../../../src/features/trading/components/orders-panel'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { EURUSD, expectNoA11yViolations } from './fixtures'
import { fakeApi, json, ordersPage, pendingOrder, renderWithQuery } from './orders-api'

// The Pencil icon is drawn by a pending order's row itself, not by its live distance: counting its renders counts
// the row's.
vi.mock('lucide-react', async (importOriginal) => {
  const actual = await importOriginal<typeof lucide>()
  const Icon = actual.Pencil
  return { ...actual, Pencil: vi.fn((props: lucide.LucideProps) => <Icon {...props} />) }
})

const api = fakeApi()

// A buy limit at 1.08412 on EUR/USD (ask 1.10000, bid 1.09990), stop loss at 1.07.
const ORDER = pendingOrder({ stop_loss: 1.07 })

function renderPanel(closedBy?: string) {
  const store = createLivePriceStore()
  store.setAssets([EURUSD])
  const view = renderWithQuery(
    <>
      <p id="offline-reason">You are offline</p>
      <OrdersPanel store={store} assets={[EURUSD]} closedBy={closedBy} />
    </>,
  )
  return { ...view, store }
}

const answerPending = (...orders: ReturnType<typeof pendingOrder>[]) => {
  api.answers['GET /orders'] = (request) =>
    json(200, ordersPage(request.query.includes('status=pending') ? orders : []))
}

describe('OrdersPanel', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    answerPending(ORDER)
    const { container } = renderPanel()
    await screen.findByTestId('order-row-41')
    await expectNoA11yViolations(container)
  })

  it('lists a pending order: symbol, side and type, lots, price, distance, levels and expiry', async () => {
    answerPending(ORDER)
    renderPanel()
    const row = await screen.findByTestId('order-row-41')
    expect(row).toHaveTextContent('EUR/USD')
    expect(row).toHaveTextContent('Buy limit · O0000041')
    expect(row).toHaveTextContent('0.10 lots')
    expect(within(row).getByTestId('order-price')).toHaveTextContent('1.08412')
    // 1.08412 − 1.10000 (the ask a buy triggers on).
    expect(within(row).getByTestId('order-distance')).toHaveTextContent('−0.01588')
    const figures = within(row)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`)
    expect(figures).toEqual(['Price 1.08412', 'From the ask −0.01588', 'TP —', 'SL 1.07000', 'Expiry GTC'])
    expect(screen.getByRole('tab', { name: 'Pending (1)' })).toHaveAttribute('aria-selected', 'true')
  })

  it('moves the distance with each tick of its asset without re-rendering the row', async () => {
    answerPending(ORDER)
    const { store } = renderPanel()
    const row = await screen.findByTestId('order-row-41')
    const rowRenders = vi.mocked(lucide.Pencil)
    rowRenders.mockClear()
    act(() => {
      store.applyBatch([{ id: 'eurusd', price: 1.2 }], 1_000)
    })
    // The ask is now 1.2 x 1.00008 = 1.200096; 1.08412 − 1.200096 = −0.115976.
    expect(within(row).getByTestId('order-distance')).toHaveTextContent('−0.11598')
    expect(rowRenders).not.toHaveBeenCalled()
  })

  it("says 'No pending orders available' when there are none", async () => {
    answerPending()
    renderPanel()
    expect(await screen.findByText('No pending orders available')).toBeInTheDocument()
  })

  it('cancels after the confirmation, and keeps the order on Keep order', async () => {
    answerPending(ORDER)
    api.answers['DELETE /orders/41'] = () =>
      json(200, { message: 'Order cancelled', data: { ...ORDER, status: 'cancelled', reason: 'user' } })
    renderPanel()
    const row = await screen.findByTestId('order-row-41')

    await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }))
    const keep = await screen.findByRole('dialog', { name: 'Cancel order' })
    await userEvent.click(within(keep).getByRole('button', { name: 'Keep order' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.sent.filter((request) => request.method === 'DELETE')).toEqual([])

    await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }))
    const confirm = await screen.findByRole('dialog', { name: 'Cancel order' })
    expect(confirm).toHaveTextContent('Buy limit')
    answerPending()
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument()
    expect(api.sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/orders/41',
    ])
    // The list is asked again and is now empty.
    expect(await screen.findByText('No pending orders available')).toBeInTheDocument()
  })

  it("toasts the server's reason when a cancel is refused", async () => {
    answerPending(ORDER)
    api.answers['DELETE /orders/41'] = () => json(409, { message: 'This order is no longer pending.' })
    renderPanel()
    const row = await screen.findByTestId('order-row-41')
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }))
    const confirm = await screen.findByRole('dialog', { name: 'Cancel order' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Failed to cancel order')).toBeInTheDocument()
    expect(screen.getByText('This order is no longer pending.')).toBeInTheDocument()
  })

  it('modifies only what changed and shows the new price', async () => {
    answerPending(ORDER)
    api.answers['PATCH /orders/41'] = () =>
      json(200, { message: 'Order modified', data: { ...ORDER, price: 1.085 } })
    renderPanel()
    const row = await screen.findByTestId('order-row-41')
    await userEvent.click(within(row).getByRole('button', { name: 'Modify' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modify order' })
    const price = within(dialog).getByLabelText('Price')
    expect(price).toHaveValue('1.08412')
    // One press on a price of about 1 moves it by 0.0001.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise by 0.0001' }))
    expect(price).toHaveValue('1.08422')
    await userEvent.clear(price)
    await userEvent.type(price, '1.085')
    answerPending({ ...ORDER, price: 1.085 })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Order modified')).toBeInTheDocument()
    const patch = api.sent.find((request) => request.method === 'PATCH')
    expect(patch?.body).toEqual({ price: 1.085 })
    await waitFor(() => expect(within(row).getByTestId('order-price')).toHaveTextContent('1.08500'))
  })

  it("puts the server's 422 messages under the fields it names, and its sentence above the buttons", async () => {
    answerPending(ORDER)
    api.answers['PATCH /orders/41'] = () =>
      json(422, {
        message: 'Take profit must be above the order price (1.08412) for a buy.',
        errors: { take_profit: ['Take profit must be above the order price (1.08412) for a buy.'] },
      })
    renderPanel()
    await userEvent.click(
      within(await screen.findByTestId('order-row-41')).getByRole('button', { name: 'Modify' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Modify order' })
    await userEvent.type(within(dialog).getByLabelText('Take profit'), '1.05')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))

    const takeProfit = within(dialog).getByLabelText('Take profit')
    await waitFor(() => expect(takeProfit).toHaveAttribute('aria-invalid', 'true'))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Take profit must be above the order price (1.08412) for a buy.',
    )
    expect(api.sent.find((request) => request.method === 'PATCH')?.body).toEqual({ take_profit: 1.05 })
  })

  it('sends nothing when nothing changed, and says so', async () => {
    answerPending(ORDER)
    renderPanel()
    await userEvent.click(
      within(await screen.findByTestId('order-row-41')).getByRole('button', { name: 'Modify' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Modify order' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Nothing has changed.')
    expect(api.sent.filter((request) => request.method === 'PATCH')).toEqual([])
  })

  it('shuts Modify and Cancel offline, saying why', async () => {
    answerPending(ORDER)
    renderPanel('offline-reason')
    const row = await screen.findByTestId('order-row-41')
    for (const name of ['Modify', 'Cancel']) {
      const button = within(row).getByRole('button', { name })
      expect(button).toBeDisabled()
      expect(button).toHaveAccessibleDescription(/You are offline/)
    }
  })

  it('shows how each order ended in the history, with the position a fill opened', async () => {
    api.answers['GET /orders'] = (request) =>
      json(
        200,
        ordersPage(
          request.query.includes('status=history')
            ? [
                pendingOrder({
                  id: 51,
                  status: 'filled',
                  trade_id: 12,
                  closed_at: '2026-07-15T10:00:00.000Z',
                }),
                pendingOrder({
                  id: 52,
                  status: 'cancelled',
                  reason: 'staff',
                  closed_at: '2026-07-15T11:00:00.000Z',
                }),
                pendingOrder({
                  id: 53,
                  status: 'cancelled',
                  reason: 'insufficient_margin',
                  closed_at: '2026-07-15T12:00:00.000Z',
                }),
              ]
            : [],
        ),
      )
    renderPanel()
    await screen.findByText('No pending orders available')
    expect(api.sent.some((request) => request.query.includes('status=history'))).toBe(false)
    await userEvent.click(screen.getByRole('tab', { name: 'History' }))
    const filled = await screen.findByTestId('order-history-row-51')
    expect(within(filled).getByTestId('order-end')).toHaveTextContent('Filled')
    expect(filled).toHaveTextContent('PositionT0000012')
    expect(within(screen.getByTestId('order-history-row-52')).getByTestId('order-end')).toHaveTextContent(
      'Cancelled by staff',
    )
    expect(within(screen.getByTestId('order-history-row-53')).getByTestId('order-end')).toHaveTextContent(
      'Cancelled: not enough free margin',
    )
    expect(screen.getByTestId('order-history-row-52')).not.toHaveTextContent('Position')
  })

  it("says 'No order history' when none ended", async () => {
    api.answers['GET /orders'] = () => json(200, ordersPage([]))
    renderPanel()
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }))
    expect(await screen.findByText('No order history')).toBeInTheDocument()
  })
})

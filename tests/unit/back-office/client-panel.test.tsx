// The chat console's customer panel (decision 0017): the client's status, plan and figures, open positions whose P/L
// follows the live price feed, the last refused order with its message, pending requests and the client page link.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminClient } from '../../../src/domain/contract/clients'
import type { Trade } from '../../../src/domain/contract/trades'
import { ClientPanel } from '../../../src/features/back-office/components/client-panel'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import { createLivePriceStore, type LivePriceStore } from '../../../src/lib/live-prices'
import { expectNoA11yViolations } from '../components/test-utils'
import { EURUSD } from '../support/assets'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const trade = (fields: Partial<Trade> & Pick<Trade, 'id' | 'asset_id' | 'asset_symbol'>): Trade => ({
  trade_id: `T${String(fields.id).padStart(7, '0')}`,
  asset_name: fields.asset_symbol,
  trade_type: 'buy',
  status: 'open',
  volume: 100_000,
  qty: 1,
  contract_size: 100_000,
  margin: 550,
  leverage: 200,
  opening_price: 1.1,
  closing_price: 1.1,
  take_profit: 0,
  stop_loss: 0,
  trailing_stop: 0,
  order_id: null,
  open_time: '2026-07-15T09:00:00.000Z',
  close_time: null,
  close_reason: null,
  pnl: 0,
  ...fields,
})

/** Buys 1 lot of EUR/USD at 1.10000 (margin 550) and sells 0.10 lot of gold at 2,400 (margin 120, +5.50 at the server). */
const POSITIONS: Trade[] = [
  trade({ id: 11, asset_id: 'eurusd', asset_symbol: 'EURUSD', pnl: -12, closing_price: 1.09988 }),
  trade({
    id: 12,
    asset_id: 'xauusd',
    asset_symbol: 'XAUUSD',
    trade_type: 'sell',
    volume: 10,
    qty: 0.1,
    contract_size: 100,
    margin: 120,
    opening_price: 2400,
    closing_price: 2399.45,
    pnl: 5.5,
  }),
]

const CLIENT: AdminClient = {
  id: 7,
  first_name: 'Dana',
  last_name: 'Customer',
  name: 'Dana Customer',
  username: 'dana',
  email: 'dana@example.com',
  avatar: null,
  account_id: 'CFD1000007',
  role: 'customer',
  status: 'active',
  is_online: true,
  unread_count: 0,
  balance: 10_000,
  credit_balance: 0,
  notifications: [],
  accounts: [],
  account_type: { id: 2, title: 'Pro', color: '#f59e0b', icon: null, image: null, leverage: 200 },
  autotrader: false,
  autotrader_request_status: null,
  eas: [],
  phone: null,
  country: 'GB',
  created_at: '2026-07-01T09:00:00.000Z',
  last_sign_in_at: '2026-07-15T08:55:00.000Z',
  equity: 9_993.5,
  margin: 670,
  free_margin: 9_323.5,
  margin_level: 1_491.57,
  pnl: -6.5,
  open_positions: POSITIONS,
  pending_requests: [
    {
      id: 3,
      type: 'plan_upgrade',
      user_id: 7,
      user_name: 'Dana Customer',
      account_id: 'CFD1000007',
      email: 'dana@example.com',
      status: 'pending',
      detail: 'Plan: Premium',
      reason: null,
      decided_by: null,
      decided_at: null,
      created_at: '2026-07-15T10:30:00.000Z',
    },
  ],
  ledger: [],
  last_refused_order: {
    message: 'Insufficient free margin to open this position.',
    asset_symbol: 'BTCUSD',
    trade_type: 'buy',
    lots: 5,
    at: '2026-07-15T10:45:00.000Z',
  },
}

let answer: (path: string) => Response
beforeEach(() => {
  // The router restores the scroll position on navigation; jsdom has no window scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  answer = () => json(200, { data: CLIENT })
  configureHttp({
    getBaseUrl: () => 'http://api.test/api/v1',
    getToken: () => 'token',
    log: () => {},
    fetch: (async (url: string) => answer(new URL(url).pathname.replace('/api/v1', ''))) as typeof fetch,
  })
})
afterEach(() => {
  resetHttpConfig()
  vi.restoreAllMocks()
})

function renderPanel(store: LivePriceStore) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const root = createRootRoute({ component: Outlet })
  const chat = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <ClientPanel userId={7} store={store} />,
  })
  const clientPage = createRoute({
    getParentRoute: () => root,
    path: '/admin/clients/$id',
    component: () => <p>Client page</p>,
  })
  const router = createRouter({
    routeTree: root.addChildren([chat, clientPage]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...view, router }
}

const figure = (testId: string) => screen.getByTestId(testId)
const pnlOf = (row: HTMLElement) => within(row).getByTestId('client-panel-pnl')

describe('the customer panel', () => {
  it('shows status, plan, figures, positions, the last refused order, pending requests and the client page link', async () => {
    const store = createLivePriceStore()
    store.setAssets([EURUSD])
    const { container, router } = renderPanel(store)
    const panel = await screen.findByRole('region', { name: 'Customer details' })
    await within(panel).findByTestId('client-panel-status')
    await expectNoA11yViolations(container)

    expect(figure('client-panel-status')).toHaveTextContent('Active')
    expect(figure('client-panel-plan')).toHaveTextContent('Pro · 1:200')
    expect(figure('client-panel-balance')).toHaveTextContent('$10,000.00')
    // EUR/USD is live (sell 1.09990: -10.00), gold is not (the server's +5.50 stands).
    expect(figure('client-panel-equity')).toHaveTextContent('$9,995.50')
    expect(figure('client-panel-margin')).toHaveTextContent('$670.00')
    expect(figure('client-panel-free-margin')).toHaveTextContent('$9,325.50')
    expect(figure('client-panel-margin-level')).toHaveTextContent('1,491.87%')
    expect(figure('client-panel-total-pnl')).toHaveTextContent('-$4.50 loss')

    const rows = screen.getAllByTestId('client-panel-position')
    expect(rows.map((row) => row.dataset.tradeId)).toEqual(['11', '12'])
    expect(rows[0]).toHaveTextContent(/EURUSD.*buy.*1\.00 lot/)
    expect(pnlOf(rows[0]!)).toHaveTextContent('-$10.00')
    expect(pnlOf(rows[0]!)).toHaveAttribute('data-tone', 'loss')
    expect(rows[0]).toHaveTextContent('-$10.00 loss')
    expect(rows[1]).toHaveTextContent(/XAUUSD.*sell.*0\.10 lots/)
    expect(pnlOf(rows[1]!)).toHaveTextContent('+$5.50')
    expect(pnlOf(rows[1]!)).toHaveAttribute('data-tone', 'gain')
    expect(rows[1]).toHaveTextContent('+$5.50 profit')

    const refused = screen.getByTestId('client-panel-refused-order')
    expect(within(refused).getByTestId('client-panel-refused-message')).toHaveTextContent(
      'Insufficient free margin to open this position.',
    )
    expect(refused).toHaveTextContent('Buy 5.00 lots BTCUSD')
    expect(refused.querySelector('time')).toHaveAttribute('datetime', '2026-07-15T10:45:00.000Z')

    const [request] = screen.getAllByTestId('client-panel-request')
    expect(request).toHaveTextContent('Plan upgrade')
    expect(request).toHaveTextContent('Plan: Premium')
    expect(request!.querySelector('time')).toHaveAttribute('datetime', '2026-07-15T10:30:00.000Z')

    const link = screen.getByRole('link', { name: 'Open client page' })
    expect(link).toHaveAttribute('href', '/admin/clients/7')
    await userEvent.setup().click(link)
    expect(await screen.findByText('Client page')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/clients/7')
  })

  it('moves each P/L, equity and margin level with the price feed', async () => {
    const store = createLivePriceStore()
    store.setAssets([EURUSD])
    renderPanel(store)
    const [eurusd, gold] = await screen.findAllByTestId('client-panel-position')
    expect(pnlOf(eurusd!)).toHaveTextContent('-$10.00')

    // 1.10200 less the 0.008 % sell spread: 1.10191184, so the buy is up 191.18.
    act(() => void store.applyBatch([{ id: 'eurusd', price: 1.102 }], 1_000))
    expect(pnlOf(eurusd!)).toHaveTextContent('+$191.18')
    expect(pnlOf(eurusd!)).toHaveAttribute('data-tone', 'gain')
    expect(within(eurusd!).getByTestId('client-panel-position-price')).toHaveTextContent('1.10191')
    expect(pnlOf(gold!)).toHaveTextContent('+$5.50')
    expect(figure('client-panel-equity')).toHaveTextContent('$10,196.68')
    expect(figure('client-panel-free-margin')).toHaveTextContent('$9,526.68')
    expect(figure('client-panel-margin-level')).toHaveTextContent('1,521.89%')
    expect(figure('client-panel-total-pnl')).toHaveTextContent('+$196.68 profit')

    act(() => void store.applyBatch([{ id: 'eurusd', price: 1.098 }], 2_000))
    expect(pnlOf(eurusd!)).toHaveTextContent('-$208.78')
    expect(pnlOf(eurusd!)).toHaveAttribute('data-tone', 'loss')
    expect(figure('client-panel-equity')).toHaveTextContent('$9,796.72')
  })

  it('warns of a margin call beside the margin level', async () => {
    const store = createLivePriceStore()
    store.setAssets([EURUSD])
    answer = () => json(200, { data: { ...CLIENT, balance: 600 } })
    renderPanel(store)
    await screen.findAllByTestId('client-panel-position')
    // Equity 600 - 10 + 5.50 = 595.50 on 670 of margin: 88.88 %, below the 100 % margin-call level.
    const level = figure('client-panel-margin-level')
    expect(level).toHaveTextContent('88.88%, margin call')
    expect(level.querySelector('[data-tone="warning"]')).not.toBeNull()
  })

  it('says plainly when the customer is awaiting approval, has no plan, positions, refused order or requests', async () => {
    answer = () =>
      json(200, {
        data: {
          ...CLIENT,
          status: 'pending',
          account_type: null,
          open_positions: [],
          pending_requests: [],
          last_refused_order: null,
          margin: 0,
          equity: 10_000,
          free_margin: 10_000,
          margin_level: null,
          pnl: 0,
        },
      })
    const { container } = renderPanel(createLivePriceStore())
    expect(await screen.findByTestId('client-panel-status')).toHaveTextContent('Pending')
    await expectNoA11yViolations(container)
    expect(figure('client-panel-plan')).toHaveTextContent('No plan')
    expect(figure('client-panel-margin-level')).toHaveTextContent('∞')
    expect(screen.getByText('No open positions')).toBeInTheDocument()
    expect(screen.getByText('No refused orders')).toBeInTheDocument()
    expect(screen.getByText('No pending requests')).toBeInTheDocument()
  })

  it('shows a deactivated account as such', async () => {
    answer = () => json(200, { data: { ...CLIENT, status: 'deactivated' } })
    renderPanel(createLivePriceStore())
    const status = await screen.findByTestId('client-panel-status')
    expect(status).toHaveTextContent('Deactivated')
    expect(status.querySelector('[data-status]')).toHaveAttribute('data-status', 'deactivated')
  })

  it('says when the details cannot load and tries again on request', async () => {
    let fail = true
    answer = () => (fail ? json(500, { message: 'Server error' }) : json(200, { data: CLIENT }))
    renderPanel(createLivePriceStore())
    expect(await screen.findByRole('alert')).toHaveTextContent("The customer's details could not be loaded.")
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('client-panel-status')).toHaveTextContent('Active')
  })
})

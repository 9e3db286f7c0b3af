// ChartLevels (decision 0034): the active asset's positions and pending orders as chart levels, and a dragged
// level confirmed in a dialog (which states the side rule a price would break) before PATCH /trade/{id} or PATCH
// /orders/{id} is sent. The chart itself is a stand-in here: buttons that report a drop at a price.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import type { Order } from '../../../src/domain/contract/orders'
import type { Trade } from '../../../src/domain/contract/trades'
import { ChartLevels, type ChartLevelView } from '../../../src/features/trading'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { BUY_TRADE, EURUSD, expectNoA11yViolations } from './fixtures'

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('../../../src/components/ui/toast', () => ({ toast: toasts }))

// EUR/USD: bid 1.09990, ask 1.10000. A buy with its stop-loss at 1.08000 and take-profit at 1.12000, and a buy
// limit at 1.09500 with a take-profit of 1.10500.
const TRADE: Trade = { ...BUY_TRADE, id: 12, opening_price: 1.09, take_profit: 1.12, stop_loss: 1.08 }
const ORDER: Order = {
  id: 5,
  order_id: 'O0000005',
  asset_id: 'eurusd',
  asset_symbol: 'EUR/USD',
  trade_type: 'buy',
  order_type: 'limit',
  price: 1.095,
  volume: 10_000,
  qty: 0.1,
  take_profit: 1.105,
  stop_loss: 0,
  trailing_stop: 0,
  expires_at: null,
  status: 'pending',
  trade_id: null,
  created_at: '2026-07-15T09:30:00.000Z',
  closed_at: null,
  reason: null,
}
const OTHER_ASSET_TRADE: Trade = { ...TRADE, id: 13, asset_id: 'btcusd' }

const page = <T,>(data: T[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length },
  links: { next: null, prev: null },
})
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

let fetchMock: Mock<typeof fetch>
let trades: Trade[]
let patchAnswer: (url: string, body: Record<string, number>) => Response

beforeEach(() => {
  trades = [TRADE, OTHER_ASSET_TRADE]
  patchAnswer = (url, body) => {
    if (url.endsWith('/trade/12')) {
      trades = [{ ...TRADE, ...body }, OTHER_ASSET_TRADE]
      return json(200, { message: 'Position modified', data: trades[0] })
    }
    return json(200, { message: 'Order modified', data: { ...ORDER, ...body } })
  }
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input)
    if (init?.method === 'PATCH') return patchAnswer(url, JSON.parse(String(init.body)))
    if (url.includes('/open/trades')) return json(200, page(trades))
    if (url.includes('/orders?status=pending')) return json(200, page([ORDER]))
    return json(404, { message: 'Not found' })
  })
  configureHttp({ getBaseUrl: () => 'http://api.test/api/v1', fetch: fetchMock, log: () => {} })
  toasts.success.mockClear()
  toasts.error.mockClear()
})

afterEach(() => {
  resetHttpConfig()
})

/** The chart stand-in: each level as a list item, each draggable one with a 'drop at' button per price given. */
function FakeChart(props: {
  levels: ChartLevelView[]
  onLevelDrag: (id: string, price: number) => void
  drops: Record<string, number>
}) {
  return (
    <ul aria-label="Levels">
      {props.levels.map((level) => (
        <li key={level.id} data-testid={level.id} data-tone={level.tone} data-price={level.price}>
          {level.label}
          {level.draggable && props.drops[level.id] !== undefined ? (
            <button type="button" onClick={() => props.onLevelDrag(level.id, props.drops[level.id]!)}>
              Drop {level.name}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function setup(drops: Record<string, number>, readOnly = false) {
  const store = createLivePriceStore()
  store.setAssets([EURUSD])
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ChartLevels asset={EURUSD} store={store} readOnly={readOnly}>
        {(levels, onLevelDrag) => <FakeChart levels={levels} onLevelDrag={onLevelDrag} drops={drops} />}
      </ChartLevels>
    </QueryClientProvider>,
  )
  return { view, store }
}

const levelsShown = () =>
  within(screen.getByRole('list', { name: 'Levels' }))
    .getAllByRole('listitem')
    .map((item) => [item.dataset.testid, item.dataset.tone, item.firstChild?.textContent])

const patches = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body))])

describe('ChartLevels', () => {
  it("hands the chart the asset's entries, levels and orders, toned by kind", async () => {
    setup({})
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(5))
    expect(levelsShown()).toEqual([
      ['trade:12:entry', 'neutral', 'Buy 0.10 @ 1.09000'],
      ['trade:12:tp', 'gain', 'TP 1.12000'],
      ['trade:12:sl', 'loss', 'SL 1.08000'],
      ['order:5:price', 'accent', 'Buy limit 0.10'],
      ['order:5:tp', 'gain', 'TP 1.10500'],
    ])
  })

  it("confirms a dragged stop-loss, sends PATCH /trade/{id} and draws the server's level", async () => {
    const user = userEvent.setup()
    const { view } = setup({ 'trade:12:sl': 1.0795 })
    await user.click(await screen.findByRole('button', { name: 'Drop Stop loss 1.08000' }))

    const dialog = await screen.findByRole('dialog', { name: 'Move stop loss' })
    expect(dialog).toHaveAccessibleDescription('EUR/USD · Buy 0.10 @ 1.09000')
    expect(within(dialog).getByTestId('level-move-prices')).toHaveTextContent('From 1.08000 to 1.07950')
    // While it is confirmed, the line is drawn where it was dropped.
    expect(screen.getByTestId('trade:12:sl')).toHaveAttribute('data-price', '1.0795')
    expect(screen.getByTestId('trade:12:sl')).toHaveTextContent('SL 1.07950')
    await expectNoA11yViolations(view.container)

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(patches()).toEqual([['http://api.test/api/v1/trade/12', { stop_loss: 1.0795 }]])
    expect(toasts.success).toHaveBeenCalledExactlyOnceWith('Position modified', expect.anything())
    // The refetched position holds the new level.
    expect(screen.getByTestId('trade:12:sl')).toHaveAttribute('data-price', '1.0795')
  })

  it('states the side rule and disables Confirm for a price on the wrong side; Cancel puts the line back', async () => {
    const user = userEvent.setup()
    // A buy's stop-loss above the bid (1.09990).
    setup({ 'trade:12:sl': 1.1 })
    await user.click(await screen.findByRole('button', { name: 'Drop Stop loss 1.08000' }))
    const dialog = await screen.findByRole('dialog', { name: 'Move stop loss' })
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Stop loss must be below the current sell price (1.09990) for a buy.',
    )
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByTestId('trade:12:sl')).toHaveAttribute('data-price', '1.08')
    expect(patches()).toEqual([])
  })

  it("moves an order by PATCH /orders/{id}, and shows the server's rule when it refuses", async () => {
    const user = userEvent.setup()
    setup({ 'order:5:price': 1.094, 'order:5:tp': 1.106 })
    await user.click(await screen.findByRole('button', { name: 'Drop Buy limit 0.10 at 1.09500' }))
    let dialog = await screen.findByRole('dialog', { name: 'Move order' })
    expect(within(dialog).getByTestId('level-move-prices')).toHaveTextContent('From 1.09500 to 1.09400')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Order modified', expect.anything()))

    // The server refuses the next one (the market moved): its field's sentence is the toast.
    patchAnswer = () =>
      json(422, {
        message: 'The given data was invalid.',
        errors: { take_profit: ['Take profit must be above the order price (1.107) for a buy.'] },
      })
    await user.click(screen.getByRole('button', { name: 'Drop Take profit 1.10500 of the buy limit 0.10' }))
    dialog = await screen.findByRole('dialog', { name: 'Move take profit' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        'Take profit must be above the order price (1.107) for a buy.',
        expect.anything(),
      ),
    )
    // The dialog leaves after the toast, once Ark's presence has run its exit: on two busy cores that is a frame later.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByTestId('order:5:tp')).toHaveAttribute('data-price', '1.105')
    expect(patches()).toEqual([
      ['http://api.test/api/v1/orders/5', { price: 1.094 }],
      ['http://api.test/api/v1/orders/5', { take_profit: 1.106 }],
    ])
  })

  it('rechecks the rule as the market moves while the dialog is open', async () => {
    const user = userEvent.setup()
    const { store } = setup({ 'trade:12:sl': 1.0995 })
    await user.click(await screen.findByRole('button', { name: 'Drop Stop loss 1.08000' }))
    const dialog = await screen.findByRole('dialog', { name: 'Move stop loss' })
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled()
    // The bid falls to 1.09940 (rate 1.0995 less 0.008 %): the stop-loss at 1.09950 is now above it.
    act(() => {
      store.applyBatch(
        [{ id: 'eurusd', price: 1.0995, lastUpdated: Date.parse(EURUSD.updated_at) + 1000 }],
        Date.now(),
      )
    })
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^Stop loss must be below the current sell price/,
    )
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled()
  })

  it('draws the levels without handles while offline', async () => {
    setup({ 'trade:12:sl': 1.0795 }, true)
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(5))
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})

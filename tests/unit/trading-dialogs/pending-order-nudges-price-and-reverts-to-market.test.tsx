import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { IDEMPOTENCY_KEY_HEADER, type Trade } from '../../../src/domain/contract/trades'
import { PendingOrderDialog } from '../../../src/features/trading/components/dialogs/pending-order-dialog'
import { BUY_TRADE, EURUSD, expectNoA11yViolations } from './fixtures'
import { fakeApi, json, pendingOrder, renderWithQuery } from './orders-api'

const api = fakeApi()

function renderDialog(
  options: {
    side?: 'buy' | 'sell'
    asset?: typeof EURUSD | null
    takeProfit?: string
    stopLoss?: string
  } = {},
) {
  const onOpenChange = vi.fn()
  const onSideChange = vi.fn()
  const onMarketPlaced = vi.fn()
  const onOrderPlaced = vi.fn()
  const view = renderWithQuery(
    <PendingOrderDialog
      open
      onOpenChange={onOpenChange}
      asset={options.asset === undefined ? EURUSD : options.asset}
      side={options.side ?? 'buy'}
      onSideChange={onSideChange}
      leverage={100}
      takeProfit={options.takeProfit ?? ''}
      stopLoss={options.stopLoss ?? ''}
      onMarketPlaced={onMarketPlaced}
      onOrderPlaced={onOrderPlaced}
    />,
  )
  return { ...view, onOpenChange, onSideChange, onMarketPlaced, onOrderPlaced }
}

const typePrice = async (text: string) => {
  // Off 'Current' first (the field is read-only at market), then type over the nudged value.
  await userEvent.click(await screen.findByRole('button', { name: 'Decrease by 0.00001' }))
  const price = screen.getByLabelText('Price')
  await userEvent.clear(price)
  await userEvent.type(price, text)
}

// Axe over a portalled dialog is slow on a busy two-core machine: more than the default 5 s per test.
describe('PendingOrderDialog', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Pending buy order' })
    await expectNoA11yViolations(container, dialog)
  })

  it('starts at Current, turns numeric on a 0.00001 nudge and reverts to market', async () => {
    renderDialog()
    const price = await screen.findByLabelText('Price')
    expect(price).toHaveValue('Current')
    expect(price).toHaveAttribute('readonly')
    const market = screen.getByRole('button', { name: 'Market' })
    expect(market).toBeDisabled()

    // A buy starts from the ask, 1.10000.
    await userEvent.click(screen.getByRole('button', { name: 'Increase by 0.00001' }))
    expect(price).toHaveValue('1.10001')
    expect(price).not.toHaveAttribute('readonly')
    await userEvent.click(screen.getByRole('button', { name: 'Increase by 0.00001' }))
    expect(price).toHaveValue('1.10002')

    await userEvent.click(market)
    expect(price).toHaveValue('Current')
    expect(price).toHaveFocus()
    expect(market).toBeDisabled()
  })

  it('nudges a sell down from the bid', async () => {
    renderDialog({ side: 'sell' })
    await userEvent.click(await screen.findByRole('button', { name: 'Decrease by 0.00001' }))
    expect(screen.getByLabelText('Price')).toHaveValue('1.09989')
  })

  it('says what the price makes against the market before anything is sent', async () => {
    renderDialog()
    const line = await screen.findByTestId('pending-order-type')
    expect(line).toHaveTextContent('Market order: opens now at the current price.')
    await typePrice('1.09')
    expect(line).toHaveTextContent('Buy limit: fills at 1.09000 or better when the ask reaches it.')
    await typePrice('1.2')
    expect(line).toHaveTextContent('Buy stop: fills at the market when the ask reaches 1.20000.')
    await typePrice('1.1')
    expect(line).toHaveTextContent(
      'A buy limit must be below the current buy price and a buy stop must be above the current buy price (1.10000).',
    )
    expect(api.sent).toEqual([])
  })

  it('lets the customer switch to a sell', async () => {
    const { onSideChange } = renderDialog()
    await userEvent.click(await screen.findByText('Sell'))
    expect(onSideChange).toHaveBeenCalledWith('sell')
  })

  it('places a limit at a price: type, asset id, units, the trade form levels, the expiry and a key', async () => {
    api.answers['POST /orders'] = () =>
      json(201, { message: 'Pending order placed', data: pendingOrder({ price: 1.09 }) })
    const { onOpenChange, onOrderPlaced } = renderDialog({ takeProfit: '1.12', stopLoss: '' })
    expect(await screen.findByTestId('pending-order-levels')).toHaveTextContent(
      'From the trade form: take profit 1.12 · stop loss —',
    )
    await typePrice('1.09')
    const volume = screen.getByLabelText('Volume')
    await userEvent.clear(volume)
    await userEvent.type(volume, '0.25')
    fireEvent.change(screen.getByLabelText('Expiry'), { target: { value: '2030-01-02T03:04' } })
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))

    await screen.findByText('Pending order placed')
    expect(api.sent).toHaveLength(1)
    const [request] = api.sent
    expect(request?.path).toBe('/orders')
    expect(request?.body).toEqual({
      type: 'buy',
      order_type: 'limit',
      id: 1,
      volume: 25_000,
      price: 1.09,
      take_profit: 1.12,
      stop_loss: 0,
      trailing_stop: 0,
      expires_at: new Date(2030, 0, 2, 3, 4).toISOString(),
    })
    expect(request?.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f-]{36}$/)
    expect(onOrderPlaced).toHaveBeenCalledWith(expect.objectContaining({ id: 41 }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it("stays open on a refusal with the server's messages under the fields, and a new key for the next try", async () => {
    api.answers['POST /orders'] = () =>
      json(422, {
        message: 'A buy limit must be below the current buy price (1.08000).',
        errors: { price: ['A buy limit must be below the current buy price (1.08000).'] },
      })
    const { onOpenChange } = renderDialog()
    await typePrice('1.09')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))

    const dialog = screen.getByRole('dialog')
    expect(
      await within(dialog).findByText('A buy limit must be below the current buy price (1.08000).'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true')
    expect(await screen.findByText('Failed to place order')).toBeInTheDocument()
    expect(onOpenChange).not.toHaveBeenCalledWith(false)

    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.sent).toHaveLength(2))
    expect(api.sent[1]?.headers[IDEMPOTENCY_KEY_HEADER]).not.toBe(
      api.sent[0]?.headers[IDEMPOTENCY_KEY_HEADER],
    )
  })

  it('refuses a price at the market without sending it', async () => {
    renderDialog()
    await typePrice('1.1')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true')
    expect(api.sent).toEqual([])
  })

  it("at 'Current' places a market order through the ticket's path", async () => {
    const trade: Trade = { ...BUY_TRADE, qty: 0.01, volume: 1_000, opening_price: 1.1 }
    api.answers['POST /trades/store'] = () => json(201, { message: 'Buy order placed', data: trade })
    const { onOpenChange, onMarketPlaced } = renderDialog({ stopLoss: '1.05' })
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))

    await screen.findByText('Buy order placed')
    expect(screen.getByText('0.01 lots (1,000 units) at 1.10000')).toBeInTheDocument()
    const [request] = api.sent
    expect(request?.path).toBe('/trades/store')
    expect(request?.body).toMatchObject({
      type: 'buy',
      qty: 0.01,
      volume: 1_000,
      opening_price: 1.1,
      stop_loss: 1.05,
      take_profit: 0,
      id: 1,
      leverage: 100,
    })
    expect(request?.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f-]{36}$/)
    expect(onMarketPlaced).toHaveBeenCalledWith(trade)
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it("says 'No asset selected for trading.' without an asset", async () => {
    renderDialog({ asset: null })
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('No asset selected for trading.')).toBeInTheDocument()
  })
})

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Alert } from '../../../src/domain/contract/price-alerts'
import { CreateAlertDialog } from '../../../src/features/trading/components/dialogs/create-alert-dialog'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { EURUSD, expectNoA11yViolations } from '../trading-dialogs/fixtures'
import { fakeApi, json, renderWithQuery } from '../trading-dialogs/orders-api'

const api = fakeApi()

const created = (fields: Partial<Alert> = {}): Alert => ({
  id: 7,
  asset_id: 'eurusd',
  asset_symbol: 'EURUSD',
  condition: 'above',
  price: 1.1,
  note: null,
  status: 'active',
  created_at: '2026-07-15T12:00:00.000Z',
  expires_at: null,
  triggered_at: null,
  triggered_price: null,
  ...fields,
})

function renderDialog() {
  const store = createLivePriceStore()
  store.setAssets([EURUSD])
  const onOpenChange = vi.fn()
  const onCreated = vi.fn()
  const view = renderWithQuery(
    <CreateAlertDialog open onOpenChange={onOpenChange} asset={EURUSD} store={store} onCreated={onCreated} />,
  )
  return { ...view, onOpenChange, onCreated }
}

describe('CreateAlertDialog', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' })
    await expectNoA11yViolations(container, dialog)
  })

  it('starts at the bid, steps by 0.00001 and sends the condition, price, note and no expiry', async () => {
    api.answers['POST /alerts'] = () => json(201, { message: 'Alert created', data: created() })
    const { onOpenChange, onCreated } = renderDialog()
    const price = await screen.findByLabelText('Price')
    expect(price).toHaveValue('1.09990')

    await userEvent.click(screen.getByRole('button', { name: 'Increase by 0.00001' }))
    await userEvent.click(screen.getByRole('button', { name: 'Increase by 0.00001' }))
    expect(price).toHaveValue('1.09992')
    await userEvent.click(screen.getByRole('radio', { name: 'Bid falls to or below' }))
    await userEvent.click(screen.getByRole('radio', { name: 'Bid rises to or above' }))
    await userEvent.type(screen.getByLabelText('Note (optional)'), '  take profits  ')
    await userEvent.click(screen.getByRole('button', { name: 'Create alert' }))

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    const sent = api.sent.find((request) => request.method === 'POST' && request.path === '/alerts')
    expect(sent?.body).toEqual({
      id: EURUSD.id,
      condition: 'above',
      price: 1.09992,
      note: 'take profits',
      expires_at: null,
    })
    expect(onCreated).toHaveBeenCalledWith(created())
  })

  it("keeps the dialog open with the server's 422 under the price", async () => {
    api.answers['POST /alerts'] = () =>
      json(422, {
        message: 'The price is already above 1.09990',
        errors: { price: ['The price is already above 1.09990'] },
      })
    const { onOpenChange } = renderDialog()
    await userEvent.click(await screen.findByRole('button', { name: 'Create alert' }))
    expect(await screen.findByText('The price is already above 1.09990')).toBeVisible()
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true')
    expect(onOpenChange).not.toHaveBeenCalledWith(false)
  })

  it('puts a 422 that names no field under the price too (the 50-alert cap)', async () => {
    api.answers['POST /alerts'] = () => json(422, { message: 'You can have at most 50 active alerts.' })
    renderDialog()
    await userEvent.click(await screen.findByRole('button', { name: 'Create alert' }))
    expect(await screen.findByText('You can have at most 50 active alerts.')).toBeVisible()
  })

  it('refuses a price that is not a positive number without calling the server', async () => {
    renderDialog()
    const price = await screen.findByLabelText('Price')
    await userEvent.clear(price)
    await userEvent.type(price, 'abc')
    await userEvent.click(screen.getByRole('button', { name: 'Create alert' }))
    expect(await screen.findByText('Enter a price above 0.')).toBeVisible()
    expect(api.sent.filter((request) => request.method === 'POST')).toEqual([])
  })
})

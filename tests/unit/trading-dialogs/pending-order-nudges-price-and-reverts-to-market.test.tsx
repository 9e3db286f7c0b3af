import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { PendingOrderDialog } from '../../../src/features/trading/components/dialogs/pending-order-dialog'
import { EURUSD, expectNoA11yViolations } from './fixtures'

function renderDialog(side: 'buy' | 'sell' = 'buy', asset: typeof EURUSD | null = EURUSD) {
  const onSubmit = vi.fn()
  const onOpenChange = vi.fn()
  const view = render(
    <PendingOrderDialog open onOpenChange={onOpenChange} asset={asset} side={side} onSubmit={onSubmit} />,
  )
  return { ...view, onSubmit, onOpenChange }
}

// Axe over a portalled dialog is slow on a busy two-core machine: more than the default 5 s per test.
describe('PendingOrderDialog', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Pending buy order' })
    await expectNoA11yViolations(container, dialog)
  })

  it('says that it sends nothing', async () => {
    renderDialog()
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText('Pending orders are not sent yet: this records your intended price only.'),
    ).toBeInTheDocument()
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
    renderDialog('sell')
    await userEvent.click(await screen.findByRole('button', { name: 'Decrease by 0.00001' }))
    expect(screen.getByLabelText('Price')).toHaveValue('1.09989')
  })

  it('takes loose text and hands it over on Save, then closes', async () => {
    const { onSubmit, onOpenChange } = renderDialog()
    await userEvent.click(await screen.findByRole('button', { name: 'Increase by 0.00001' }))
    const price = screen.getByLabelText('Price')
    await userEvent.clear(price)
    await userEvent.type(price, 'about 1.2')
    const volume = screen.getByLabelText('Volume')
    await userEvent.clear(volume)
    await userEvent.type(volume, '0.5')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith({ side: 'buy', price: 'about 1.2', volume: '0.5' })
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('hands over a null price when left at market', async () => {
    const { onSubmit } = renderDialog()
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith({ side: 'buy', price: null, volume: '0.01' })
  })

  it("says 'No asset selected for trading.' without an asset", async () => {
    renderDialog('buy', null)
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('No asset selected for trading.')).toBeInTheDocument()
  })
})

import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ClosePositionDialog } from '../../../src/features/trading/components/dialogs/close-position-dialog'
import type { DisplayCurrency } from '../../../src/domain/format/currency'
import { BUY_TRADE, expectNoA11yViolations } from './fixtures'

function renderDialog(
  props: { pnl?: number; busy?: boolean; trade?: typeof BUY_TRADE | null; currency?: DisplayCurrency } = {},
) {
  const onConfirm = vi.fn()
  const onOpenChange = vi.fn()
  const view = render(
    <ClosePositionDialog
      open
      onOpenChange={onOpenChange}
      trade={props.trade === undefined ? BUY_TRADE : props.trade}
      currentPnlUsd={props.pnl ?? 12.34}
      currency={props.currency}
      busy={props.busy ?? false}
      onConfirm={onConfirm}
    />,
  )
  return { ...view, onConfirm, onOpenChange }
}

// Axe over a portalled dialog is slow on a busy two-core machine: more than the default 5 s per test.
describe('ClosePositionDialog', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Close position' })
    await expectNoA11yViolations(container, dialog)
  })

  it('shows symbol, side, volume in lots, opening price and a gain as +$12.34 in green', async () => {
    renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Close position' })
    expect(within(dialog).getByText('EUR/USD')).toBeInTheDocument()
    expect(within(dialog).getByText('Buy')).toBeInTheDocument()
    expect(within(dialog).getByText('0.10 lots')).toBeInTheDocument()
    expect(within(dialog).getByText('1.09870')).toBeInTheDocument()
    expect(within(dialog).getByText('+$12.34')).toHaveAttribute('data-tone', 'gain')
  })

  it('shows a loss as -$5.00 in red, and zero unsigned and not red', async () => {
    const { unmount } = renderDialog({ pnl: -5 })
    expect(await screen.findByText('-$5.00')).toHaveAttribute('data-tone', 'loss')
    unmount()
    renderDialog({ pnl: 0 })
    expect(await screen.findByText('$0.00')).toHaveAttribute('data-tone', 'gain')
  })

  it('shows the P/L in the chosen currency (spec 3, Currency: USD amount x rate)', async () => {
    renderDialog({ pnl: -5, currency: { code: 'EUR', symbol: '€', rate: 0.9 } })
    expect(await screen.findByText('-€4.50')).toHaveAttribute('data-tone', 'loss')
  })

  it('calls onConfirm on Confirm and leaves closing the dialog to the caller', async () => {
    const { onConfirm, onOpenChange } = renderDialog()
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it('shows Closing... and refuses a second press while busy', async () => {
    const { onConfirm } = renderDialog({ busy: true })
    const button = await screen.findByRole('button', { name: 'Closing...' })
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('aria-busy', 'true')
    await userEvent.click(button)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('closes on Cancel without confirming', async () => {
    const { onConfirm, onOpenChange } = renderDialog()
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('offers no Confirm without a position', async () => {
    renderDialog({ trade: null })
    const dialog = await screen.findByRole('dialog', { name: 'Close position' })
    expect(within(dialog).getByText('No position selected.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument()
  })
})

import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ClosePositionDialog } from '../../../src/features/trading/components/dialogs/close-position-dialog'
import type { DisplayCurrency } from '../../../src/domain/format/currency'
import { BUY_TRADE, expectNoA11yViolations } from './fixtures'

function renderDialog(
  props: {
    pnl?: number
    busy?: boolean
    trade?: typeof BUY_TRADE | null
    currency?: DisplayCurrency
    volumeError?: string
  } = {},
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
      volumeError={props.volumeError}
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

  it('shows the P/L in the chosen currency (docs/product/data-model.md#currency: USD amount x rate)', async () => {
    renderDialog({ pnl: -5, currency: { code: 'EUR', symbol: '€', rate: 0.9 } })
    expect(await screen.findByText('-€4.50')).toHaveAttribute('data-tone', 'loss')
  })

  it('calls onConfirm on Confirm with the whole position, and leaves closing the dialog to the caller', async () => {
    const { onConfirm, onOpenChange } = renderDialog()
    expect(await screen.findByLabelText('Volume (lots)')).toHaveValue('0.10')
    expect(screen.getByText('The whole position closes.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onConfirm).toHaveBeenCalledWith({ lots: 0.1, whole: true })
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it('closes a part typed or stepped in lots, saying what stays open (decision 0034)', async () => {
    const { onConfirm } = renderDialog()
    const volume = await screen.findByLabelText('Volume (lots)')
    await userEvent.click(screen.getByRole('button', { name: 'Decrease the volume to close by 0.01 lot' }))
    expect(volume).toHaveValue('0.09')
    expect(screen.getByText('Left open: 0.01 lots.')).toBeInTheDocument()
    await userEvent.clear(volume)
    await userEvent.type(volume, '0.04{Enter}')
    expect(onConfirm).toHaveBeenCalledWith({ lots: 0.04, whole: false })
    expect(screen.getByText('Left open: 0.06 lots.')).toBeInTheDocument()
  })

  it('shows the volume rule under the field and does not confirm', async () => {
    const { onConfirm } = renderDialog()
    const volume = await screen.findByLabelText('Volume (lots)')
    await userEvent.clear(volume)
    await userEvent.type(volume, '0.2')
    await waitFor(() =>
      expect(volume).toHaveAccessibleErrorMessage(/The position holds 0\.10 lots; close at most that\./),
    )
    expect(volume).toHaveAttribute('aria-invalid', 'true')
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await userEvent.clear(volume)
    await userEvent.type(volume, '0.005')
    expect(screen.getByText('Close at least 0.01 lot.')).toBeInTheDocument()
    await userEvent.type(volume, '{Enter}')
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('shows the server’s refusal of the volume it sent, until the volume changes', async () => {
    const { onConfirm, rerender } = renderDialog()
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    rerender(
      <ClosePositionDialog
        open
        onOpenChange={vi.fn()}
        trade={BUY_TRADE}
        currentPnlUsd={12.34}
        busy={false}
        volumeError="The position changed meanwhile."
        onConfirm={onConfirm}
      />,
    )
    const volume = screen.getByLabelText('Volume (lots)')
    await waitFor(() => expect(volume).toHaveAccessibleErrorMessage(/The position changed meanwhile\./))
    await userEvent.click(screen.getByRole('button', { name: 'Decrease the volume to close by 0.01 lot' }))
    expect(screen.queryByText('The position changed meanwhile.')).not.toBeInTheDocument()
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

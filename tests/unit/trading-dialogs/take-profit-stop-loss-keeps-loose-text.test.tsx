import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { TakeProfitStopLossDialog } from '../../../src/features/trading/components/dialogs/take-profit-stop-loss-dialog'
import { expectNoA11yViolations } from './fixtures'

function renderDialog(initial = { takeProfit: '1.2', stopLoss: '' }, referencePriceQuote?: number) {
  const onSave = vi.fn()
  const onOpenChange = vi.fn()
  const view = render(
    <TakeProfitStopLossDialog
      open
      onOpenChange={onOpenChange}
      initialTakeProfit={initial.takeProfit}
      initialStopLoss={initial.stopLoss}
      referencePriceQuote={referencePriceQuote}
      onSave={onSave}
    />,
  )
  return { ...view, onSave, onOpenChange }
}

// Axe over a portalled dialog is slow on a busy two-core machine: more than the default 5 s per test.
describe('TakeProfitStopLossDialog', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Take profit and stop loss' })
    await expectNoA11yViolations(container, dialog)
  })

  it('opens with the initial text and saves whatever is typed (spec 5: no rules)', async () => {
    const { onSave, onOpenChange } = renderDialog()
    expect(await screen.findByLabelText('Take profit')).toHaveValue('1.2')
    expect(screen.getByLabelText('Stop loss')).toHaveValue('')
    await userEvent.type(screen.getByLabelText('Stop loss'), 'abc')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith({ takeProfit: '1.2', stopLoss: 'abc' })
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(screen.queryByText(/must be/)).not.toBeInTheDocument()
  })

  it('steps by 0.01, from the reference price when a field holds no number', async () => {
    renderDialog({ takeProfit: '1.2', stopLoss: '' }, 1.1)
    await userEvent.click(await screen.findByRole('button', { name: 'Increase TP by 0.01' }))
    expect(screen.getByLabelText('Take profit')).toHaveValue('1.21000')
    await userEvent.click(screen.getByRole('button', { name: 'Decrease SL by 0.01' }))
    expect(screen.getByLabelText('Stop loss')).toHaveValue('1.09000')
  })

  it('discards edits on Cancel', async () => {
    const { onSave, onOpenChange } = renderDialog()
    await userEvent.type(await screen.findByLabelText('Take profit'), '5')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(onSave).not.toHaveBeenCalled()
  })
})

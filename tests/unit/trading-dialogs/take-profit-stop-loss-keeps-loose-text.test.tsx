import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { levelText } from '../../../src/domain/trading/position-levels'
import {
  TakeProfitStopLossDialog,
  type OpenPositionLevels,
} from '../../../src/features/trading/components/dialogs/take-profit-stop-loss-dialog'
import { BUY_TRADE, expectNoA11yViolations } from './fixtures'

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

  it('opens with the initial text and saves whatever is typed (docs/product/orders-and-alerts.md#take-profit-and-stop-loss: no rules)', async () => {
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

// On an open position (decision 0034): a buy opened at 1.0987, bid 1.1000 and ask 1.1002 unless a test moves them.
const MARKET = { sell_price: 1.1, buy_price: 1.1002 }

function renderOnPosition(
  overrides: Omit<Partial<OpenPositionLevels>, 'trade'> & { trade?: Partial<typeof BUY_TRADE> } = {},
) {
  const onSaveChanges = vi.fn()
  const onOpenChange = vi.fn()
  const trade = { ...BUY_TRADE, take_profit: 1.12, stop_loss: 0, trailing_stop: 0, ...overrides.trade }
  const position = (more: Partial<OpenPositionLevels> = {}): OpenPositionLevels => ({
    quote: MARKET,
    busy: false,
    onSaveChanges,
    ...overrides,
    ...more,
    trade,
  })
  const view = render(
    <TakeProfitStopLossDialog
      open
      onOpenChange={onOpenChange}
      initialTakeProfit={levelText(trade.take_profit)}
      initialStopLoss={levelText(trade.stop_loss)}
      description="EUR/USD · Buy 0.10 lot"
      position={position()}
    />,
  )
  const rerenderWith = (more: Partial<OpenPositionLevels>) =>
    view.rerender(
      <TakeProfitStopLossDialog
        open
        onOpenChange={onOpenChange}
        initialTakeProfit={levelText(trade.take_profit)}
        initialStopLoss={levelText(trade.stop_loss)}
        description="EUR/USD · Buy 0.10 lot"
        position={position(more)}
      />,
    )
  return { ...view, onSaveChanges, onOpenChange, rerenderWith }
}

describe('TakeProfitStopLossDialog on an open position', { timeout: 20_000 }, () => {
  it('has no accessibility violations, with Stop at entry offered and refused', async () => {
    const { container, rerenderWith } = renderOnPosition()
    const dialog = await screen.findByRole('dialog', { name: 'Take profit and stop loss' })
    await expectNoA11yViolations(container, dialog)
    rerenderWith({ quote: { sell_price: 1.09, buy_price: 1.0902 } })
    await expectNoA11yViolations(container, dialog)
  })

  it('opens with the position’s levels and its trailing stop, and sends only what changed', async () => {
    const { onSaveChanges, onOpenChange } = renderOnPosition({ trade: { trailing_stop: 0.005 } })
    expect(await screen.findByLabelText('Take profit')).toHaveValue('1.12')
    expect(screen.getByLabelText('Stop loss')).toHaveValue('')
    expect(screen.getByLabelText('Trailing stop')).toHaveValue('0.005')
    await userEvent.type(screen.getByLabelText('Stop loss'), '1.05')
    await userEvent.clear(screen.getByLabelText('Trailing stop'))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSaveChanges).toHaveBeenCalledWith({ stop_loss: 1.05, trailing_stop: 0 })
    // The caller closes it once the change is saved.
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it('closes without sending when nothing changed', async () => {
    const { onSaveChanges, onOpenChange } = renderOnPosition()
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(onSaveChanges).not.toHaveBeenCalled()
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('states the side rule under the field before sending, and the field’s own edit clears it', async () => {
    const { onSaveChanges } = renderOnPosition()
    const stopLoss = await screen.findByLabelText('Stop loss')
    await userEvent.type(stopLoss, '1.2')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    const rule = 'Stop loss must be below the current sell price (1.10000) for a buy.'
    expect(screen.getByText(rule)).toBeInTheDocument()
    await waitFor(() => expect(stopLoss).toHaveAccessibleErrorMessage(rule))
    expect(onSaveChanges).not.toHaveBeenCalled()
    await userEvent.type(stopLoss, '{Backspace}')
    expect(screen.queryByText(rule)).not.toBeInTheDocument()
  })

  it('shows the server’s refusal under its field and stays open', async () => {
    const { rerenderWith, onOpenChange } = renderOnPosition()
    await screen.findByLabelText('Trailing stop')
    rerenderWith({ errors: { trailing_stop: 'This is not a possible price.' } })
    const trailing = screen.getByLabelText('Trailing stop')
    await waitFor(() => expect(trailing).toHaveAccessibleErrorMessage('This is not a possible price.'))
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it('sets the stop loss to the opening price with Stop at entry once the market is past the entry', async () => {
    const { onSaveChanges } = renderOnPosition()
    await userEvent.click(await screen.findByRole('button', { name: 'Stop at entry' }))
    expect(screen.getByLabelText('Stop loss')).toHaveValue('1.0987')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSaveChanges).toHaveBeenCalledWith({ stop_loss: 1.0987 })
  })

  it('refuses Stop at entry, saying why, while the market is not past the entry', async () => {
    renderOnPosition({ quote: { sell_price: 1.09, buy_price: 1.0902 } })
    const button = await screen.findByRole('button', { name: 'Stop at entry' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription(
      'Available once the current sell price is above the opening price (1.09870).',
    )
  })

  it('shows Saving... and refuses a second press while the change is in flight', async () => {
    const { onSaveChanges } = renderOnPosition({ busy: true })
    await userEvent.type(await screen.findByLabelText('Stop loss'), '1.05')
    const save = screen.getByRole('button', { name: 'Saving...' })
    expect(save).toBeDisabled()
    await userEvent.click(save)
    expect(onSaveChanges).not.toHaveBeenCalled()
  })
})

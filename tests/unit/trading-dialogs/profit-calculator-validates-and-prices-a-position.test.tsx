import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ProfitCalculatorDialog } from '../../../src/features/trading/components/dialogs/profit-calculator-dialog'
import type { DisplayCurrency } from '../../../src/domain/format/currency'
import { EURUSD, expectNoA11yViolations } from './fixtures'
import { waitForFocusInside } from '../components/test-utils'

function renderCalculator(asset = EURUSD, currency?: DisplayCurrency) {
  const onOpenChange = vi.fn()
  const view = render(
    <ProfitCalculatorDialog
      open
      onOpenChange={onOpenChange}
      asset={asset}
      leverage={100}
      currency={currency}
    />,
  )
  return { ...view, onOpenChange }
}

const results = () => within(screen.getByRole('region', { name: /Results for/ }))

// Axe over a portalled dialog is slow on a busy two-core machine: more than the default 5 s per test.
describe('ProfitCalculatorDialog', { timeout: 20_000 }, () => {
  it('has no accessibility violations, with results and with errors', async () => {
    const { container } = renderCalculator()
    const dialog = await screen.findByRole('dialog', { name: 'Profit calculator' })
    await expectNoA11yViolations(container, dialog)
    await userEvent.clear(screen.getByLabelText('Volume'))
    await screen.findByText('Volume must be a positive number')
    await expectNoA11yViolations(container, dialog)
  })

  it('opens on a buy at the current price with TP and SL 0.1 % away, and shows the docs/product/trading-workspace.md#profit-calculator figures', async () => {
    renderCalculator()
    await screen.findByRole('dialog')
    expect(screen.getByRole('radio', { name: 'Buy' })).toBeChecked()
    expect(screen.getByLabelText('Volume')).toHaveValue('0.01')
    expect(screen.getByLabelText('Entry price')).toHaveValue('1.10000')
    expect(screen.getByLabelText('Take profit')).toHaveValue('1.10110')
    expect(screen.getByLabelText('Stop loss')).toHaveValue('1.09890')
    // 0.01 lot x 100,000 = 1,000 units; margin 1,000 x 1.1 / 100 = 11; pip value 1,000 x 0.0001 = 0.1.
    expect(results().getByText('1,000')).toBeInTheDocument()
    expect(results().getByText('$11.00')).toBeInTheDocument()
    expect(results().getByText('$0.10')).toBeInTheDocument()
    expect(results().getByText('+$1.10')).toBeInTheDocument()
    expect(results().getByText('-$1.10')).toBeInTheDocument()
    expect(results().getByText('1:100')).toBeInTheDocument()
  })

  it('shows margin, pip value, profit and loss in the chosen currency', async () => {
    renderCalculator(EURUSD, { code: 'EUR', symbol: '€', rate: 0.9 })
    await screen.findByRole('dialog')
    // The USD figures above x 0.9: margin 11 -> 9.90, pip 0.1 -> 0.09, TP/SL 1.10 -> 0.99.
    expect(results().getByText('€9.90')).toBeInTheDocument()
    expect(results().getByText('€0.09')).toBeInTheDocument()
    expect(results().getByText('+€0.99')).toBeInTheDocument()
    expect(results().getByText('-€0.99')).toBeInTheDocument()
  })

  it('shows each of the four messages of docs/product/trading-workspace.md#profit-calculator for bad values, and hides the results meanwhile', async () => {
    renderCalculator()
    await screen.findByRole('dialog')
    const volume = screen.getByLabelText('Volume')
    await userEvent.clear(volume)
    await userEvent.type(volume, '-1')
    await userEvent.clear(screen.getByLabelText('Entry price'))
    await userEvent.type(screen.getByLabelText('Entry price'), '0')
    await userEvent.clear(screen.getByLabelText('Take profit'))
    await userEvent.type(screen.getByLabelText('Take profit'), '-0.5')
    await userEvent.clear(screen.getByLabelText('Stop loss'))
    await userEvent.type(screen.getByLabelText('Stop loss'), 'abc')

    expect(await screen.findByText('Volume must be a positive number')).toBeInTheDocument()
    expect(screen.getByText('Entry price must be a positive number')).toBeInTheDocument()
    expect(screen.getByText('Take profit must be a non-negative number')).toBeInTheDocument()
    expect(screen.getByText('Stop loss must be a non-negative number')).toBeInTheDocument()
    expect(screen.getByLabelText('Volume')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Volume')).toHaveAccessibleDescription(
      expect.stringContaining('Volume must be a positive number'),
    )
    expect(results().getByText('Correct the fields above to see the results.')).toBeInTheDocument()
  })

  it('validates on Calculate and moves focus to the field in error', async () => {
    renderCalculator()
    await screen.findByRole('dialog')
    await userEvent.clear(screen.getByLabelText('Stop loss'))
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }))
    expect(await screen.findByText('Stop loss must be a non-negative number')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText('Stop loss')).toHaveFocus())
  })

  it('moves TP and SL to the sell side when Sell is picked, and the entry to the sell price', async () => {
    renderCalculator()
    await screen.findByRole('dialog')
    await userEvent.click(screen.getByRole('radio', { name: 'Sell' }))
    expect(screen.getByLabelText('Entry price')).toHaveValue('1.09990')
    // 1.0999 x 0.999 = 1.09880 and 1.0999 x 1.001 = 1.10100
    expect(screen.getByLabelText('Take profit')).toHaveValue('1.09880')
    expect(screen.getByLabelText('Stop loss')).toHaveValue('1.10100')
  })

  it('keeps TP and SL following the entry price until the user sets them', async () => {
    renderCalculator()
    await screen.findByRole('dialog')
    const entry = screen.getByLabelText('Entry price')
    await userEvent.clear(entry)
    await userEvent.type(entry, '2')
    expect(screen.getByLabelText('Take profit')).toHaveValue('2.00200')
    expect(screen.getByLabelText('Stop loss')).toHaveValue('1.99800')

    await userEvent.click(screen.getByRole('button', { name: 'Increase TP by 0.01' }))
    expect(screen.getByLabelText('Take profit')).toHaveValue('2.01200')
    await userEvent.clear(entry)
    await userEvent.type(entry, '3')
    expect(screen.getByLabelText('Take profit')).toHaveValue('2.01200')
    expect(screen.getByLabelText('Stop loss')).toHaveValue('2.99700')
  })

  it('steps TP and SL by 0.01', async () => {
    renderCalculator()
    await screen.findByRole('dialog')
    await userEvent.click(screen.getByRole('button', { name: 'Decrease TP by 0.01' }))
    expect(screen.getByLabelText('Take profit')).toHaveValue('1.09110')
    await userEvent.click(screen.getByRole('button', { name: 'Increase SL by 0.01' }))
    expect(screen.getByLabelText('Stop loss')).toHaveValue('1.10890')
  })

  it('works in fractions of a unit for a contract size of 1 (0.01 lot of BTC = 0.01 BTC)', async () => {
    renderCalculator({ ...EURUSD, type: 'crypto', contract_size: 1, buy_price: 65_000, sell_price: 64_900 })
    await screen.findByRole('dialog')
    expect(results().getByText('0.01')).toBeInTheDocument()
    // 0.01 x 65,000 / 100 = 6.50; TP 65,065: 0.01 x 65 = +0.65.
    expect(results().getByText('$6.50')).toBeInTheDocument()
    expect(results().getByText('+$0.65')).toBeInTheDocument()
  })

  it("says 'No asset selected for trading.' without an asset", async () => {
    render(<ProfitCalculatorDialog open onOpenChange={() => {}} asset={null} leverage={100} />)
    const dialog = await screen.findByRole('dialog', { name: 'Profit calculator' })
    expect(within(dialog).getByText('No asset selected for trading.')).toBeInTheDocument()
    expect(within(dialog).queryByLabelText('Volume')).not.toBeInTheDocument()
  })

  it('closes on Escape through onOpenChange(false)', async () => {
    const { onOpenChange } = renderCalculator()
    await waitForFocusInside(await screen.findByRole('dialog'))
    await userEvent.keyboard('{Escape}')
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })
})

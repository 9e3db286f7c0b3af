import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AssetInfoDialog } from '../../../src/features/trading/components/dialogs/asset-info-dialog'
import { EURUSD, expectNoA11yViolations, SATURDAY_NOON_UTC, WEDNESDAY_NOON_UTC } from './fixtures'

function renderDialog(nowMs = WEDNESDAY_NOON_UTC, asset: typeof EURUSD | null = EURUSD) {
  return render(<AssetInfoDialog open onOpenChange={() => {}} asset={asset} leverage={100} nowMs={nowMs} />)
}

/** The value next to a label in the dialog's list. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling

// Axe over a portalled dialog is slow on a busy two-core machine: more than the default 5 s per test.
describe('AssetInfoDialog', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Euro vs US Dollar' })
    await expectNoA11yViolations(container, dialog)
  })

  it('shows bid and ask with 5 decimals, the 24h range and change, contract terms and spreads', async () => {
    renderDialog()
    await screen.findByRole('dialog')
    expect(valueOf('Symbol')).toHaveTextContent('EUR/USD')
    expect(valueOf('Type')).toHaveTextContent('Forex')
    expect(valueOf('Category')).toHaveTextContent('Majors')
    expect(valueOf('Bid (sell)')).toHaveTextContent('1.09990')
    expect(valueOf('Ask (buy)')).toHaveTextContent('1.10000')
    expect(valueOf('24h low')).toHaveTextContent('1.09210')
    expect(valueOf('24h high')).toHaveTextContent('1.10432')
    expect(valueOf('24h change')).toHaveTextContent('+0.37%')
    expect(valueOf('Contract size')).toHaveTextContent('100,000')
    expect(valueOf('Leverage')).toHaveTextContent('1:100')
    expect(valueOf('Buy spread')).toHaveTextContent('0.008%')
    expect(valueOf('Sell spread')).toHaveTextContent('0.008%')
  })

  it("shows the type's trading hours and says in words whether the market is open now", async () => {
    const { unmount } = renderDialog(WEDNESDAY_NOON_UTC)
    await screen.findByRole('dialog')
    expect(valueOf('Trading hours')).toHaveTextContent('24/5 (Sun 22:00-24:00, Fri to 22:00)')
    expect(valueOf('Status now')).toHaveTextContent('Market open')
    unmount()
    renderDialog(SATURDAY_NOON_UTC)
    await screen.findByRole('dialog')
    expect(valueOf('Status now')).toHaveTextContent('Market closed')
  })

  it('says so without an asset', async () => {
    renderDialog(WEDNESDAY_NOON_UTC, null)
    const dialog = await screen.findByRole('dialog', { name: 'Asset information' })
    expect(within(dialog).getByText('No asset selected.')).toBeInTheDocument()
  })
})

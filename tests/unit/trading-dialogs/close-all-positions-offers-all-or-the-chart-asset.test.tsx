import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CloseAllPositionsDialog } from '../../../src/features/trading/components/dialogs/close-all-positions-dialog'
import { expectNoA11yViolations } from './fixtures'

function renderDialog(
  props: { counts?: { all: number; asset: number }; symbol?: string | null; busy?: boolean } = {},
) {
  const onConfirm = vi.fn()
  const onOpenChange = vi.fn()
  const view = render(
    <CloseAllPositionsDialog
      open
      onOpenChange={onOpenChange}
      counts={props.counts ?? { all: 3, asset: 2 }}
      assetSymbol={props.symbol === undefined ? 'EUR/USD' : props.symbol}
      busy={props.busy ?? false}
      onConfirm={onConfirm}
    />,
  )
  return { ...view, onConfirm, onOpenChange }
}

// Axe over a portalled dialog is slow on a busy two-core machine: more than the default 5 s per test.
describe('CloseAllPositionsDialog', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Close all positions' })
    await expectNoA11yViolations(container, dialog)
  })

  it('offers all positions, chosen first, or the chart asset’s, with their counts', async () => {
    const { onConfirm } = renderDialog()
    expect(await screen.findByRole('radio', { name: 'All positions (3)' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'EUR/USD positions (2)' })).not.toBeChecked()
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(onConfirm).toHaveBeenCalledWith('all')
  })

  it('closes only the chart asset’s when chosen', async () => {
    const { onConfirm } = renderDialog()
    await userEvent.click(await screen.findByText('EUR/USD positions (2)'))
    await waitFor(() => expect(screen.getByRole('radio', { name: 'EUR/USD positions (2)' })).toBeChecked())
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(onConfirm).toHaveBeenCalledWith('asset')
  })

  it('does not offer an asset with no position, nor one before the asset list arrives', async () => {
    const { unmount } = renderDialog({ counts: { all: 2, asset: 0 } })
    expect(await screen.findByRole('radio', { name: 'EUR/USD positions (0)' })).toBeDisabled()
    unmount()
    renderDialog({ symbol: null })
    await screen.findByRole('radio', { name: 'All positions (3)' })
    expect(screen.getAllByRole('radio')).toHaveLength(1)
  })

  it('shows Closing... and refuses a second press while busy; Cancel closes without confirming', async () => {
    const { onConfirm, onOpenChange } = renderDialog({ busy: true })
    const button = await screen.findByRole('button', { name: 'Closing...' })
    expect(button).toBeDisabled()
    await userEvent.click(button)
    expect(onConfirm).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })
})

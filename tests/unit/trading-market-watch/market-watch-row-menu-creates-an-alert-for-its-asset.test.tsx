import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WorkspaceMarketWatch } from '../../../src/features/trading/components/market-watch'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { expectNoA11yViolations, waitForFocusInside } from '../components/test-utils'
import { MARKET_WATCH_ASSETS } from '../support/assets'

// jsdom lays nothing out: a 400 px high view lets the virtualised list render the few test assets.
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 })
})
afterEach(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight
})

function setup(withAlerts: boolean) {
  const store = createLivePriceStore()
  store.setAssets(MARKET_WATCH_ASSETS)
  const onSelect = vi.fn()
  const onCreateAlert = vi.fn()
  const view = render(
    <WorkspaceMarketWatch
      assets={MARKET_WATCH_ASSETS}
      store={store}
      activeAssetId="btcusd"
      savedAssetIds={new Set()}
      onToggleSaved={vi.fn()}
      onSelect={onSelect}
      onCreateAlert={withAlerts ? onCreateAlert : undefined}
    />,
  )
  return { ...view, onSelect, onCreateAlert }
}

describe("a market watch row's menu", { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = setup(true)
    await expectNoA11yViolations(container)
  })

  it("offers 'Create alert' for the row's asset, without selecting the row", async () => {
    const { onSelect, onCreateAlert } = setup(true)
    const eurusd = MARKET_WATCH_ASSETS.find((asset) => asset.asset_id === 'eurusd')!
    await userEvent.click(screen.getByRole('button', { name: 'Actions for EUR/USD' }))
    // As a person does, click the item once the open menu has taken focus: zag's menu ignores a pointer on an item
    // in the frames while it opens, which a loaded machine stretches.
    await waitForFocusInside(await screen.findByRole('menu'))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Create alert' }))
    await waitFor(() => expect(onCreateAlert).toHaveBeenCalledWith(eurusd))
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('opens from the keyboard too', async () => {
    const { onCreateAlert } = setup(true)
    screen.getByRole('button', { name: 'Actions for EUR/USD' }).focus()
    await userEvent.keyboard('{Enter}')
    await screen.findByRole('menuitem', { name: 'Create alert' })
    await userEvent.keyboard('{Enter}')
    expect(onCreateAlert).toHaveBeenCalledTimes(1)
  })

  it('is absent, with its column, when the workspace offers no alerts', () => {
    setup(false)
    expect(screen.queryByRole('button', { name: /^Actions for / })).toBeNull()
    const table = screen.getByRole('table', { name: 'Market Watch' })
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4)
  })
})

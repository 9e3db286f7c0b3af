import { act, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PRICE_FLASH_MS } from '../../../src/domain/market/live-prices'
import { MarketWatchCard } from '../../../src/features/markets/components/market-watch-card'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { MARKET_WATCH_ASSETS } from '../support/assets'

// The dashboard's Markets card flashes a changed price as the /mt4 market watch does
// (docs/product/trading-workspace.md#market-watch: rising green, falling red, cleared after 2.2 s), with the same
// non-colour cue, and colours the change by the sign it shows.

afterEach(() => vi.useRealTimers())

function setup() {
  const store = createLivePriceStore()
  store.setAssets(MARKET_WATCH_ASSETS)
  render(
    <MarketWatchCard
      store={store}
      assetIds={MARKET_WATCH_ASSETS.map((asset) => asset.asset_id)}
      status="success"
      onRetry={() => undefined}
      live
    />,
  )
  return store
}

describe('dashboard Markets card', () => {
  it('flashes a changed row up or down with a named triangle, clearing 2.2 s after its last change', () => {
    vi.useFakeTimers()
    const store = setup()
    const row = screen.getByTestId('market-row-btcusd')
    expect(row).not.toHaveAttribute('data-flash')

    act(() => {
      store.applyBatch([{ id: 'btcusd', price: 68_000 }], 1_000)
    })
    expect(row).toHaveAttribute('data-flash', 'up')
    expect(within(row).getByRole('img', { name: 'price up' })).toBeVisible()
    expect(within(row).getByTestId('bid')).toHaveTextContent('67,932.000')
    expect(screen.getByTestId('market-row-eurusd')).not.toHaveAttribute('data-flash')

    act(() => vi.advanceTimersByTime(PRICE_FLASH_MS - 1))
    expect(row).toHaveAttribute('data-flash', 'up')
    act(() => vi.advanceTimersByTime(1))
    expect(row).not.toHaveAttribute('data-flash')
    expect(within(row).queryByRole('img', { name: /price/ })).not.toBeInTheDocument()

    act(() => {
      store.applyBatch([{ id: 'btcusd', price: 67_000 }], 5_000)
    })
    expect(row).toHaveAttribute('data-flash', 'down')
    expect(within(row).getByRole('img', { name: 'price down' })).toBeVisible()
  })

  it('colours the 24 h change by its shown sign: a change that rounds to 0.00% is not a fall', () => {
    const store = setup()
    act(() => {
      store.applyBatch([{ id: 'btcusd', price: 68_000, changePercent24h: -1.5 }], 1_000)
      store.applyBatch([{ id: 'eurusd', price: 1.1, changePercent24h: -0.001 }], 1_000)
    })
    expect(within(screen.getByTestId('market-row-btcusd')).getByText('−1.50%').closest('td')).toHaveAttribute(
      'data-tone',
      'loss',
    )
    expect(within(screen.getByTestId('market-row-eurusd')).getByText('0.00%').closest('td')).toHaveAttribute(
      'data-tone',
      'gain',
    )
  })
})

import { act, render, screen } from '@testing-library/react'
import * as lucide from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import type { Asset } from '../../../src/domain/contract/assets'
import { USD } from '../../../src/domain/format/currency'
import { TradeBar } from '../../../src/features/trading/components/trade-bar'
import { createLivePriceStore } from '../../../src/lib/live-prices'

// The Info icon is drawn by the bar itself, not by its live figures: counting its renders counts the bar's.
vi.mock('lucide-react', async (importOriginal) => {
  const actual = await importOriginal<typeof lucide>()
  const Icon = actual.Info
  return { ...actual, Info: vi.fn((props: lucide.LucideProps) => <Icon {...props} />) }
})

const EURUSD: Asset = {
  id: 1,
  asset_id: 'eurusd',
  name: 'Euro / US Dollar',
  symbol: 'EURUSD',
  symbol_display: 'EUR/USD',
  sy: 'EUR/USD',
  type: 'forex',
  category: 'Majors',
  image: null,
  tv_symbol: 'FX:EURUSD',
  rate: 1.1,
  price_low: 1.09,
  price_high: 1.11,
  change: 0.011,
  change_percent: 1,
  volume: 0,
  updated_at: '2025-01-01T00:00:00.000Z',
  buy_spread: 0.001,
  sell_spread: 0.001,
  buy_price: 1.1011,
  sell_price: 1.0989,
  contract_size: 100_000,
  position: 1,
  leverage: null,
}

const noop = () => {}

describe('TradeBar', () => {
  it('shows each tick of the active asset on its Buy and Sell buttons without re-rendering the bar', () => {
    const store = createLivePriceStore()
    store.setAssets([EURUSD])
    render(
      <TradeBar
        store={store}
        asset={EURUSD}
        leverage={100}
        currency={USD}
        takeProfit=""
        stopLoss=""
        openTicket={null}
        onOpenTicketChange={noop}
        onEditTakeProfitStopLoss={noop}
        onShowInfo={noop}
        onShowCalculator={noop}
        onShowPendingOrder={noop}
        onPlaced={noop}
      />,
    )
    expect(screen.getByTestId('buy-price')).toHaveTextContent('1.1011')
    expect(screen.getByTestId('sell-price')).toHaveTextContent('1.0989')
    const barRenders = vi.mocked(lucide.Info)
    barRenders.mockClear()

    act(() => {
      store.applyBatch([{ id: 'eurusd', price: 1.2 }], 1_000)
    })
    // Buy at price × (1 + spread), sell at price × (1 − spread) (spec 4), four decimals on the buttons.
    expect(screen.getByTestId('buy-price')).toHaveTextContent('1.2012')
    expect(screen.getByTestId('sell-price')).toHaveTextContent('1.1988')
    expect(barRenders).not.toHaveBeenCalled()
  })
})

import { act, render, screen } from '@testing-library/react'
import * as lucide from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import { USD } from '../../../src/domain/format/currency'
import { TradeBar } from '../../../src/features/trading/components/trade-bar'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { EURUSD } from '../support/assets'

// The Info icon is drawn by the bar itself, not by its live figures: counting its renders counts the bar's.
vi.mock('lucide-react', async (importOriginal) => {
  const actual = await importOriginal<typeof lucide>()
  const Icon = actual.Info
  return { ...actual, Info: vi.fn((props: lucide.LucideProps) => <Icon {...props} />) }
})

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
    expect(screen.getByTestId('buy-price')).toHaveTextContent('1.1000')
    expect(screen.getByTestId('sell-price')).toHaveTextContent('1.0999')
    const barRenders = vi.mocked(lucide.Info)
    barRenders.mockClear()

    act(() => {
      store.applyBatch([{ id: 'eurusd', price: 1.2 }], 1_000)
    })
    // Buy at price × (1 + spread), sell at price × (1 − spread)
    // (docs/product/trading-workspace.md#assets-and-live-prices), four decimals on the buttons: 1.2 × 1.00008 and 1.2
    // × 0.99992.
    expect(screen.getByTestId('buy-price')).toHaveTextContent('1.2001')
    expect(screen.getByTestId('sell-price')).toHaveTextContent('1.1999')
    expect(barRenders).not.toHaveBeenCalled()
  })
})

import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { USD } from '../../../src/domain/format/currency'
import { TradeBar } from '../../../src/features/trading/components/trade-bar'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { EURUSD } from '../support/assets'

const noop = () => {}

function renderBar(ordersClosedBy?: string) {
  const store = createLivePriceStore()
  store.setAssets([EURUSD])
  return render(
    <>
      <p id="offline-reason">You are offline: orders are paused</p>
      <TradeBar
        store={store}
        asset={EURUSD}
        leverage={100}
        currency={USD}
        takeProfit=""
        stopLoss=""
        ordersClosedBy={ordersClosedBy}
        openTicket={null}
        onOpenTicketChange={noop}
        onEditTakeProfitStopLoss={noop}
        onShowInfo={noop}
        onShowCalculator={noop}
        onShowPendingOrder={noop}
        onPlaced={noop}
      />
    </>,
  )
}

describe('TradeBar offline', () => {
  it('shuts the pending order as it shuts the tickets, saying why (decision 0021)', () => {
    renderBar('offline-reason')
    const pending = screen.getByRole('button', { name: 'Pending order' })
    expect(pending).toBeDisabled()
    expect(pending).toHaveAccessibleDescription('You are offline: orders are paused')
    expect(screen.getByTestId('open-buy-ticket')).toBeDisabled()
  })

  it('opens it while online', () => {
    renderBar()
    expect(screen.getByRole('button', { name: 'Pending order' })).toBeEnabled()
  })
})

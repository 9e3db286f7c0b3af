// The active positions' actions (decision 0034): Modify beside Close on every row, 'Close all' beside the tabs while
// positions are open, the row's levels with its trailing stop; all three shut offline with Close's reason (0021).
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Trade } from '../../../src/domain/contract/trades'
import { USD } from '../../../src/domain/format/currency'
import {
  PositionsDrawer,
  type TradeListState,
} from '../../../src/features/trading/components/positions-drawer'
import { AccountInputsContext } from '../../../src/features/trading/hooks/use-live-pnl'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { BUY_TRADE } from '../trading-dialogs/fixtures'

const list = (trades: Trade[]): TradeListState => ({
  trades,
  status: 'success',
  error: null,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: () => undefined,
  refetch: () => undefined,
})

function renderDrawer(open: Trade[], closeDisabledBy?: string, tab: 'active' | 'history' = 'active') {
  const store = createLivePriceStore()
  const onModify = vi.fn()
  const onClose = vi.fn()
  const onCloseAll = vi.fn()
  render(
    <AccountInputsContext.Provider value={{ store, openTrades: open, balanceUsd: 100, creditUsd: 0 }}>
      <p id="offline-reason">Offline — orders need a connection</p>
      <PositionsDrawer
        store={store}
        currency={USD}
        open={list(open)}
        closed={list([])}
        tab={tab}
        onTabChange={() => undefined}
        expanded
        onExpandedChange={() => undefined}
        onClose={onClose}
        onModify={onModify}
        onCloseAll={onCloseAll}
        closeDisabledBy={closeDisabledBy}
      />
    </AccountInputsContext.Provider>,
  )
  return { onModify, onClose, onCloseAll }
}

const trailing: Trade = { ...BUY_TRADE, id: 8, trade_id: 'T0000008', stop_loss: 1.095, trailing_stop: 0.003 }

describe('the active positions’ actions', () => {
  it('opens Modify on its own row’s position, and Close all from beside the tabs', async () => {
    const { onModify, onClose, onCloseAll } = renderDrawer([BUY_TRADE, trailing])
    const row = screen.getByTestId('position-row-8')
    await userEvent.click(within(row).getByRole('button', { name: 'Modify' }))
    expect(onModify).toHaveBeenCalledWith(trailing)
    await userEvent.click(within(row).getByRole('button', { name: /^Close / }))
    expect(onClose).toHaveBeenCalledWith(trailing)
    await userEvent.click(screen.getByRole('button', { name: 'Close all' }))
    expect(onCloseAll).toHaveBeenCalledTimes(1)
  })

  it('shows each row’s levels, with TS only when the stop trails', () => {
    renderDrawer([BUY_TRADE, trailing])
    expect(within(screen.getByTestId('position-row-7')).getByTestId('position-levels')).toHaveTextContent(
      /^TP — · SL —$/,
    )
    expect(within(screen.getByTestId('position-row-8')).getByTestId('position-levels')).toHaveTextContent(
      'TP — · SL 1.09500 · TS 0.00300',
    )
  })

  it('offers no Close all over the history, where no row it would close is listed', () => {
    renderDrawer([BUY_TRADE, trailing], undefined, 'history')
    expect(screen.queryByRole('button', { name: 'Close all' })).not.toBeInTheDocument()
  })

  it('offers no Close all without an open position', () => {
    renderDrawer([])
    expect(screen.queryByRole('button', { name: 'Close all' })).not.toBeInTheDocument()
  })

  it('shuts Modify, Close and Close all offline, each described by the reason', () => {
    renderDrawer([BUY_TRADE], 'offline-reason')
    const row = screen.getByTestId('position-row-7')
    for (const button of [
      within(row).getByRole('button', { name: 'Modify' }),
      within(row).getByRole('button', { name: /^Close / }),
      screen.getByRole('button', { name: 'Close all' }),
    ]) {
      expect(button).toBeDisabled()
      expect(button).toHaveAccessibleDescription('Offline — orders need a connection')
    }
  })
})

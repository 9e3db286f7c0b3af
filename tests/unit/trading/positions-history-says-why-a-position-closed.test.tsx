// The positions drawer's history names why a position closed when its owner did not close it: a level, or the
// margin close-out of decision 0015 ('Stop out').
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CloseReason, Trade } from '../../../src/domain/contract/trades'
import { USD } from '../../../src/domain/format/currency'
import {
  PositionsDrawer,
  type TradeListState,
} from '../../../src/features/trading/components/positions-drawer'
import { AccountInputsContext } from '../../../src/features/trading/hooks/use-live-pnl'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { BUY_TRADE } from '../trading-dialogs/fixtures'

const closedTrade = (id: number, reason: CloseReason): Trade => ({
  ...BUY_TRADE,
  id,
  trade_id: `T${String(id).padStart(7, '0')}`,
  status: 'closed',
  close_time: '2026-07-15T10:30:00.000Z',
  close_reason: reason,
  pnl: -8.5,
})

const list = (trades: Trade[]): TradeListState => ({
  trades,
  status: 'success',
  error: null,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: () => undefined,
  refetch: () => undefined,
})

describe('positions history', () => {
  it('says Take profit, Stop loss or Stop out after the reference, and nothing for the owner’s own close', () => {
    const store = createLivePriceStore()
    const closed = [
      closedTrade(1, 'user'),
      closedTrade(2, 'take_profit'),
      closedTrade(3, 'stop_loss'),
      closedTrade(4, 'stop_out'),
    ]
    render(
      <AccountInputsContext.Provider value={{ store, openTrades: [], balanceUsd: 100, creditUsd: 0 }}>
        <PositionsDrawer
          store={store}
          currency={USD}
          open={list([])}
          closed={list(closed)}
          tab="history"
          onTabChange={() => undefined}
          expanded
          onExpandedChange={() => undefined}
          onClose={() => undefined}
        />
      </AccountInputsContext.Provider>,
    )
    const reasonOf = (id: number) =>
      within(screen.getByTestId(`history-row-${id}`)).getByText(new RegExp(`^T000000${id}`)).textContent
    expect(reasonOf(1)).toBe('T0000001')
    expect(reasonOf(2)).toBe('T0000002 · Take profit')
    expect(reasonOf(3)).toBe('T0000003 · Stop loss')
    expect(reasonOf(4)).toBe('T0000004 · Stop out')
  })
})

// The cashier's wiring to the realtime hub (decision 0019), mounted once by the /main layout and the cashier pages.
// - funds.updated on the customer's private-user channel (a confirmation counted, a wire approved, a withdrawal
//   decided) and user.updated (the balance moved for another reason: a trade closed, an adjustment) refresh the
//   cashier's queries. Only the mounted ones refetch, so with no cashier page open this costs nothing.
// - While the customer has open positions, their P/L and margin at this tab's prices, so "withdrawable now" and the
//   free margin move with the market instead of waiting for the next summary (no positions, no feed).
// Routes compose features: funds gives the keys, trading the open positions, markets the assets, realtime the feed
// and the events, lib the shared price store and the account maths.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { FUNDS_UPDATED_EVENT } from '../domain/contract/funds-events'
import { CHANNELS, PUSH_EVENTS } from '../domain/contract/realtime'
import { invalidateFunds, type LiveAccountFigures } from '../features/funds'
import { useAssets } from '../features/markets'
import { usePriceFeed, useRealtimeEvent } from '../features/realtime'
import { useSession } from '../features/session'
import { getTradesQueryOptions } from '../features/trading'
import { useAccountSummary } from '../lib/live-account'
import { livePriceStore } from '../lib/live-prices'

export function useFundsLiveUpdates() {
  const queryClient = useQueryClient()
  const userId = useSession((state) => state.user?.id ?? null)
  const channel = userId === null ? null : CHANNELS.user(userId)
  const refresh = () => void invalidateFunds(queryClient)
  useRealtimeEvent(channel, FUNDS_UPDATED_EVENT, refresh)
  useRealtimeEvent(channel, PUSH_EVENTS.USER_UPDATED, refresh)
}

/** The open positions' P/L and margin at this tab's prices; null until the open positions are known. */
export function useLiveAccountFigures(): LiveAccountFigures | null {
  const trades = useInfiniteQuery(getTradesQueryOptions('open'))
  const openTrades = useMemo(() => trades.data?.pages.flatMap((page) => page.data) ?? [], [trades.data])
  const hasPositions = openTrades.length > 0
  const assets = useAssets()
  useEffect(() => {
    if (assets.data) livePriceStore.setAssets(assets.data)
  }, [assets.data])
  usePriceFeed(assets.isSuccess && hasPositions, (ticks) => livePriceStore.applyBatch(ticks, Date.now()))
  // Balance and credit 0: only the positions' P/L and margin are read here.
  const summary = useAccountSummary(livePriceStore, openTrades, 0, 0)
  if (!trades.isSuccess) return null
  return { pnlUsd: summary.pnl, marginUsd: summary.margin }
}

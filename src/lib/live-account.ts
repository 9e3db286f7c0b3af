// Open positions and account figures at this tab's live prices (the maths: src/domain/trading/live-position.ts),
// for the trading workspace and the back office alike. A position re-renders only when its own asset ticks; the
// summary recomputes once per tick batch and re-renders only when a figure it shows changed.
import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { Trade } from '../domain/contract/trades'
import { accountSummary, type AccountSummary } from '../domain/trading/account-maths'
import { livePosition, sameShownSummary, type LivePosition } from '../domain/trading/live-position'
import { useLiveAsset, type LivePriceStore } from './live-prices'

export function useLivePosition(store: LivePriceStore, trade: Trade): LivePosition {
  return livePosition(trade, useLiveAsset(store, trade.asset_id)?.asset)
}

/** Balance, equity, margin, free margin, margin level and P/L over the given open positions, live. */
export function useAccountSummary(
  store: LivePriceStore,
  openTrades: readonly Trade[],
  balanceUsd: number,
  creditUsd: number,
): AccountSummary {
  const last = useRef<AccountSummary | null>(null)
  const compute = useCallback((): AccountSummary => {
    const next = accountSummary(
      balanceUsd,
      creditUsd,
      openTrades.map((trade) => ({
        pnl: livePosition(trade, store.get(trade.asset_id)?.asset).pnlUsd,
        margin: trade.margin,
      })),
    )
    // The same object while no shown figure changed, so useSyncExternalStore does not re-render.
    if (last.current && sameShownSummary(last.current, next)) return last.current
    last.current = next
    return next
  }, [store, openTrades, balanceUsd, creditUsd])
  const subscribe = useCallback(
    (listener: () => void) => {
      const unsubscribe = store.subscribeBatches(listener)
      // The positions' assets count as shown (the store's watched set), so a phone's figures stay as live as its
      // rows; the summary still recomputes once per batch, not per asset.
      const unwatch = [...new Set(openTrades.map((trade) => trade.asset_id))].map((assetId) =>
        store.subscribe(assetId, noop),
      )
      return () => {
        unsubscribe()
        unwatch.forEach((stop) => stop())
      }
    },
    [store, openTrades],
  )
  return useSyncExternalStore(subscribe, compute, compute)
}

const noop = () => {}

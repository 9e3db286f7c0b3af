// Live P/L of open positions from the tab's live prices (spec 9 account maths). A position row re-renders only when
// its own asset ticks; the account summary recomputes once per tick batch and re-renders only when a figure it
// shows changed (DESIGN: no re-render per tick of anything but what changed).
import { createContext, useCallback, useContext, useRef, useSyncExternalStore } from 'react'
import type { Trade } from '../../../domain/contract/trades'
import {
  accountSummary,
  closingPriceQuote,
  positionPnlUsd,
  type AccountSummary,
} from '../../../domain/trading/account-maths'
import type { LiveAsset, LivePriceStore } from '../../../lib/live-prices'
import { useLiveAsset } from '../../../lib/live-prices'

export interface LivePosition {
  pnl: number
  /** The price the position would close at now. */
  closingPrice: number
}

/** Open position at the live price when the tab has one, else the server's figures from the last fetch. */
export function livePosition(trade: Trade, live: LiveAsset | undefined): LivePosition {
  if (!live || trade.status !== 'open') return { pnl: trade.pnl, closingPrice: trade.closing_price }
  const closingPrice = closingPriceQuote(trade.trade_type, live.asset)
  return {
    pnl: positionPnlUsd(trade.trade_type, trade.opening_price, closingPrice, trade.volume),
    closingPrice,
  }
}

export function useLivePosition(store: LivePriceStore, trade: Trade): LivePosition {
  const live = useLiveAsset(store, trade.asset_id)
  return livePosition(trade, live)
}

const sameCents = (a: AccountSummary, b: AccountSummary) =>
  Math.round(a.balance * 100) === Math.round(b.balance * 100) &&
  Math.round(a.equity * 100) === Math.round(b.equity * 100) &&
  Math.round(a.margin * 100) === Math.round(b.margin * 100) &&
  Math.round(a.freeMargin * 100) === Math.round(b.freeMargin * 100) &&
  Math.round(a.pnl * 100) === Math.round(b.pnl * 100) &&
  a.marginLevel === b.marginLevel &&
  a.credit === b.credit

/** Balance, equity, margin, free margin and P/L over every open position, live. */
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
        pnl: livePosition(trade, store.get(trade.asset_id)).pnl,
        margin: trade.margin,
      })),
    )
    // The same object while no shown figure changed, so useSyncExternalStore does not re-render.
    if (last.current && sameCents(last.current, next)) return last.current
    last.current = next
    return next
  }, [store, openTrades, balanceUsd, creditUsd])
  const subscribe = useCallback(
    (listener: () => void) => {
      const unsubscribe = store.subscribeBatches(listener)
      return () => {
        unsubscribe()
      }
    },
    [store],
  )
  return useSyncExternalStore(subscribe, compute, compute)
}

export interface AccountInputs {
  store: LivePriceStore
  openTrades: readonly Trade[]
  balanceUsd: number
  creditUsd: number
}

/**
 * What the live figures are computed from. The value changes with trades and the balance, never with a tick, so
 * providing it re-renders nobody per tick; each consumer subscribes to the ticks it needs through the hooks.
 */
export const AccountInputsContext = createContext<AccountInputs | null>(null)

export function useLiveAccountSummary(): AccountSummary {
  const inputs = useContext(AccountInputsContext)
  if (!inputs) throw new Error('useLiveAccountSummary needs an AccountInputsContext provider')
  return useAccountSummary(inputs.store, inputs.openTrades, inputs.balanceUsd, inputs.creditUsd)
}

// An open position and an account summary at the tab's live prices: the maths the trading workspace and the back
// office's client panel share. Pure; the subscriptions that feed it live in src/lib/live-account.ts.
import type { Asset } from '../contract/assets'
import type { Trade } from '../contract/trades'
import { closingPriceQuote, positionPnlUsd, type AccountSummary } from './account-maths'

export interface LivePosition {
  pnlUsd: number
  /** The price the position would close at now. */
  closingPriceQuote: number
}

/** An open position at the live price when the tab has one, else the server's figures from the last fetch. */
export function livePosition(trade: Trade, asset: Asset | undefined): LivePosition {
  if (!asset || trade.status !== 'open') return { pnlUsd: trade.pnl, closingPriceQuote: trade.closing_price }
  const closing = closingPriceQuote(trade.trade_type, asset)
  return {
    pnlUsd: positionPnlUsd(trade.trade_type, trade.opening_price, closing, trade.volume),
    closingPriceQuote: closing,
  }
}

const cents = (amount: number) => Math.round(amount * 100)

/** Whether two summaries show the same figures (to the cent), so a re-render would change nothing on screen. */
export function sameShownSummary(a: AccountSummary, b: AccountSummary): boolean {
  return (
    cents(a.balance) === cents(b.balance) &&
    cents(a.equity) === cents(b.equity) &&
    cents(a.margin) === cents(b.margin) &&
    cents(a.freeMargin) === cents(b.freeMargin) &&
    cents(a.pnl) === cents(b.pnl) &&
    a.marginLevel === b.marginLevel &&
    a.credit === b.credit
  )
}

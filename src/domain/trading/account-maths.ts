// The account maths of docs/product/trading-workspace.md#account-figures, one pure function per figure, shared by the
// workspace and the server's trade engine so a position shows the same P/L on screen as the ledger books when it
// closes.
//
// Prices are quotes of the asset (priceQuote), volumes are units of it (volumeUnits = lots x contract size) and
// money is USD. The spec takes the quote as USD for every asset (pnl = price difference x units); see decision 0009.
import type { TradeSide } from '../contract/trades'
import { formatPercent } from '../format/numbers'

/**
 * docs/product/trading-workspace.md#account-figures: pnl for a buy = (current price - opening_price) x volume; for a
 * sell the reverse.
 */
export function positionPnlUsd(
  side: TradeSide,
  openingPriceQuote: number,
  currentPriceQuote: number,
  volumeUnits: number,
): number {
  const difference = currentPriceQuote - openingPriceQuote
  return (side === 'buy' ? difference : -difference) * volumeUnits
}

/**
 * The price a position closes at now: a buy is closed by selling (the sell price, bid), a sell by buying back (the
 * buy price, ask). Opening uses the other one, so a position opened and closed at once loses the spread.
 */
export function closingPriceQuote(side: TradeSide, quote: { buy_price: number; sell_price: number }): number {
  return side === 'buy' ? quote.sell_price : quote.buy_price
}

/** The price a new position opens at: a buy at the buy price (ask), a sell at the sell price (bid). */
export function openingPriceQuote(side: TradeSide, quote: { buy_price: number; sell_price: number }): number {
  return side === 'buy' ? quote.buy_price : quote.sell_price
}

/** docs/product/trading-workspace.md#account-figures: margin = volume x price / leverage. */
export function positionMarginUsd(volumeUnits: number, priceQuote: number, leverage: number): number {
  return (volumeUnits * priceQuote) / leverage
}

/**
 * docs/product/trading-workspace.md#account-figures, the trade form's variant: margin = lots x contract size x rate /
 * leverage.
 */
export function tradeFormMarginUsd(
  volumeLots: number,
  contractSize: number,
  rateQuote: number,
  leverage: number,
): number {
  return (volumeLots * contractSize * rateQuote) / leverage
}

/** docs/product/trading-workspace.md#account-figures: equity = balance + total pnl. */
export const equityUsd = (balanceUsd: number, totalPnlUsd: number) => balanceUsd + totalPnlUsd

/** docs/product/trading-workspace.md#account-figures: freeMargin = equity - margin. */
export const freeMarginUsd = (equity: number, marginUsd: number) => equity - marginUsd

/**
 * docs/product/trading-workspace.md#account-figures: equity / margin x 100 with two decimals and a % sign, or the
 * infinity sign when no margin is used.
 */
export function formatMarginLevel(equity: number, marginUsd: number): string {
  if (marginUsd === 0) return '∞'
  return formatPercent((equity / marginUsd) * 100)
}

/** docs/product/data-model.md#account-summary: lifetimePnl is a fixed placeholder value in the account summary. */
export const LIFETIME_PNL_PLACEHOLDER_USD = 0

export interface AccountSummary {
  balance: number
  credit: number
  equity: number
  margin: number
  /** Already formatted (docs/product/trading-workspace.md#price-display): '250.00%' or '∞'. */
  marginLevel: string
  freeMargin: number
  pnl: number
  lifetimePnl: number
}

/** docs/product/data-model.md#account-summary, computed client-side from the balance and the open positions. */
export function accountSummary(
  balanceUsd: number,
  creditUsd: number,
  positions: readonly { pnl: number; margin: number }[],
): AccountSummary {
  let pnl = 0
  let margin = 0
  for (const position of positions) {
    pnl += position.pnl
    margin += position.margin
  }
  const equity = equityUsd(balanceUsd, pnl)
  return {
    balance: balanceUsd,
    credit: creditUsd,
    equity,
    margin,
    marginLevel: formatMarginLevel(equity, margin),
    freeMargin: freeMarginUsd(equity, margin),
    pnl,
    lifetimePnl: LIFETIME_PNL_PLACEHOLDER_USD,
  }
}

/** Money rounds to cents once, where it is booked or shown; maths in between stays unrounded. */
export const roundToCents = (amountUsd: number) => Math.round(amountUsd * 100) / 100

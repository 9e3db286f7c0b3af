// The server's prices for trading: the feed's rate with the asset's spreads, the way
// docs/product/trading-workspace.md#assets-and-live-prices derives buy and sell prices for the client. Pure; the
// engine passes the rate in.
import type { TradeSide } from '../../src/domain/contract'
import { closingPriceQuote } from '../../src/domain/trading/account-maths'

export interface Spreads {
  buySpread: number
  sellSpread: number
}

export interface Quote {
  buy_price: number
  sell_price: number
}

/**
 * docs/product/trading-workspace.md#assets-and-live-prices: buy_price = rate x (1 + buy_spread), sell_price = rate x
 * (1 - sell_spread).
 */
export function quoteAt(spreads: Spreads, rateQuote: number): Quote {
  return {
    buy_price: rateQuote * (1 + spreads.buySpread),
    sell_price: rateQuote * (1 - spreads.sellSpread),
  }
}

/** The price a position of `side` would close at if the feed's rate were `rateQuote`. */
export const closingPriceAt = (side: TradeSide, spreads: Spreads, rateQuote: number) =>
  closingPriceQuote(side, quoteAt(spreads, rateQuote))

/**
 * Whether a take-profit or stop-loss level is reached at this closing price (0 = unset). A buy closes by selling,
 * so its take-profit is reached when the price rises to it and its stop-loss when the price falls to it; a sell
 * the other way round.
 */
export function reachedLevel(
  side: TradeSide,
  levels: { takeProfit: number; stopLoss: number },
  closingQuote: number,
): 'take_profit' | 'stop_loss' | undefined {
  const rising = (level: number) => level > 0 && closingQuote >= level
  const falling = (level: number) => level > 0 && closingQuote <= level
  if (side === 'buy') {
    if (rising(levels.takeProfit)) return 'take_profit'
    if (falling(levels.stopLoss)) return 'stop_loss'
  } else {
    if (falling(levels.takeProfit)) return 'take_profit'
    if (rising(levels.stopLoss)) return 'stop_loss'
  }
  return undefined
}

const usd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** 1234.5 -> '1,234.50 USD', for messages people read. */
export const formatUsd = (amountUsd: number) => `${usd.format(amountUsd)} USD`

/** A price as a message shows it: eight significant digits, no float noise. */
export const formatPrice = (priceQuote: number) => String(Number(priceQuote.toPrecision(8)))

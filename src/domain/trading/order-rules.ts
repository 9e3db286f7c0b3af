// The rules of pending orders and of an open position's levels (decision 0034), pure, so the server that enforces
// them and the dialogs that explain them agree. A quote is the market's two prices: the buy price (ask), at which a
// buy opens and a sell closes, and the sell price (bid), at which a sell opens and a buy closes.
import type { OrderType } from '../contract/orders'
import type { TradeSide } from '../contract/trades'

export interface MarketQuote {
  buy_price: number
  sell_price: number
}

/** A pending buy is compared with the ask and a sell with the bid: the price each would open at. */
export const triggerPriceQuote = (side: TradeSide, quote: MarketQuote) =>
  side === 'buy' ? quote.buy_price : quote.sell_price

/** A buy limit and a sell stop wait below the market; a buy stop and a sell limit above it. */
const waitsBelow = (side: TradeSide, type: OrderType) => (side === 'buy') === (type === 'limit')

/** The rule each order states when its price is on the wrong side, followed by the market price. */
export const ORDER_LEVEL_RULES = {
  buy: {
    limit: 'A buy limit must be below the current buy price',
    stop: 'A buy stop must be above the current buy price',
  },
  sell: {
    limit: 'A sell limit must be above the current sell price',
    stop: 'A sell stop must be below the current sell price',
  },
} as const satisfies Record<TradeSide, Record<OrderType, string>>

/** Whether an order's price sits on its side of the market: strictly, or it would be a market order. */
export function orderLevelFits(side: TradeSide, type: OrderType, priceQuote: number, quote: MarketQuote) {
  const market = triggerPriceQuote(side, quote)
  return waitsBelow(side, type) ? priceQuote < market : priceQuote > market
}

/**
 * The order a price makes against the market: a buy below the ask is a limit and above it a stop, a sell above the
 * bid a limit and below it a stop. At the market price itself, none: that is a market order.
 */
export function orderTypeAt(side: TradeSide, priceQuote: number, quote: MarketQuote): OrderType | undefined {
  const market = triggerPriceQuote(side, quote)
  if (priceQuote === market) return undefined
  const below = priceQuote < market
  return below === (side === 'buy') ? 'limit' : 'stop'
}

/** Whether the market has reached a pending order's level: the tick's ask for a buy, its bid for a sell. */
export function orderTriggered(side: TradeSide, type: OrderType, levelQuote: number, quote: MarketQuote) {
  const market = triggerPriceQuote(side, quote)
  return waitsBelow(side, type) ? market <= levelQuote : market >= levelQuote
}

/**
 * The price a triggered order fills at. A limit never fills worse than its level: at its level, or at the tick's
 * better price when the market gapped through it. A stop fills at the crossing tick's price, whatever the gap.
 */
export function fillPriceQuote(side: TradeSide, type: OrderType, levelQuote: number, quote: MarketQuote) {
  const market = triggerPriceQuote(side, quote)
  if (type === 'stop') return market
  return side === 'buy' ? Math.min(levelQuote, market) : Math.max(levelQuote, market)
}

export type LevelErrors = Partial<Record<'take_profit' | 'stop_loss', string[]>>

/**
 * A take-profit and a stop-loss on the right sides of a reference price: a buy's take-profit above it and its
 * stop-loss below, a sell's the other way round (0 = unset, always fine). `reference` names the price in the
 * message, `shown` is how it is printed.
 */
export function levelSideErrors(
  side: TradeSide,
  levels: { take_profit: number; stop_loss: number },
  referenceQuote: number,
  reference: string,
  shown: string,
): LevelErrors {
  const errors: LevelErrors = {}
  const above = side === 'buy'
  const { take_profit: takeProfit, stop_loss: stopLoss } = levels
  if (takeProfit > 0 && (above ? takeProfit <= referenceQuote : takeProfit >= referenceQuote)) {
    errors.take_profit = [
      `Take profit must be ${above ? 'above' : 'below'} ${reference} (${shown}) for a ${side}.`,
    ]
  }
  if (stopLoss > 0 && (above ? stopLoss >= referenceQuote : stopLoss <= referenceQuote)) {
    errors.stop_loss = [
      `Stop loss must be ${above ? 'below' : 'above'} ${reference} (${shown}) for a ${side}.`,
    ]
  }
  return errors
}

/** The price an open position closes at, which its take-profit and stop-loss are compared with. */
export const closingQuoteOf = (side: TradeSide, quote: MarketQuote) =>
  side === 'buy' ? quote.sell_price : quote.buy_price

/** How a position's closing price is named in the messages: a buy closes at the sell price, a sell at the buy price. */
export const closingPriceName = (side: TradeSide) =>
  side === 'buy' ? 'the current sell price' : 'the current buy price'

/**
 * A trailing stop after a price: a buy's stop becomes max(stop, bid - distance) and a sell's min(stop, ask +
 * distance), so it only ever moves towards the market. A sell without a stop (0) takes ask + distance; a buy whose
 * bid is within the distance of 0 keeps its stop.
 */
export function trailedStopQuote(
  side: TradeSide,
  stopQuote: number,
  quote: MarketQuote,
  distanceQuote: number,
): number {
  if (distanceQuote <= 0) return stopQuote
  if (side === 'buy') {
    const trailed = quote.sell_price - distanceQuote
    return trailed > stopQuote ? trailed : stopQuote
  }
  const trailed = quote.buy_price + distanceQuote
  return stopQuote === 0 || trailed < stopQuote ? trailed : stopQuote
}

/** A buy's trailing distance must leave a stop above 0: less than the price the position closes at. */
export function trailingDistanceFits(side: TradeSide, distanceQuote: number, quote: MarketQuote): boolean {
  return distanceQuote === 0 || side === 'sell' || distanceQuote < quote.sell_price
}

/**
 * 'Stop at entry' (break-even): allowed once the market is past the opening price on the position's side, where a
 * stop-loss at the opening price is on the right side of the closing price.
 */
export function stopAtEntryAllowed(side: TradeSide, openingQuote: number, quote: MarketQuote): boolean {
  const closing = closingQuoteOf(side, quote)
  return side === 'buy' ? closing > openingQuote : closing < openingQuote
}

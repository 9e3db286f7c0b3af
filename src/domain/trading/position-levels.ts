// An open position's take-profit, stop-loss and trailing stop as the TP and SL dialog edits them (decision 0034):
// the fields' text turned into PATCH /trade/{id}'s body, only what changed, with the side rules the server applies
// checked first, so the customer reads the rule before anything is sent. Pure.
import type { ModifyTradeRequest } from '../contract/orders'
import type { Trade, TradeSide } from '../contract/trades'
import { formatPrice } from '../format/numbers'
import {
  closingPriceName,
  closingQuoteOf,
  levelSideErrors,
  stopAtEntryAllowed,
  trailingDistanceFits,
  type MarketQuote,
} from './order-rules'
import { parseDecimal } from './profit-calculator'

export type PositionLevelField = 'take_profit' | 'stop_loss' | 'trailing_stop'
/** One message per field, as the dialog shows them under the fields. */
export type PositionLevelErrors = Partial<Record<PositionLevelField, string>>

export interface PositionLevelTexts {
  takeProfit: string
  stopLoss: string
  trailingStop: string
}

export type PositionLevels = Pick<Trade, 'trade_type' | 'take_profit' | 'stop_loss' | 'trailing_stop'>

export const POSITION_LEVEL_MESSAGES = {
  NOT_A_PRICE: 'Enter a price, or leave the field empty for none.',
  NOT_A_DISTANCE: 'Enter a distance in price units, or leave the field empty for none.',
} as const

/** A stored level as its field shows it: empty when unset (0). */
export const levelText = (levelQuote: number) => (levelQuote > 0 ? String(levelQuote) : '')

/** Empty text is 0 (no level); a negative or unreadable one is null. */
function levelOf(text: string): number | null {
  if (text.trim() === '') return 0
  const value = parseDecimal(text)
  return value === null || value < 0 ? null : value
}

export type PositionLevelChanges =
  { ok: true; changes: ModifyTradeRequest } | { ok: false; errors: PositionLevelErrors }

/**
 * The fields that differ from the position's levels (0 removes one), or why they cannot be sent: unreadable
 * text, a take-profit or stop-loss on the wrong side of the price the position closes at now (a buy's sell price,
 * a sell's buy price), a buy's trailing distance as large as that price. As on the server, only the fields that
 * change are held to the market. Without a `quote` (no live price yet) the side rules are left to the server.
 */
export function positionLevelChanges(
  position: PositionLevels,
  texts: PositionLevelTexts,
  quote: MarketQuote | null,
): PositionLevelChanges {
  const errors: PositionLevelErrors = {}
  const takeProfit = levelOf(texts.takeProfit)
  const stopLoss = levelOf(texts.stopLoss)
  const trailingStop = levelOf(texts.trailingStop)
  if (takeProfit === null) errors.take_profit = POSITION_LEVEL_MESSAGES.NOT_A_PRICE
  if (stopLoss === null) errors.stop_loss = POSITION_LEVEL_MESSAGES.NOT_A_PRICE
  if (trailingStop === null) errors.trailing_stop = POSITION_LEVEL_MESSAGES.NOT_A_DISTANCE

  const changes: ModifyTradeRequest = {}
  if (takeProfit !== null && takeProfit !== position.take_profit) changes.take_profit = takeProfit
  if (stopLoss !== null && stopLoss !== position.stop_loss) changes.stop_loss = stopLoss
  if (trailingStop !== null && trailingStop !== position.trailing_stop) changes.trailing_stop = trailingStop

  if (quote) {
    const side = position.trade_type
    const closing = closingQuoteOf(side, quote)
    const sides = levelSideErrors(
      side,
      { take_profit: changes.take_profit ?? 0, stop_loss: changes.stop_loss ?? 0 },
      closing,
      closingPriceName(side),
      formatPrice(closing),
    )
    errors.take_profit ??= sides.take_profit?.[0]
    errors.stop_loss ??= sides.stop_loss?.[0]
    if (changes.trailing_stop !== undefined && !trailingDistanceFits(side, changes.trailing_stop, quote)) {
      errors.trailing_stop ??= `Trailing stop must be less than ${closingPriceName(side)} (${formatPrice(closing)}).`
    }
  }
  const refused = Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as PositionLevelErrors
  return Object.keys(refused).length > 0 ? { ok: false, errors: refused } : { ok: true, changes }
}

/**
 * Why 'Stop at entry' is not offered now, or null when it is: a stop-loss at the opening price is on the right side
 * only once the price the position closes at is past the entry (a buy's sell price above it, a sell's buy price
 * below it).
 */
export function stopAtEntryBlocked(
  side: TradeSide,
  openingQuote: number,
  quote: MarketQuote | null,
): string | null {
  const needed = `${side === 'buy' ? 'above' : 'below'} the opening price (${formatPrice(openingQuote)})`
  const price = closingPriceName(side)
  if (!quote) return `Available once ${price} is known and ${needed}.`
  return stopAtEntryAllowed(side, openingQuote, quote) ? null : `Available once ${price} is ${needed}.`
}

/** The three levels of a position as a row shows them: 'TP 1.10000 · SL — ', with 'TS …' only when trailing. */
export function levelsSummary(position: Pick<Trade, 'take_profit' | 'stop_loss' | 'trailing_stop'>): string {
  const shown = (level: number) => (level > 0 ? formatPrice(level) : '—')
  const parts = [`TP ${shown(position.take_profit)}`, `SL ${shown(position.stop_loss)}`]
  if (position.trailing_stop > 0) parts.push(`TS ${formatPrice(position.trailing_stop)}`)
  return parts.join(' · ')
}

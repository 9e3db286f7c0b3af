// The levels the chart draws for the active asset (decision 0034): each open position's entry, take-profit and
// stop-loss, each pending order's price and its own take-profit and stop-loss. A level the customer may drag says
// what a move means (the PATCH body it becomes) and whether the new price is on the side the server allows, with
// the same rule and sentence the server answers with, so the confirmation can show it instead of sending a request
// that would be refused.
import type { ModifyOrderRequest, ModifyTradeRequest, Order, OrderType } from '../contract/orders'
import type { Trade, TradeSide } from '../contract/trades'
import { formatPrice } from '../format/numbers'
import {
  closingPriceName,
  closingQuoteOf,
  levelSideErrors,
  ORDER_LEVEL_RULES,
  orderLevelFits,
  triggerPriceQuote,
  type MarketQuote,
} from './order-rules'

export type ChartLevelKind = 'entry' | 'take_profit' | 'stop_loss' | 'order'

/** The field of the position or order a level is. */
export type LevelField = 'take_profit' | 'stop_loss' | 'price'

/** What dragging a level changes: a position's take-profit or stop-loss, or an order's price, TP or SL. */
export type LevelMove =
  | { target: 'trade'; id: number; side: TradeSide; field: 'take_profit' | 'stop_loss'; from: number }
  | {
      target: 'order'
      id: number
      side: TradeSide
      orderType: OrderType
      field: LevelField
      from: number
      /** The order as it stands: its price is the reference of its TP and SL, its TP and SL follow a new price. */
      order: { price: number; take_profit: number; stop_loss: number }
    }

export interface PriceLevel {
  /** 'trade:12:sl', 'order:5:price': stable while the position or order lasts. */
  id: string
  kind: ChartLevelKind
  price: number
  /** On the chart: 'Buy 0.01 @ 1.08412', 'TP 1.09000', 'SL 1.08000', 'Buy limit 0.01'. */
  label: string
  /** What assistive technology hears: 'Stop loss 1.08000', 'Take profit 1.09000 of the buy limit 0.01'. */
  name: string
  /** The position or order it belongs to: 'Buy 0.01 @ 1.08412', 'Buy limit 0.01 at 1.07500'. */
  owner: string
  /** What a drag changes; null for an entry, which cannot move. */
  move: LevelMove | null
}

const sideWord = (side: TradeSide) => (side === 'buy' ? 'Buy' : 'Sell')
const lotsText = (lots: number) => formatPrice(lots, 2)

const FIELD_KEYS: Record<LevelField, string> = { take_profit: 'tp', stop_loss: 'sl', price: 'price' }
const FIELD_NAMES: Record<LevelField, string> = {
  take_profit: 'Take profit',
  stop_loss: 'Stop loss',
  price: 'Order',
}
const FIELD_TAGS = { take_profit: 'TP', stop_loss: 'SL' } as const

function tradeLevels(trade: Trade): PriceLevel[] {
  const levels: PriceLevel[] = []
  const entry = `${sideWord(trade.trade_type)} ${lotsText(trade.qty)} @ ${formatPrice(trade.opening_price)}`
  levels.push({
    id: `trade:${trade.id}:entry`,
    kind: 'entry',
    price: trade.opening_price,
    label: entry,
    name: `Entry: ${entry}`,
    owner: entry,
    move: null,
  })
  for (const field of ['take_profit', 'stop_loss'] as const) {
    const price = trade[field]
    if (!(price > 0)) continue
    levels.push({
      id: `trade:${trade.id}:${FIELD_KEYS[field]}`,
      kind: field,
      price,
      label: `${FIELD_TAGS[field]} ${formatPrice(price)}`,
      name: `${FIELD_NAMES[field]} ${formatPrice(price)}`,
      owner: entry,
      move: { target: 'trade', id: trade.id, side: trade.trade_type, field, from: price },
    })
  }
  return levels
}

function orderLevels(order: Order): PriceLevel[] {
  const title = `${sideWord(order.trade_type)} ${order.order_type} ${lotsText(order.qty)}`
  const owner = `${title} at ${formatPrice(order.price)}`
  const terms = { price: order.price, take_profit: order.take_profit, stop_loss: order.stop_loss }
  const moveOf = (field: LevelField): LevelMove => ({
    target: 'order',
    id: order.id,
    side: order.trade_type,
    orderType: order.order_type,
    field,
    from: terms[field],
    order: terms,
  })
  const levels: PriceLevel[] = [
    {
      id: `order:${order.id}:price`,
      kind: 'order',
      price: order.price,
      label: title,
      name: owner,
      owner,
      move: moveOf('price'),
    },
  ]
  for (const field of ['take_profit', 'stop_loss'] as const) {
    const price = order[field]
    if (!(price > 0)) continue
    levels.push({
      id: `order:${order.id}:${FIELD_KEYS[field]}`,
      kind: field,
      price,
      label: `${FIELD_TAGS[field]} ${formatPrice(price)}`,
      name: `${FIELD_NAMES[field]} ${formatPrice(price)} of the ${title.toLowerCase()}`,
      owner,
      move: moveOf(field),
    })
  }
  return levels
}

/** A move on its way (being confirmed, or sent and not yet answered): its level is drawn at the new price. */
export interface MovePreview {
  move: LevelMove
  price: number
}

const moved = <T extends { id: number }>(item: T, target: LevelMove['target'], preview?: MovePreview): T =>
  preview && preview.move.target === target && preview.move.id === item.id
    ? { ...item, [preview.move.field]: preview.price }
    : item

/**
 * The levels of one asset (Trade.asset_id and Order.asset_id are the feed's id, Asset.asset_id): open positions
 * first, then pending orders, each in the order given. Closed positions and orders no longer pending draw nothing.
 * With a preview, the level it moves is drawn (and labelled) at its new price.
 */
export function chartLevels(
  assetId: string,
  trades: readonly Trade[],
  orders: readonly Order[],
  preview?: MovePreview,
): PriceLevel[] {
  return [
    ...trades
      .filter((trade) => trade.asset_id === assetId && trade.status === 'open')
      .flatMap((trade) => tradeLevels(moved(trade, 'trade', preview))),
    ...orders
      .filter((order) => order.asset_id === assetId && order.status === 'pending')
      .flatMap((order) => orderLevels(moved(order, 'order', preview))),
  ]
}

/** The PATCH /trade/{id} or PATCH /orders/{id} a move to `priceQuote` sends. */
export type LevelChange =
  | { target: 'trade'; id: number; changes: ModifyTradeRequest }
  | { target: 'order'; id: number; changes: ModifyOrderRequest }

export function levelChange(move: LevelMove, priceQuote: number): LevelChange {
  if (move.target === 'trade') {
    return {
      target: 'trade',
      id: move.id,
      changes: move.field === 'take_profit' ? { take_profit: priceQuote } : { stop_loss: priceQuote },
    }
  }
  return { target: 'order', id: move.id, changes: { [move.field]: priceQuote } }
}

/** The confirmation's title for a move. */
export const levelMoveTitle = (move: LevelMove) =>
  move.field === 'take_profit'
    ? 'Move take profit'
    : move.field === 'stop_loss'
      ? 'Move stop loss'
      : 'Move order'

/** Below 0 is no price, and 0 would remove the level: a drag sets one. */
const NOT_A_PRICE = 'The new price must be above 0.'

/**
 * Why the server would refuse this move at the market `quote`, in its own words; null when it would not. A
 * position's take-profit and stop-loss are compared with the price it closes at now, an order's price with the
 * price it would open at, and an order's take-profit and stop-loss with its price (a moved order price must keep
 * its own take-profit and stop-loss on their sides).
 */
export function levelMoveError(move: LevelMove, priceQuote: number, quote: MarketQuote): string | null {
  if (!(priceQuote > 0) || !Number.isFinite(priceQuote)) return NOT_A_PRICE
  if (move.target === 'trade') {
    const closing = closingQuoteOf(move.side, quote)
    const errors = levelSideErrors(
      move.side,
      { take_profit: 0, stop_loss: 0, [move.field]: priceQuote },
      closing,
      closingPriceName(move.side),
      formatPrice(closing),
    )
    return errors[move.field]?.[0] ?? null
  }
  if (move.field === 'price') {
    if (!orderLevelFits(move.side, move.orderType, priceQuote, quote)) {
      const market = formatPrice(triggerPriceQuote(move.side, quote))
      return `${ORDER_LEVEL_RULES[move.side][move.orderType]} (${market}).`
    }
    const errors = levelSideErrors(
      move.side,
      { take_profit: move.order.take_profit, stop_loss: move.order.stop_loss },
      priceQuote,
      'the order price',
      formatPrice(priceQuote),
    )
    return errors.take_profit?.[0] ?? errors.stop_loss?.[0] ?? null
  }
  const errors = levelSideErrors(
    move.side,
    { take_profit: 0, stop_loss: 0, [move.field]: priceQuote },
    move.order.price,
    'the order price',
    formatPrice(move.order.price),
  )
  return errors[move.field]?.[0] ?? null
}

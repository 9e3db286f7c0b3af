// A position as the API shows it (TradeSchema), and a pending order (OrderSchema). An open position is marked to the
// server's current price: closing_price is what it would close at now and pnl the unrealised profit there, the same
// maths the workspace runs on live ticks.
import type { Order, Trade } from '../../src/domain/contract'
import { positionPnlUsd, roundToCents } from '../../src/domain/trading/account-maths'
import { orderReference } from '../../src/domain/trading/trade-reference'
import { moneyToJson } from '../lib/money'
import type { PendingOrder } from '../repositories/orders'
import { tradeReference, type Position } from '../repositories/trades'
import { closingPriceAt } from './pricing'

/** `rateQuote`: the feed's current rate of the asset (ignored for a closed position). */
export function toTradeJson({ trade, asset }: Position, rateQuote: number | undefined): Trade {
  const open = trade.status === 'open'
  // Every seeded asset is in the simulator; without a rate an open position shows itself at its opening price.
  const closingPrice = open
    ? rateQuote === undefined
      ? trade.openingPrice
      : closingPriceAt(trade.side, asset, rateQuote)
    : (trade.closingPrice ?? trade.openingPrice)
  const pnl = open
    ? roundToCents(positionPnlUsd(trade.side, trade.openingPrice, closingPrice, trade.volumeUnits))
    : moneyToJson(trade.pnlUsd ?? '0')
  return {
    id: trade.id,
    trade_id: tradeReference(trade.id),
    asset_id: asset.feedId,
    asset_symbol: asset.symbol,
    asset_name: asset.name,
    trade_type: trade.side,
    status: trade.status,
    volume: trade.volumeUnits,
    qty: trade.volumeLots,
    contract_size: trade.contractSize,
    margin: moneyToJson(trade.marginUsd),
    leverage: trade.leverage,
    opening_price: trade.openingPrice,
    closing_price: closingPrice,
    take_profit: trade.takeProfit,
    stop_loss: trade.stopLoss,
    trailing_stop: trade.trailingStop,
    order_id: trade.orderId,
    open_time: trade.openedAt.toISOString(),
    close_time: trade.closedAt?.toISOString() ?? null,
    close_reason: trade.closeReason,
    // -0 would print as 0 anyway; normalised so tests and clients compare plainly.
    pnl: pnl === 0 ? 0 : pnl,
  }
}

/** A pending order, or one that ended, as the API shows it (OrderSchema, decision 0034). */
export function toOrderJson({ order, asset }: PendingOrder): Order {
  return {
    id: order.id,
    order_id: orderReference(order.id),
    asset_id: asset.feedId,
    asset_symbol: asset.symbol,
    trade_type: order.side,
    order_type: order.orderType,
    price: order.price,
    volume: order.volumeUnits,
    qty: order.volumeLots,
    take_profit: order.takeProfit,
    stop_loss: order.stopLoss,
    trailing_stop: order.trailingStop,
    expires_at: order.expiresAt?.toISOString() ?? null,
    status: order.status,
    trade_id: order.tradeId,
    created_at: order.createdAt.toISOString(),
    closed_at: order.closedAt?.toISOString() ?? null,
    reason: order.reason,
  }
}

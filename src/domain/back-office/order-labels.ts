// How the back office's client page names a client's pending orders and order history (decision 0017; the orders
// are decision 0034's): 'Buy limit', the status in words and its chip's tone, why an order ended without a fill, its
// expiry, and a level that is not set. One place, so the tables, the cancel dialog and the tests read the same words.
import type { Order, OrderReason, OrderStatus } from '../contract/orders'
import type { StatusTone } from '../display/status-tone'
import { formatPrice } from '../format/numbers'
import { tradeReference } from '../trading/trade-reference'
import { formatDateTime } from './labels'

const SIDE_LABELS = { buy: 'Buy', sell: 'Sell' } as const

/** 'Buy limit', 'Sell stop'. */
export const orderKindLabel = (order: Pick<Order, 'trade_type' | 'order_type'>) =>
  `${SIDE_LABELS[order.trade_type]} ${order.order_type}`

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  filled: 'Filled',
  cancelled: 'Cancelled',
  expired: 'Expired',
}

/** Waiting, done (a position opened), or nothing happened. */
export const ORDER_STATUS_TONES: Readonly<Record<OrderStatus, StatusTone>> = {
  pending: 'warning',
  filled: 'success',
  cancelled: 'neutral',
  expired: 'neutral',
}

/** Who or what ended an order without a fill, as staff read it. */
export const ORDER_REASON_LABELS: Readonly<Record<OrderReason, string>> = {
  user: 'By the client',
  staff: 'By staff',
  insufficient_margin: 'Not enough free margin at the fill',
  account_inactive: 'The account could not trade at the fill',
  expired: 'Its expiry passed',
}

/**
 * What the status chip does not say: the position a fill opened ('Opened T0000123'), or who or what cancelled it.
 * An expired order's reason is its status again, so nothing.
 */
export function orderOutcome(order: Pick<Order, 'status' | 'reason' | 'trade_id'>): string | null {
  if (order.status === 'filled')
    return order.trade_id === null ? null : `Opened ${tradeReference(order.trade_id)}`
  if (order.status === 'cancelled' && order.reason) return ORDER_REASON_LABELS[order.reason]
  return null
}

export const GOOD_TILL_CANCELLED = 'Good till cancelled'

/** The expiry as a time, or 'Good till cancelled' when it has none. */
export const orderExpiryLabel = (expiresAt: string | null) =>
  expiresAt === null ? GOOD_TILL_CANCELLED : formatDateTime(expiresAt)

export const NO_LEVEL = 'None'

/** A take-profit or stop-loss: 0 is not set. */
export const orderLevelLabel = (level: number) => (level === 0 ? NO_LEVEL : formatPrice(level))

// Pending orders and the changes an open position takes (decision 0034): limit and stop orders filled by the server
// on the tick that reaches them, a position's take-profit, stop-loss and trailing stop moved, a part of it closed,
// or every position closed at once. Prices are the asset's quote, volumes units (lots x contract size), as in Trade.
// In zod/mini: /mt4's orders load it for their first render, and zod/mini builds schemas at import for less CPU than
// classic zod (decision 0043).
import * as z from 'zod/mini'
import { serialIdNumber, TextSchema } from './common'
import './zod-messages'
import { TradeSchema, TradeSideSchema, TradesPageQuerySchema, TradesPageSchema } from './trades'

export const ORDER_TYPES = { LIMIT: 'limit', STOP: 'stop' } as const
export const OrderTypeSchema = z.enum([ORDER_TYPES.LIMIT, ORDER_TYPES.STOP], {
  message: 'The order type must be limit or stop',
})
export type OrderType = z.infer<typeof OrderTypeSchema>

export const ORDER_STATUS = {
  PENDING: 'pending',
  FILLED: 'filled',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
} as const
export const OrderStatusSchema = z.enum([
  ORDER_STATUS.PENDING,
  ORDER_STATUS.FILLED,
  ORDER_STATUS.CANCELLED,
  ORDER_STATUS.EXPIRED,
])
export type OrderStatus = z.infer<typeof OrderStatusSchema>

/**
 * Why an order ended without a fill: its owner cancelled it, a member of staff cancelled it from the back office
 * (decision 0017), the free margin no longer covered it at the fill, the account could no longer trade at the fill,
 * or its expiry passed.
 */
export const ORDER_REASONS = {
  USER: 'user',
  STAFF: 'staff',
  INSUFFICIENT_MARGIN: 'insufficient_margin',
  ACCOUNT_INACTIVE: 'account_inactive',
  EXPIRED: 'expired',
} as const
export const OrderReasonSchema = z.enum([
  ORDER_REASONS.USER,
  ORDER_REASONS.STAFF,
  ORDER_REASONS.INSUFFICIENT_MARGIN,
  ORDER_REASONS.ACCOUNT_INACTIVE,
  ORDER_REASONS.EXPIRED,
])
export type OrderReason = z.infer<typeof OrderReasonSchema>

/** One pending order, or one that ended. Levels are 0 when unset; `trade_id` is the position a fill opened. */
export const OrderSchema = z.object({
  id: z.int(),
  /** A reference for people: 'O' and seven digits. */
  order_id: z.string(),
  /** The price feed's id of the asset (Asset.asset_id), as in Trade. */
  asset_id: z.string(),
  asset_symbol: z.string(),
  trade_type: TradeSideSchema,
  order_type: OrderTypeSchema,
  price: z.number(),
  /** Units of the asset (lots x contract size). */
  volume: z.number(),
  /** Lots. */
  qty: z.number(),
  take_profit: z.number(),
  stop_loss: z.number(),
  trailing_stop: z.number(),
  /** Null: good till cancelled. */
  expires_at: z.nullable(z.string()),
  status: OrderStatusSchema,
  trade_id: z.nullable(z.int()),
  created_at: z.string(),
  closed_at: z.nullable(z.string()),
  reason: z.nullable(OrderReasonSchema),
})
export type Order = z.infer<typeof OrderSchema>

/** `order.updated` on private-trade.{id} carries the order as it is now. */
export const OrderUpdatedEventSchema = OrderSchema

/** Beyond this no listed asset's price or size can go (numeric(24,10) holds less than 1e14). */
const MAX_QUOTE = 1e12

const positiveQuote = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .check(z.positive(`${field} must be a positive number`), z.maximum(MAX_QUOTE, `${field} is too large`))
/** A take-profit, stop-loss or trailing distance: 0 removes it. */
const levelQuote = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .check(z.nonnegative(`${field} must be 0 or more`), z.maximum(MAX_QUOTE, `${field} is too large`))
const expiresAt = z.nullable(
  z.iso.datetime({ offset: true, message: 'The expiry must be an ISO date and time' }),
)

/** POST /orders, with an Idempotency-Key header as POST /trades/store. `id` is the asset's numeric id (Asset.id). */
export const PlaceOrderRequestSchema = z.object({
  type: TradeSideSchema,
  order_type: OrderTypeSchema,
  id: serialIdNumber('Choose an asset to trade'),
  volume: positiveQuote('Volume'),
  price: positiveQuote('Price'),
  take_profit: z._default(levelQuote('Take profit'), 0),
  stop_loss: z._default(levelQuote('Stop loss'), 0),
  trailing_stop: z._default(levelQuote('Trailing stop'), 0),
  expires_at: z._default(expiresAt, null),
})
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequestSchema>

const atLeastOneField = (value: Record<string, unknown>) => Object.keys(value).length > 0
const NOTHING_TO_CHANGE = 'Send at least one field to change'

/** PATCH /orders/{id}: any of these; what is left out stays as it was. */
export const ModifyOrderRequestSchema = z
  .strictObject({
    price: z.optional(positiveQuote('Price')),
    volume: z.optional(positiveQuote('Volume')),
    take_profit: z.optional(levelQuote('Take profit')),
    stop_loss: z.optional(levelQuote('Stop loss')),
    trailing_stop: z.optional(levelQuote('Trailing stop')),
    expires_at: z.optional(expiresAt),
  })
  .check(z.refine(atLeastOneField, NOTHING_TO_CHANGE))
export type ModifyOrderRequest = z.infer<typeof ModifyOrderRequestSchema>

/** PATCH /trade/{id}: an open position's levels; 0 removes one. */
export const ModifyTradeRequestSchema = z
  .strictObject({
    take_profit: z.optional(levelQuote('Take profit')),
    stop_loss: z.optional(levelQuote('Stop loss')),
    trailing_stop: z.optional(levelQuote('Trailing stop')),
  })
  .check(z.refine(atLeastOneField, NOTHING_TO_CHANGE))
export type ModifyTradeRequest = z.infer<typeof ModifyTradeRequestSchema>

/** POST /trade/{id}/close: no body closes the whole position, `volume` (units) a part of it. */
export const CloseTradeRequestSchema = z.nullish(
  z.strictObject({ volume: z.optional(positiveQuote('Volume')) }),
)
export type CloseTradeRequest = z.infer<typeof CloseTradeRequestSchema>

/** POST /trades/close-all: every open position, or those of one asset (Trade.asset_id, the feed's id). */
export const CloseAllRequestSchema = z.nullish(
  z.strictObject({
    asset_id: z.optional(TextSchema.check(z.minLength(1, 'Choose an asset'), z.maxLength(50))),
  }),
)
export type CloseAllRequest = z.infer<typeof CloseAllRequestSchema>

export const OrderResponseSchema = z.object({ message: z.string(), data: OrderSchema })
export const ModifyTradeResponseSchema = z.object({ message: z.string(), data: TradeSchema })
export const CloseAllResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    closed: z.array(TradeSchema),
    failed: z.array(z.object({ id: z.int(), message: z.string() })),
  }),
})
export type CloseAllResult = z.infer<typeof CloseAllResponseSchema>['data']

export const ORDER_LISTS = { PENDING: 'pending', HISTORY: 'history' } as const
export const OrdersPageQuerySchema = z.extend(TradesPageQuerySchema, {
  status: z._default(
    z.enum([ORDER_LISTS.PENDING, ORDER_LISTS.HISTORY], { message: 'status must be pending or history' }),
    ORDER_LISTS.PENDING,
  ),
})

/** GET /orders?status=pending|history&page=, shaped as the trades pages. */
export const OrdersPageSchema = z.extend(TradesPageSchema, { data: z.array(OrderSchema) })
export type OrdersPage = z.infer<typeof OrdersPageSchema>

export const ORDERS_PAGE_SIZE = 20

/** What the server answers and the client's toasts say. Sentences with prices are built in domain/trading/orders. */
export const ORDER_MESSAGES = {
  PLACED: 'Pending order placed',
  MODIFIED: 'Order modified',
  CANCELLED: 'Order cancelled',
  ORDER_NOT_FOUND: 'Order not found',
  NOT_PENDING: 'This order is no longer pending.',
  EXPIRY_PASSED: 'The expiry must be in the future.',
  POSITION_MODIFIED: 'Position modified',
  PARTIALLY_CLOSED: 'Part of the position closed',
  CLOSED_ALL: 'Positions closed',
  /** The notification title when the server cancels an order at its fill. */
  CANCELLED_AT_FILL: 'Order cancelled',
} as const

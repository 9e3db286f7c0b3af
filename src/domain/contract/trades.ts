// Trades (docs/product/data-model.md#trade; the trade calls in docs/product/api.md#calls).
// The server prices every trade from its own feed: opening_price, margin and leverage in the store payload are what
// the customer saw, kept for the record, never used to price the position. In zod/mini: /mt4's positions and the
// dashboard load it for their first render, and zod/mini builds schemas at import for less CPU than classic zod
// (decision 0043).
import * as z from 'zod/mini'
import { serialIdNumber, storableText, TextSchema } from './common'
import './zod-messages'

export const TRADE_SIDES = ['buy', 'sell'] as const
export const TradeSideSchema = z.enum(TRADE_SIDES, { message: 'The trade type must be buy or sell' })
export type TradeSide = z.infer<typeof TradeSideSchema>

export const TRADE_STATUS = { OPEN: 'open', CLOSED: 'closed' } as const
export const TradeStatusSchema = z.enum([TRADE_STATUS.OPEN, TRADE_STATUS.CLOSED])

/** Why a position was closed: by its owner, or by the server when a take-profit or stop-loss was reached. */
/** Why a position closed: its owner, one of its levels, or the margin close-out (decision 0015). */
export const CLOSE_REASONS = {
  USER: 'user',
  TAKE_PROFIT: 'take_profit',
  STOP_LOSS: 'stop_loss',
  STOP_OUT: 'stop_out',
} as const
export const CloseReasonSchema = z.enum([
  CLOSE_REASONS.USER,
  CLOSE_REASONS.TAKE_PROFIT,
  CLOSE_REASONS.STOP_LOSS,
  CLOSE_REASONS.STOP_OUT,
])
export type CloseReason = z.infer<typeof CloseReasonSchema>

/** docs/product/orders-and-alerts.md#volume-and-limits: minimum 0.01 lot, maximum 50 lots, step 0.01 lot. */
export const TRADE_LIMITS = { MIN_LOTS: 0.01, MAX_LOTS: 50, LOT_STEP: 0.01 } as const

/** The header every POST /trades/store carries: one key per submit attempt, reused by its retries. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
export const IdempotencyKeySchema = z
  .string({ message: 'The Idempotency-Key header is required' })
  .check(
    storableText,
    z.regex(/^[A-Za-z0-9_-]{8,100}$/, 'The Idempotency-Key header must be 8 to 100 letters, digits, - or _'),
  )
/** 422: a key names one submit; a retry must send the same order, and a new order needs a new key. */
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different order. Send a new key with a new order.'

/**
 * One position. Open: closing_price is the current price it would close at (sell price for a buy, buy price for a
 * sell) and pnl the unrealised profit at that price. Closed: both are final. Money in USD with two decimals.
 */
export const TradeSchema = z.object({
  id: z.int(),
  /** A reference for people: 'T' and seven digits. */
  trade_id: z.string(),
  /** The price feed's id of the asset (Asset.asset_id), so live prices match on it. */
  asset_id: z.string(),
  asset_symbol: z.string(),
  asset_name: z.string(),
  trade_type: TradeSideSchema,
  status: TradeStatusSchema,
  /** Units of the asset (lots x contract size). */
  volume: z.number(),
  /** Lots. */
  qty: z.number(),
  contract_size: z.number(),
  margin: z.number(),
  leverage: z.number(),
  opening_price: z.number(),
  closing_price: z.number(),
  /** 0 when unset (docs/product/api.md#calls). */
  take_profit: z.number(),
  stop_loss: z.number(),
  /** The distance the stop-loss trails the market by (decision 0034); 0 when none. */
  trailing_stop: z.number(),
  /** The pending order whose fill opened the position (Order.id); null for a market order. */
  order_id: z.nullable(z.int()),
  open_time: z.string(),
  close_time: z.nullable(z.string()),
  close_reason: z.nullable(CloseReasonSchema),
  pnl: z.number(),
})
export type Trade = z.infer<typeof TradeSchema>

const positiveNumber = (field: string) =>
  z.number({ message: `${field} must be a number` }).check(z.positive(`${field} must be a positive number`))
const priceLevel = (field: string) =>
  z.number({ message: `${field} must be a number` }).check(z.nonnegative(`${field} must be 0 or more`))

/** POST /trades/store, the spec's payload. `id` is the asset's numeric id (Asset.id). */
export const StoreTradeRequestSchema = z.object({
  type: TradeSideSchema,
  leverage: positiveNumber('Leverage'),
  /** The position's value in USD as the customer saw it. */
  amount: positiveNumber('Amount'),
  /** Lots. */
  qty: positiveNumber('Lots'),
  /** Units (lots x contract size): the size the server opens. */
  volume: positiveNumber('Volume'),
  margin: z.number().check(z.nonnegative()),
  opening_price: positiveNumber('Opening price'),
  take_profit: priceLevel('Take profit'),
  stop_loss: priceLevel('Stop loss'),
  id: serialIdNumber('Choose an asset to trade'),
  asset_symbol: TextSchema.check(z.maxLength(50)),
  asset_name: TextSchema.check(z.maxLength(200)),
})
export type StoreTradeRequest = z.infer<typeof StoreTradeRequestSchema>

/** 201 for a new position, 200 when the Idempotency-Key was seen before (the same position again). */
export const StoreTradeResponseSchema = z.object({ message: z.string(), data: TradeSchema })
export const CloseTradeResponseSchema = z.object({ message: z.string(), data: TradeSchema })

/** GET /open/trades?page= and /closed/trades?page= (docs/product/data-model.md#trade, paging). */
export const TradesPageSchema = z.object({
  data: z.array(TradeSchema),
  meta: z.object({
    current_page: z.int(),
    last_page: z.int(),
    per_page: z.int(),
    total: z.int(),
  }),
  links: z.object({ next: z.nullable(z.string()) }),
})
export type TradesPage = z.infer<typeof TradesPageSchema>

export const TradesPageQuerySchema = z.object({
  page: z._default(
    z.coerce.number({ message: 'page must be a number' }).check(z.int(), z.minimum(1), z.maximum(100_000)),
    1,
  ),
})

export const TRADES_PAGE_SIZE = 20

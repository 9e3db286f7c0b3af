// Tradable assets (docs/product/data-model.md#asset), in zod/mini: the dashboard's and /mt4's first render load them,
// and zod/mini builds schemas at import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import './zod-messages'
import { dataEnvelope } from './common'

export const ASSET_TYPES = ['forex', 'stocks', 'crypto', 'commodities', 'indices', 'metals'] as const
export const AssetTypeSchema = z.enum(ASSET_TYPES)
export type AssetType = z.infer<typeof AssetTypeSchema>

export const AssetSchema = z.object({
  id: z.int(),
  asset_id: z.string(),
  name: z.string(),
  symbol: z.string(),
  symbol_display: z.string(),
  sy: z.string(),
  type: AssetTypeSchema,
  category: z.string(),
  image: z.nullable(z.string()),
  tv_symbol: z.string(),
  rate: z.number(),
  price_low: z.number(),
  price_high: z.number(),
  change: z.number(),
  change_percent: z.number(),
  volume: z.number(),
  updated_at: z.string(),
  buy_spread: z.number(),
  sell_spread: z.number(),
  buy_price: z.number(),
  sell_price: z.number(),
  contract_size: z.number(),
  position: z.number(),
  leverage: z.nullable(z.number()),
})
export type Asset = z.infer<typeof AssetSchema>
export const AssetsResponseSchema = dataEnvelope(z.array(AssetSchema))

/** Chart timeframes of GET /assets/{id}/candles?tf=... */
export const CANDLE_TIMEFRAMES = ['1m', '5m', '15m', '1h'] as const
export const CandleTimeframeSchema = z.enum(CANDLE_TIMEFRAMES, {
  message: `The timeframe must be one of ${CANDLE_TIMEFRAMES.join(', ')}`,
})
export type CandleTimeframe = z.infer<typeof CandleTimeframeSchema>

/** One OHLC candle; `time` is the start of its period in epoch seconds (what lightweight-charts takes). */
export const CandleSchema = z.object({
  time: z.int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
})
export type Candle = z.infer<typeof CandleSchema>
export const CandlesResponseSchema = dataEnvelope(z.array(CandleSchema))

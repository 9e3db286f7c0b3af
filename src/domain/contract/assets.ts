// Tradable assets (spec section 3, Asset).
import { z } from 'zod'
import { dataEnvelope } from './common'

export const ASSET_TYPES = ['forex', 'stocks', 'crypto', 'commodities', 'indices', 'metals'] as const
export const AssetTypeSchema = z.enum(ASSET_TYPES)
export type AssetType = z.infer<typeof AssetTypeSchema>

export const AssetSchema = z.object({
  id: z.number().int(),
  asset_id: z.string(),
  name: z.string(),
  symbol: z.string(),
  symbol_display: z.string(),
  sy: z.string(),
  type: AssetTypeSchema,
  category: z.string(),
  image: z.string().nullable(),
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
  leverage: z.number().nullable(),
})
export type Asset = z.infer<typeof AssetSchema>
export const AssetsResponseSchema = dataEnvelope(z.array(AssetSchema))

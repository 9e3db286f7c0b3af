// Tradable assets with their derived buy and sell prices.
import { asc } from 'drizzle-orm'
import type { Asset } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { assets } from '../db/schema'

export type AssetsRepository = ReturnType<typeof createAssetsRepository>

type AssetRow = typeof assets.$inferSelect

export function toAssetJson(row: AssetRow): Asset {
  return {
    id: row.id,
    asset_id: row.assetId,
    name: row.name,
    symbol: row.symbol,
    symbol_display: row.symbolDisplay,
    sy: row.sy,
    type: row.type,
    category: row.category,
    image: row.image,
    tv_symbol: row.tvSymbol,
    rate: row.rate,
    price_low: row.priceLow,
    price_high: row.priceHigh,
    change: row.change,
    change_percent: row.changePercent,
    volume: row.volume,
    updated_at: row.updatedAt.toISOString(),
    buy_spread: row.buySpread,
    sell_spread: row.sellSpread,
    // Spec section 4, Assets: the same formulas the client applies to live ticks.
    buy_price: row.rate * (1 + row.buySpread),
    sell_price: row.rate * (1 - row.sellSpread),
    contract_size: row.contractSize,
    position: row.position,
    leverage: row.leverage,
  }
}

export function createAssetsRepository(db: Db) {
  return {
    async list(): Promise<Asset[]> {
      const rows = await db.select().from(assets).orderBy(asc(assets.id))
      return rows.map(toAssetJson)
    },
  }
}

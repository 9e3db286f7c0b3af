// Tradable assets with their derived buy and sell prices.
import { asc, eq, sql } from 'drizzle-orm'
import type { Asset } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { assets } from '../db/schema'

export type AssetsRepository = ReturnType<typeof createAssetsRepository>

/** The live figures of one asset, as the price simulator keeps them. */
export interface AssetQuote {
  assetId: string
  rate: number
  priceLow: number
  priceHigh: number
  change: number
  changePercent: number
  volume: number
  updatedAt: Date
}

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
    // docs/product/trading-workspace.md#assets-and-live-prices: the same formulas the client applies to live ticks.
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

    /** The asset with this id (digits) or feed id (asset_id). */
    async findByIdOrAssetId(idOrAssetId: string): Promise<Asset | undefined> {
      const byId = /^\d{1,9}$/.test(idOrAssetId)
      const [row] = await db
        .select()
        .from(assets)
        .where(byId ? eq(assets.id, Number(idOrAssetId)) : eq(assets.assetId, idOrAssetId))
      return row && toAssetJson(row)
    },

    /**
     * Writes the simulator's latest figures in one statement, however many assets moved: it runs every few
     * seconds, and a hundred single-row updates would hold the database for no reason.
     */
    async saveQuotes(quotes: readonly AssetQuote[]): Promise<void> {
      if (quotes.length === 0) return
      // Untyped parameters in VALUES would be text: every one is cast to its column's type.
      const rows = quotes.map(
        (quote) =>
          sql`(${quote.assetId}::text, ${quote.rate}::numeric, ${quote.priceLow}::numeric, ${quote.priceHigh}::numeric, ${quote.change}::numeric, ${quote.changePercent}::numeric, ${quote.volume}::numeric, ${quote.updatedAt.toISOString()}::timestamptz)`,
      )
      await db.execute(sql`
        update assets set
          rate = v.rate, price_low = v.price_low, price_high = v.price_high, change = v.change,
          change_percent = v.change_percent, volume = v.volume, updated_at = v.updated_at
        from (values ${sql.join(rows, sql`, `)})
          as v(asset_id, rate, price_low, price_high, change, change_percent, volume, updated_at)
        where assets.asset_id = v.asset_id`)
    },
  }
}

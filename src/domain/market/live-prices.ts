// Live price updates applied to assets (docs/product/trading-workspace.md#assets-and-live-prices): rate becomes
// price, the optional 24 h fields update when present, buy and sell prices come from the spreads, and assets are
// matched by asset_id. Pure.
import type { Asset } from '../contract/assets'
import type { LivePriceUpdate } from '../contract/realtime'
import { isValidTick } from '../contract/realtime-names'

export type PriceDirection = 'up' | 'down' | null

/** docs/product/realtime.md#timings: a price flash (green up, red down) clears after 2.2 s. */
export const PRICE_FLASH_MS = 2_200

export const buyPrice = (priceQuote: number, buySpread: number) => priceQuote * (1 + buySpread)
export const sellPrice = (priceQuote: number, sellSpread: number) => priceQuote * (1 - sellSpread)

/** The asset after one tick; the same object when nothing it shows changed, so its row need not re-render. */
export function applyTick(asset: Asset, tick: LivePriceUpdate): Asset {
  if (tick.price === asset.rate && tick.lastUpdated === undefined) return asset
  return {
    ...asset,
    rate: tick.price,
    buy_price: buyPrice(tick.price, asset.buy_spread),
    sell_price: sellPrice(tick.price, asset.sell_spread),
    price_low: tick.priceLow24h ?? asset.price_low,
    price_high: tick.priceHigh24h ?? asset.price_high,
    change: tick.change24h ?? asset.change,
    change_percent: tick.changePercent24h ?? asset.change_percent,
    volume: tick.volume24h ?? asset.volume,
    updated_at: tick.lastUpdated === undefined ? asset.updated_at : new Date(tick.lastUpdated).toISOString(),
  }
}

/**
 * The last valid tick per asset_id in a batch (a batch may hold several ticks of one asset; the last wins), with
 * invalid ticks dropped (docs/product/data-model.md#live-price-update: id a string, price a number).
 */
export function latestTicks(batch: readonly unknown[]): Map<string, LivePriceUpdate> {
  const latest = new Map<string, LivePriceUpdate>()
  for (const tick of batch) if (isValidTick(tick)) latest.set(tick.id, tick)
  return latest
}

export function priceDirection(previousRate: number, nextRate: number): PriceDirection {
  if (nextRate > previousRate) return 'up'
  if (nextRate < previousRate) return 'down'
  return null
}

import { createLivePriceStore } from './live-price-store'

export { MarketWatchCard } from './components/market-watch-card'
export { useAssets, getAssetsQueryOptions } from './api/get-assets'
export { useLiveAsset } from './hooks/use-live-asset'
export type { LivePriceStore, LiveAsset } from './live-price-store'

/** One store per tab: live prices survive navigation between pages. */
export const livePriceStore = createLivePriceStore()

/** The assets a dashboard watch shows first (asset_id). */
export const FEATURED_ASSET_IDS = [
  'btcusd',
  'ethusd',
  'eurusd',
  'gbpusd',
  'usdjpy',
  'xauusd',
  'usoil',
  'aapl',
  'spy',
] as const

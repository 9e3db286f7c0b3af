export { MarketWatchCard } from './components/market-watch-card'
export { useAssets, getAssetsQueryOptions } from './api/get-assets'

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

// Assets as GET /assets lists them, for the unit tests of whatever shows or chooses them.
import type { Asset } from '../../../src/domain/contract/assets'

export type AssetNames = Pick<Asset, 'asset_id' | 'name' | 'symbol' | 'symbol_display' | 'sy' | 'type'>

/** A listed asset: 0.1 % spreads each side, so sell = rate × 0.999 and buy = rate × 1.001. */
export const listedAsset = (names: AssetNames, rate: number, id: number): Asset => ({
  ...names,
  id,
  category: names.type,
  image: null,
  tv_symbol: '',
  rate,
  price_low: rate,
  price_high: rate,
  change: 0,
  change_percent: 0,
  volume: 0,
  updated_at: '2025-01-01T00:00:00.000Z',
  buy_spread: 0.001,
  sell_spread: 0.001,
  buy_price: rate * 1.001,
  sell_price: rate * 0.999,
  contract_size: 100_000,
  position: 1_000,
  leverage: null,
})

// Each search term below matches one asset by one field only: 'bitcoin' the name, 'xauusd' the symbol, 'spx' the sy.
export const MARKET_WATCH_ASSETS: readonly Asset[] = [
  listedAsset(
    {
      asset_id: 'btcusd',
      name: 'Bitcoin',
      symbol: 'BTCUSD',
      symbol_display: 'BTC/USD',
      sy: 'BTC/USD',
      type: 'crypto',
    },
    67_000,
    1,
  ),
  listedAsset(
    {
      asset_id: 'eurusd',
      name: 'Euro vs US Dollar',
      symbol: 'EURUSD',
      symbol_display: 'EUR/USD',
      sy: 'EUR/USD',
      type: 'forex',
    },
    1.1,
    2,
  ),
  listedAsset(
    {
      asset_id: 'xauusd',
      name: 'Gold',
      symbol: 'XAUUSD',
      symbol_display: 'XAU/USD',
      sy: 'XAU/USD',
      type: 'metals',
    },
    2_400,
    3,
  ),
  listedAsset(
    {
      asset_id: 'us500',
      name: 'US 500 Index',
      symbol: 'US500',
      symbol_display: 'US500',
      sy: 'SPX',
      type: 'indices',
    },
    5_000,
    4,
  ),
]

/**
 * A forex asset for the rules that look only at identity and tabs
 * (docs/product/trading-workspace.md#assets-and-live-prices): prices all 1.
 */
export function pairAsset(
  assetId: string,
  symbolDisplay: string,
  tvSymbol = `FX:${symbolDisplay.replace('/', '')}`,
): Asset {
  return {
    id: assetId.length,
    asset_id: assetId,
    name: assetId,
    symbol: symbolDisplay.replace('/', ''),
    symbol_display: symbolDisplay,
    sy: symbolDisplay,
    type: 'forex',
    category: 'Majors',
    image: null,
    tv_symbol: tvSymbol,
    rate: 1,
    price_low: 1,
    price_high: 1,
    change: 0,
    change_percent: 0,
    volume: 0,
    updated_at: '2026-01-01T00:00:00Z',
    buy_spread: 0,
    sell_spread: 0,
    buy_price: 1,
    sell_price: 1,
    contract_size: 100_000,
    position: 1_000,
    leverage: null,
  }
}

/** EUR/USD at a mid of 1.10000: the spec's example entry price for a buy (ask) is 1.10000. */
export const EURUSD: Asset = {
  id: 1,
  asset_id: 'eurusd',
  name: 'Euro vs US Dollar',
  symbol: 'EURUSD',
  symbol_display: 'EUR/USD',
  sy: 'EUR/USD',
  type: 'forex',
  category: 'Majors',
  image: null,
  tv_symbol: 'FX:EURUSD',
  rate: 1.09995,
  price_low: 1.0921,
  price_high: 1.10432,
  change: 0.0041,
  change_percent: 0.3742,
  volume: 120_000_000,
  updated_at: '2026-07-15T12:00:00.000Z',
  buy_spread: 0.00008,
  sell_spread: 0.00008,
  buy_price: 1.1,
  sell_price: 1.0999,
  contract_size: 100_000,
  position: 1000,
  leverage: null,
}

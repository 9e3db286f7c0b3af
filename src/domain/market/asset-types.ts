// The asset types' names as the customer reads them (docs/product/data-model.md#asset: forex, stocks, crypto,
// commodities, indices, metals): the market watch's headings and filter chips and the asset information dialog.
import type { AssetType } from '../contract/assets'

export const ASSET_TYPE_LABELS: Readonly<Record<AssetType, string>> = {
  forex: 'Forex',
  stocks: 'Stocks',
  crypto: 'Crypto',
  commodities: 'Commodities',
  indices: 'Indices',
  metals: 'Metals',
}

// docs/product/trading-workspace.md#leverage: the leverage of the active asset is the per-category setting, then the
// asset's own leverage, then the user's plan (account_type.leverage), then 20. The server runs the same chain; it
// never takes the client's figure.
import type { AssetType } from '../contract/assets'
import type { AssetClass, LeverageMap } from '../contract/site'

/** docs/product/trading-workspace.md#leverage: the trading default when nothing else says. */
export const DEFAULT_TRADING_LEVERAGE = 20

/**
 * Asset types (docs/product/data-model.md#site-data) and the leverage map's class names (site data) differ in one
 * word.
 */
export const ASSET_CLASS_OF_TYPE: Readonly<Record<AssetType, AssetClass>> = {
  crypto: 'cryptos',
  stocks: 'stocks',
  indices: 'indices',
  commodities: 'commodities',
  metals: 'metals',
  forex: 'forex',
}

const usable = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0

export function leverageFor(input: {
  type: AssetType
  /** Per-category leverage the operator set; classes absent here fall through. */
  categoryLeverage: Partial<LeverageMap> | null | undefined
  assetLeverage: number | null | undefined
  accountTypeLeverage: number | null | undefined
}): number {
  const category = input.categoryLeverage?.[ASSET_CLASS_OF_TYPE[input.type]]
  if (usable(category)) return category
  if (usable(input.assetLeverage)) return input.assetLeverage
  if (usable(input.accountTypeLeverage)) return input.accountTypeLeverage
  return DEFAULT_TRADING_LEVERAGE
}

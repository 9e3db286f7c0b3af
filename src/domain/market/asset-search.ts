// The workspace's collapsed asset search (docs/product/trading-workspace.md#market-watch): a query matches an asset's
// name, symbol or sy, ignoring case and surrounding spaces. Pure, so the search box, the picker dialog and tests
// agree.
import type { Asset } from '../contract/assets'

type Searchable = Pick<Asset, 'name' | 'symbol' | 'sy'>

/** Assets whose name, symbol or sy contains the query, in their given order; an empty query keeps them all. */
export function searchAssets<T extends Searchable>(assets: readonly T[], query: string): readonly T[] {
  const needle = query.trim().toLowerCase()
  if (needle === '') return assets
  return assets.filter((asset) =>
    [asset.name, asset.symbol, asset.sy].some((field) => field.toLowerCase().includes(needle)),
  )
}

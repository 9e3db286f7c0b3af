// The active asset and the open-pair tabs (docs/product/trading-workspace.md#assets-and-live-prices). Pure: the
// workspace store applies these rules and persists the result; tests use the spec's own cases.
import type { Asset } from '../contract/assets'

/** docs/product/trading-workspace.md#pairs: activePairs defaults to BTC/USD. */
export const DEFAULT_ACTIVE_PAIRS: readonly string[] = ['BTC/USD']
const DEFAULT_TV_SYMBOL = 'BITSTAMP:BTCUSD'
const FALLBACK_SY = 'AUD/JPY'

/**
 * docs/product/trading-workspace.md#assets-and-live-prices: the asset whose tv_symbol is BITSTAMP:BTCUSD, else the
 * one with sy AUD/JPY, else the first; an already chosen active asset is kept (when it still exists).
 */
export function defaultActiveAsset(assets: readonly Asset[], chosenAssetId: string | null): Asset | null {
  if (chosenAssetId !== null) {
    const chosen = assets.find((asset) => asset.asset_id === chosenAssetId)
    if (chosen) return chosen
  }
  return (
    assets.find((asset) => asset.tv_symbol === DEFAULT_TV_SYMBOL) ??
    assets.find((asset) => asset.sy === FALLBACK_SY) ??
    assets[0] ??
    null
  )
}

export interface PairTabs {
  /** symbol_display of each open tab, in order. */
  pairs: readonly string[]
  active: string | null
}

/** docs/product/trading-workspace.md#pairs: adding a pair makes it active (a pair already open is only activated). */
export function addPair(tabs: PairTabs, symbolDisplay: string): PairTabs {
  const pairs = tabs.pairs.includes(symbolDisplay) ? tabs.pairs : [...tabs.pairs, symbolDisplay]
  return { pairs, active: symbolDisplay }
}

/**
 * docs/product/trading-workspace.md#pairs: removing is refused when only one pair remains (the same tabs come back);
 * removing the active pair makes the first remaining pair active.
 */
export function removePair(tabs: PairTabs, symbolDisplay: string): PairTabs {
  if (tabs.pairs.length <= 1 || !tabs.pairs.includes(symbolDisplay)) return tabs
  const pairs = tabs.pairs.filter((pair) => pair !== symbolDisplay)
  const active = tabs.active === symbolDisplay ? (pairs[0] ?? null) : tabs.active
  return { pairs, active }
}

/** docs/product/trading-workspace.md#pairs: a pair selects its asset by symbol_display. */
export function assetForPair(assets: readonly Asset[], symbolDisplay: string): Asset | undefined {
  return assets.find((asset) => asset.symbol_display === symbolDisplay)
}

// The symbol a customer reads for a position ('BTC/USD'), whatever the trade stored: a trade keeps the asset_symbol
// its order was sent with, the feed's 'BTCUSD' from some clients and 'BTC/USD' from the ticket (decision 0018:
// positions said 'BTCUSD' where every other screen says 'BTC/USD'). Pure, so the drawer, the dialogs and tests agree.
import type { Asset } from '../contract/assets'
import type { Trade } from '../contract/trades'

type Listed = Pick<Asset, 'asset_id' | 'symbol' | 'symbol_display'>
type Traded = Pick<Trade, 'asset_id' | 'asset_symbol'>

/** The listed asset's symbol_display, found by the feed id, else by either spelling; the stored symbol otherwise. */
export function tradeSymbolDisplay(trade: Traded, assets: readonly Listed[] | undefined): string {
  const listed =
    assets?.find((asset) => asset.asset_id === trade.asset_id) ??
    assets?.find(
      (asset) => asset.symbol === trade.asset_symbol || asset.symbol_display === trade.asset_symbol,
    )
  return listed?.symbol_display ?? trade.asset_symbol
}

/** The trades with asset_symbol set to what the customer reads; the same array when nothing changes. */
export function withSymbolDisplay<T extends Traded>(
  trades: readonly T[],
  assets: readonly Listed[] | undefined,
) {
  if (!assets || trades.every((trade) => tradeSymbolDisplay(trade, assets) === trade.asset_symbol))
    return trades
  return trades.map((trade) => ({ ...trade, asset_symbol: tradeSymbolDisplay(trade, assets) }))
}

// The body of POST /trades/store for a market order (docs/product/orders-and-alerts.md#order-ticket
// and #market-orders), built in one place so the Buy and Sell ticket and the
// pending order dialog left at 'Current' send the same order. The server prices it; the price here is what the
// customer saw when they pressed the button.
import type { Asset } from '../contract/assets'
import type { StoreTradeRequest, Trade, TradeSide } from '../contract/trades'
import { formatPrice } from '../format/numbers'
import { openingPriceQuote, tradeFormMarginUsd } from './account-maths'

/**
 * A take-profit or stop-loss as the trade form keeps it (loose text,
 * docs/product/orders-and-alerts.md#take-profit-and-stop-loss): a positive number, else 0 (none).
 */
export function levelOrZero(text: string): number {
  const value = Number(text)
  return text.trim() !== '' && Number.isFinite(value) && value > 0 ? value : 0
}

export interface MarketOrderInput {
  side: TradeSide
  asset: Pick<Asset, 'id' | 'name' | 'symbol_display' | 'contract_size' | 'rate' | 'buy_price' | 'sell_price'>
  /** Already checked against the lot limits (checkVolumeLots). */
  volumeLots: number
  leverage: number
  /** The trade form's TP and SL text. */
  takeProfit: string
  stopLoss: string
}

export function marketOrderRequest(input: MarketOrderInput): StoreTradeRequest {
  const { asset, side, volumeLots } = input
  const volumeUnits = volumeLots * asset.contract_size
  const marginUsd = tradeFormMarginUsd(volumeLots, asset.contract_size, asset.rate, input.leverage)
  return {
    type: side,
    leverage: input.leverage,
    // Unrounded: 0.01 lot of a micro-priced coin is worth far less than a cent, and the contract wants it positive.
    amount: volumeUnits * asset.rate,
    qty: volumeLots,
    volume: volumeUnits,
    margin: Math.round(marginUsd * 100) / 100,
    opening_price: openingPriceQuote(side, asset),
    take_profit: levelOrZero(input.takeProfit),
    stop_loss: levelOrZero(input.stopLoss),
    id: asset.id,
    asset_symbol: asset.symbol_display,
    asset_name: asset.name,
  }
}

export const lotsText = (lots: number) => `${lots.toFixed(2)} ${lots === 1 ? 'lot' : 'lots'}`
export const unitsText = (units: number) =>
  `${units.toLocaleString('en-US', { maximumFractionDigits: 4 })} ${units === 1 ? 'unit' : 'units'}`

/** The placed toast's description: '0.01 lots (1,000 units) at 1.10000'. */
export const placedTradeDescription = (trade: Pick<Trade, 'qty' | 'volume' | 'opening_price'>) =>
  `${lotsText(trade.qty)} (${unitsText(trade.volume)}) at ${formatPrice(trade.opening_price)}`

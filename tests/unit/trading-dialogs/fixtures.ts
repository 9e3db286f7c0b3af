// An asset and a position as the workspace hands them to its dialogs, plus the jsdom stubs the Ark layers need.
import type { Asset } from '../../../src/domain/contract/assets'
import type { Trade } from '../../../src/domain/contract/trades'
import '../components/test-utils'

export { expectNoA11yViolations } from '../components/test-utils'

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

export const BUY_TRADE: Trade = {
  id: 7,
  trade_id: 'T0000007',
  asset_id: 'eurusd',
  asset_symbol: 'EUR/USD',
  asset_name: 'Euro vs US Dollar',
  trade_type: 'buy',
  status: 'open',
  volume: 10_000,
  qty: 0.1,
  contract_size: 100_000,
  margin: 110,
  leverage: 100,
  opening_price: 1.0987,
  closing_price: 1.0999,
  take_profit: 0,
  stop_loss: 0,
  open_time: '2026-07-15T09:30:00.000Z',
  close_time: null,
  close_reason: null,
  pnl: 12.34,
}

/** 15 July 2026 is a Wednesday; 12:00 UTC is inside the forex week, Saturday the 18th outside it. */
export const WEDNESDAY_NOON_UTC = Date.parse('2026-07-15T12:00:00Z')
export const SATURDAY_NOON_UTC = Date.parse('2026-07-18T12:00:00Z')

// An asset and a position as the workspace hands them to its dialogs, plus the jsdom stubs the Ark layers need.
import type { Trade } from '../../../src/domain/contract/trades'
import '../components/test-utils'

export { expectNoA11yViolations } from '../components/test-utils'

export { EURUSD } from '../support/assets'

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
  trailing_stop: 0,
  order_id: null,
  open_time: '2026-07-15T09:30:00.000Z',
  close_time: null,
  close_reason: null,
  pnl: 12.34,
}

/** 15 July 2026 is a Wednesday; 12:00 UTC is inside the forex week, Saturday the 18th outside it. */
export const WEDNESDAY_NOON_UTC = Date.parse('2026-07-15T12:00:00Z')
export const SATURDAY_NOON_UTC = Date.parse('2026-07-18T12:00:00Z')

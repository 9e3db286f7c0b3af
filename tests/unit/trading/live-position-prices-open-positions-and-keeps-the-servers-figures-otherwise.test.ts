// The live-position maths the trading workspace and the back office share: an open position at the tab's live
// price, the server's figures when there is none (or the position is closed), and when a summary shows no change.
import { describe, expect, it } from 'vitest'
import type { Trade } from '../../../src/domain/contract/trades'
import { accountSummary, roundToCents } from '../../../src/domain/trading/account-maths'
import { livePosition, sameShownSummary } from '../../../src/domain/trading/live-position'
import { listedAsset } from '../support/assets'

const EURUSD = listedAsset(
  {
    asset_id: 'eurusd',
    name: 'Euro / US Dollar',
    symbol: 'EURUSD',
    symbol_display: 'EUR/USD',
    sy: 'EURUSD',
    type: 'forex',
  },
  1.1,
  1,
)

const trade = (overrides: Partial<Trade> = {}): Trade => ({
  id: 1,
  trade_id: 'T0000001',
  asset_id: 'eurusd',
  asset_symbol: 'EURUSD',
  asset_name: 'Euro / US Dollar',
  trade_type: 'buy',
  status: 'open',
  volume: 1_000,
  qty: 0.01,
  contract_size: 100_000,
  margin: 11,
  leverage: 100,
  opening_price: 1.09,
  closing_price: 1.095,
  take_profit: 0,
  stop_loss: 0,
  trailing_stop: 0,
  order_id: null,
  open_time: '2025-01-01T00:00:00.000Z',
  close_time: null,
  close_reason: null,
  pnl: 5,
  ...overrides,
})

describe('livePosition', () => {
  it('prices an open buy at the live sell price', () => {
    const live = livePosition(trade(), EURUSD)
    expect(live.closingPriceQuote).toBe(EURUSD.sell_price)
    expect(roundToCents(live.pnlUsd)).toBe(roundToCents((EURUSD.sell_price - 1.09) * 1_000))
  })

  it('prices an open sell at the live buy price', () => {
    const live = livePosition(trade({ trade_type: 'sell' }), EURUSD)
    expect(live.closingPriceQuote).toBe(EURUSD.buy_price)
    expect(roundToCents(live.pnlUsd)).toBe(roundToCents((1.09 - EURUSD.buy_price) * 1_000))
  })

  it("keeps the server's figures until the tab has a price", () => {
    expect(livePosition(trade(), undefined)).toEqual({ pnlUsd: 5, closingPriceQuote: 1.095 })
  })

  it("keeps a closed position's figures whatever the live price", () => {
    expect(livePosition(trade({ status: 'closed' }), EURUSD)).toEqual({ pnlUsd: 5, closingPriceQuote: 1.095 })
  })
})

describe('sameShownSummary', () => {
  const summary = accountSummary(1_000, 0, [{ pnl: 5, margin: 11 }])

  it('is the same while no figure moves by a cent', () => {
    const flat = accountSummary(1_000, 0, [])
    expect(sameShownSummary(flat, accountSummary(1_000.004, 0, []))).toBe(true)
  })

  it('differs once a shown figure moves by a cent', () => {
    expect(sameShownSummary(summary, accountSummary(1_000, 0, [{ pnl: 5.01, margin: 11 }]))).toBe(false)
  })

  it('differs when the credit changes', () => {
    expect(sameShownSummary(summary, accountSummary(1_000, 10, [{ pnl: 5, margin: 11 }]))).toBe(false)
  })
})

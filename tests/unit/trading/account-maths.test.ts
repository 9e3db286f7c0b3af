// The account maths of docs/product/trading-workspace.md#account-figures with the spec's own kind of numbers: a
// EUR/USD-style quote around 1.10, one standard lot of 100,000 units, leverage 100.
import { describe, expect, it } from 'vitest'
import {
  accountSummary,
  closingPriceQuote,
  equityUsd,
  formatMarginLevel,
  freeMarginUsd,
  LIFETIME_PNL_PLACEHOLDER_USD,
  openingPriceQuote,
  positionMarginUsd,
  positionPnlUsd,
  roundToCents,
  tradeFormMarginUsd,
} from '../../../src/domain/trading/account-maths'

describe('position P/L (docs/product/trading-workspace.md#account-figures)', () => {
  it('gains on a buy when the price rises: (current - opening) x volume', () => {
    expect(roundToCents(positionPnlUsd('buy', 1.1, 1.105, 1_000))).toBe(5)
  })

  it('loses on a buy when the price falls', () => {
    expect(roundToCents(positionPnlUsd('buy', 1.105, 1.1, 1_000))).toBe(-5)
  })

  it('is the reverse for a sell: a falling price gains, a rising one loses', () => {
    expect(roundToCents(positionPnlUsd('sell', 1.105, 1.1, 1_000))).toBe(5)
    expect(roundToCents(positionPnlUsd('sell', 1.1, 1.105, 1_000))).toBe(-5)
  })

  it('is zero at the opening price, for either side', () => {
    expect(positionPnlUsd('buy', 1.1, 1.1, 100_000)).toBe(0)
    expect(Math.abs(positionPnlUsd('sell', 1.1, 1.1, 100_000))).toBe(0)
  })

  it('scales with the volume in units: one lot of 100,000 at +50 pips is 500.00', () => {
    expect(roundToCents(positionPnlUsd('buy', 1.1, 1.105, 100_000))).toBe(500)
  })
})

describe('opening and closing prices by side', () => {
  const quote = { buy_price: 1.10012, sell_price: 1.09988 }

  it('opens a buy at the buy price (ask) and a sell at the sell price (bid)', () => {
    expect(openingPriceQuote('buy', quote)).toBe(1.10012)
    expect(openingPriceQuote('sell', quote)).toBe(1.09988)
  })

  it('closes a buy at the sell price and a sell at the buy price', () => {
    expect(closingPriceQuote('buy', quote)).toBe(1.09988)
    expect(closingPriceQuote('sell', quote)).toBe(1.10012)
  })

  it('loses the spread on a position opened and closed at once, whichever the side', () => {
    for (const side of ['buy', 'sell'] as const) {
      const pnl = positionPnlUsd(
        side,
        openingPriceQuote(side, quote),
        closingPriceQuote(side, quote),
        100_000,
      )
      expect(roundToCents(pnl)).toBe(-24)
    }
  })
})

describe('margin (docs/product/trading-workspace.md#account-figures)', () => {
  it('is volume x price / leverage for a position', () => {
    expect(roundToCents(positionMarginUsd(1_000, 1.1, 100))).toBe(11)
    expect(roundToCents(positionMarginUsd(100_000, 1.1, 20))).toBe(5_500)
  })

  it('is lots x contract size x rate / leverage in the trade form: 0.01 x 100,000 x 1.1 / 100 = 11.00', () => {
    expect(roundToCents(tradeFormMarginUsd(0.01, 100_000, 1.1, 100))).toBe(11)
  })

  it('gives the same figure by both formulas for the same position', () => {
    const lots = 0.37
    const contractSize = 100_000
    expect(tradeFormMarginUsd(lots, contractSize, 1.23456, 50)).toBeCloseTo(
      positionMarginUsd(lots * contractSize, 1.23456, 50),
      9,
    )
  })

  it('uses the contract size: one bitcoin (contract size 1) at 60,000 with leverage 20 needs 3,000.00', () => {
    expect(roundToCents(tradeFormMarginUsd(1, 1, 60_000, 20))).toBe(3_000)
  })
})

describe('equity, free margin and margin level (docs/product/trading-workspace.md#account-figures)', () => {
  it('equity is balance plus total P/L', () => {
    expect(equityUsd(10_000, 250)).toBe(10_250)
    expect(equityUsd(10_000, -250)).toBe(9_750)
  })

  it('free margin is equity minus margin, and goes negative when margin exceeds equity', () => {
    expect(freeMarginUsd(10_250, 1_100)).toBe(9_150)
    expect(freeMarginUsd(500, 1_100)).toBe(-600)
  })

  it('shows the margin level as equity / margin x 100 with two decimals and a % sign', () => {
    expect(formatMarginLevel(10_250, 1_100)).toBe('931.82%')
    expect(formatMarginLevel(1_000, 400)).toBe('250.00%')
    expect(formatMarginLevel(1, 3)).toBe('33.33%')
    // Thousands separated, as the money beside it is: a small position on a funded account.
    expect(formatMarginLevel(10_000, 9.73)).toBe('102,774.92%')
  })

  it('shows the infinity sign when no margin is used', () => {
    expect(formatMarginLevel(10_000, 0)).toBe('∞')
  })
})

describe('account summary (docs/product/data-model.md#account-summary)', () => {
  it('adds up the open positions into P/L, margin, equity, free margin and margin level', () => {
    const summary = accountSummary(10_000, 500, [
      { pnl: 5, margin: 11 },
      { pnl: -2.5, margin: 110 },
    ])
    expect(summary).toEqual({
      balance: 10_000,
      credit: 500,
      equity: 10_002.5,
      margin: 121,
      marginLevel: '8,266.53%',
      freeMargin: 9_881.5,
      pnl: 2.5,
      lifetimePnl: LIFETIME_PNL_PLACEHOLDER_USD,
    })
  })

  it('with no open positions has equity equal to balance, free margin equal to equity and level ∞', () => {
    expect(accountSummary(10_000, 0, [])).toMatchObject({
      equity: 10_000,
      margin: 0,
      freeMargin: 10_000,
      marginLevel: '∞',
      pnl: 0,
    })
  })

  it('keeps credit out of equity (the spec: equity = balance + total pnl)', () => {
    expect(accountSummary(1_000, 9_000, [{ pnl: 0, margin: 100 }]).equity).toBe(1_000)
  })
})

describe('rounding money to cents', () => {
  it('rounds once to two decimals', () => {
    expect(roundToCents(0.1 + 0.2)).toBe(0.3)
    expect(roundToCents(11.004)).toBe(11)
    expect(roundToCents(-5.006)).toBe(-5.01)
  })
})

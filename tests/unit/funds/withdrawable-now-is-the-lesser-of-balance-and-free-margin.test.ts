// "Withdrawable now" (decision 0019): max(0, min(balance, equity - margin)), rounded down to the cent, and the
// breakdown the withdrawal page shows beside it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  exceedsWithdrawable,
  withdrawableBreakdown,
  withdrawableLimitedBy,
  withdrawableNow,
} from '../../../src/domain/funds/withdrawable'

describe('withdrawableNow', () => {
  it('is the whole balance with no open positions', () => {
    expect(withdrawableNow({ balance: 1_000, equity: 1_000, margin: 0 })).toBe(1_000)
  })

  it('is the free margin when positions use or lose money', () => {
    expect(withdrawableNow({ balance: 1_000, equity: 900, margin: 200 })).toBe(700)
  })

  it('never counts an unrealised gain: it stops at the balance', () => {
    expect(withdrawableNow({ balance: 1_000, equity: 1_500, margin: 100 })).toBe(1_000)
  })

  it('is zero, never negative, when the margin exceeds the equity', () => {
    expect(withdrawableNow({ balance: 1_000, equity: 300, margin: 500 })).toBe(0)
    expect(withdrawableNow({ balance: -5, equity: -5, margin: 0 })).toBe(0)
  })

  it('rounds down to the cent so the figure shown is always accepted', () => {
    expect(withdrawableNow({ balance: 1_000, equity: 1_000, margin: 0.005 })).toBe(999.99)
    expect(withdrawableNow({ balance: 0.3, equity: 0.1 + 0.2, margin: 0 })).toBe(0.3)
  })

  it('is never more than the balance or the free margin, never negative, for any figures', () => {
    const money = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((cents) => cents / 100)
    fc.assert(
      fc.property(
        money,
        money,
        fc.nat(1_000_000).map((cents) => cents / 100),
        (balance, equity, margin) => {
          const figure = withdrawableNow({ balance, equity, margin })
          expect(figure).toBeGreaterThanOrEqual(0)
          expect(figure).toBeLessThanOrEqual(Math.max(0, balance) + 1e-9)
          expect(figure).toBeLessThanOrEqual(Math.max(0, equity - margin) + 1e-9)
          expect(Math.round(figure * 100) / 100).toBe(figure)
        },
      ),
    )
  })

  it('says what holds it back', () => {
    expect(withdrawableLimitedBy({ balance: 1_000, equity: 900, margin: 200 })).toBe('free_margin')
    expect(withdrawableLimitedBy({ balance: 1_000, equity: 1_500, margin: 100 })).toBe('balance')
  })
})

describe('breakdown', () => {
  it('lists balance, margin in use, reserved and savings with the figure', () => {
    const breakdown = withdrawableBreakdown({
      balance: 800,
      equity: 850,
      margin: 100,
      free_margin: 750,
      reserved: 200,
      savings: 50,
      withdrawable: 750,
    })
    expect(breakdown.withdrawableUsd).toBe(750)
    expect(breakdown.limitedBy).toBe('free_margin')
    expect(breakdown.rows.map((row) => [row.label, row.amountUsd])).toEqual([
      ['Balance', 800],
      ['Margin in use', 100],
      ['Reserved', 200],
      ['Savings', 50],
    ])
  })

  it('compares a typed amount in cents', () => {
    expect(exceedsWithdrawable(700.01, 700)).toBe(true)
    expect(exceedsWithdrawable(0.1 + 0.2, 0.3)).toBe(false)
  })
})

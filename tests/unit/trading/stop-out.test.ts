import { describe, expect, it } from 'vitest'
import {
  inMarginCall,
  marginLevelPercent,
  STOP_OUT_MARGIN_LEVEL_PERCENT,
  stopOutPlan,
  type PositionAtRisk,
} from '../../../src/domain/trading/stop-out'

const position = (tradeId: number, pnlUsd: number, marginUsd: number, closable = true): PositionAtRisk => ({
  tradeId,
  pnlUsd,
  marginUsd,
  closable,
})

describe('margin level', () => {
  it('is equity over margin in percent, as docs/product/trading-workspace.md#account-figures shows it, and infinite with no margin in use', () => {
    expect(marginLevelPercent(250, 100)).toBe(250)
    expect(marginLevelPercent(49.5, 99)).toBe(50)
    expect(marginLevelPercent(1000, 0)).toBe(Number.POSITIVE_INFINITY)
  })
})

describe('margin call', () => {
  it('is a level below 100 %, and never without margin in use', () => {
    expect(inMarginCall(99.99, 100)).toBe(true)
    expect(inMarginCall(100, 100)).toBe(false)
    expect(inMarginCall(-5, 0)).toBe(false)
  })
})

describe('stop-out plan', () => {
  it('closes nothing while the margin level is above 50 %', () => {
    // Balance 100, one position losing 40 with margin 100: equity 60, level 60 %.
    expect(stopOutPlan(100, [position(1, -40, 100)])).toEqual({ marginLevelPercent: 60, close: [] })
    expect(stopOutPlan(100, [])).toEqual({ marginLevelPercent: Number.POSITIVE_INFINITY, close: [] })
  })

  it('closes the position losing most first, at exactly 50 % too, and stops once the level is above 50 %', () => {
    // Balance 100; losses 30 and 25, a gain of 5: equity 50. Margin 40 + 40 + 20 = 100: level 50 %, stop out.
    const worst = position(1, -30, 40)
    const second = position(2, -25, 40)
    const winner = position(3, 5, 20)
    expect(STOP_OUT_MARGIN_LEVEL_PERCENT).toBe(50)
    // Closing the worst frees 40 of margin: equity 50 over margin 60 is 83 %, so the rest stay open.
    // The level named is the one the account fell to, before the close.
    expect(stopOutPlan(100, [winner, second, worst])).toEqual({ marginLevelPercent: 50, close: [worst] })
  })

  it('goes on down the losers while the level stays at or below 50 %', () => {
    // Balance 100, losses 70 and 20: equity 10. Margins 50 and 50: level 10 %; without the first, 10 / 50 = 20 %.
    const first = position(1, -70, 50)
    const next = position(2, -20, 50)
    expect(stopOutPlan(100, [next, first])).toEqual({ marginLevelPercent: 10, close: [first, next] })
  })

  it('passes over a position whose market is closed: its last price is stale', () => {
    const closedMarket = position(1, -90, 50, false)
    const open = position(2, -5, 50)
    // Equity 5 over margin 100: 5 %. Only the open market's position can be closed.
    expect(stopOutPlan(100, [closedMarket, open]).close).toEqual([open])
  })
})

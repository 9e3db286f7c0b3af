import { describe, expect, it } from 'vitest'
import { formatTradeTime } from '../../../src/domain/trading/trade-times'

describe("a position's time as its rows show it", () => {
  it('reads day, month and the time to the second, in the local time zone', () => {
    // Built from local parts, so the expected text holds in any time zone the tests run in.
    expect(formatTradeTime(new Date(2026, 6, 15, 14, 30, 5).toISOString())).toBe('15 Jul, 14:30:05')
    expect(formatTradeTime(new Date(2026, 0, 3, 9, 4, 0).toISOString())).toBe('03 Jan, 09:04:00')
  })

  it('reads as nothing without a time', () => {
    expect(formatTradeTime(null)).toBe('')
  })
})

// Trading hours per asset class (docs/product/trading-workspace.md#trading-hours), with the clock passed in: the
// edges of each session, and New York daylight-saving time moving the stock and commodity sessions by an hour in UTC.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ASSET_TYPES } from '../../../src/domain/contract'
import {
  isMarketOpen,
  newYorkOffsetMinutes,
  TRADING_HOURS_LABELS,
} from '../../../src/domain/market/trading-hours'

const utc = (iso: string) => Date.parse(`${iso}Z`)

// 2026: DST from Sunday 8 March 07:00 UTC to Sunday 1 November 06:00 UTC. 15 July is a Wednesday, 14 January too.
describe('New York time', () => {
  it('switches to daylight-saving time on the second Sunday of March and back on the first Sunday of November', () => {
    expect(newYorkOffsetMinutes(utc('2026-03-08T06:59'))).toBe(-300)
    expect(newYorkOffsetMinutes(utc('2026-03-08T07:00'))).toBe(-240)
    expect(newYorkOffsetMinutes(utc('2026-11-01T05:59'))).toBe(-240)
    expect(newYorkOffsetMinutes(utc('2026-11-01T06:00'))).toBe(-300)
    expect(newYorkOffsetMinutes(utc('2027-03-14T07:00'))).toBe(-240)
    expect(newYorkOffsetMinutes(utc('2027-03-14T06:59'))).toBe(-300)
  })
})

describe('isMarketOpen', () => {
  it('keeps crypto open at any time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (nowMs) => isMarketOpen('crypto', nowMs)),
    )
  })

  it('opens forex from Sunday 22:00 to Friday 22:00 UTC', () => {
    expect(isMarketOpen('forex', utc('2026-07-12T21:59'))).toBe(false) // Sunday
    expect(isMarketOpen('forex', utc('2026-07-12T22:00'))).toBe(true)
    expect(isMarketOpen('forex', utc('2026-07-15T03:00'))).toBe(true) // Wednesday night
    expect(isMarketOpen('forex', utc('2026-07-17T21:59'))).toBe(true) // Friday
    expect(isMarketOpen('forex', utc('2026-07-17T22:00'))).toBe(false)
    expect(isMarketOpen('forex', utc('2026-07-18T12:00'))).toBe(false) // Saturday
  })

  it('opens stocks and indices Monday to Friday 09:30-16:00 New York time, in summer and winter', () => {
    for (const type of ['stocks', 'indices'] as const) {
      // Summer (EDT, UTC-4): 13:30-20:00 UTC.
      expect(isMarketOpen(type, utc('2026-07-15T13:29'))).toBe(false)
      expect(isMarketOpen(type, utc('2026-07-15T13:30'))).toBe(true)
      expect(isMarketOpen(type, utc('2026-07-15T19:59'))).toBe(true)
      expect(isMarketOpen(type, utc('2026-07-15T20:00'))).toBe(false)
      // Winter (EST, UTC-5): 14:30-21:00 UTC.
      expect(isMarketOpen(type, utc('2026-01-14T14:29'))).toBe(false)
      expect(isMarketOpen(type, utc('2026-01-14T14:30'))).toBe(true)
      expect(isMarketOpen(type, utc('2026-01-14T20:59'))).toBe(true)
      expect(isMarketOpen(type, utc('2026-01-14T21:00'))).toBe(false)
      // Weekend.
      expect(isMarketOpen(type, utc('2026-07-18T15:00'))).toBe(false)
      expect(isMarketOpen(type, utc('2026-07-19T15:00'))).toBe(false)
    }
  })

  it('runs commodities from Sunday 18:00 to Friday 17:00 New York time, with a daily 17:00-18:00 break', () => {
    // Summer: 17:00 New York is 21:00 UTC.
    expect(isMarketOpen('commodities', utc('2026-07-15T20:59'))).toBe(true)
    expect(isMarketOpen('commodities', utc('2026-07-15T21:00'))).toBe(false)
    expect(isMarketOpen('commodities', utc('2026-07-15T21:59'))).toBe(false)
    expect(isMarketOpen('commodities', utc('2026-07-15T22:00'))).toBe(true)
    expect(isMarketOpen('commodities', utc('2026-07-16T04:00'))).toBe(true) // overnight session
    expect(isMarketOpen('commodities', utc('2026-07-17T21:00'))).toBe(false) // Friday close
    expect(isMarketOpen('commodities', utc('2026-07-18T12:00'))).toBe(false) // Saturday
    expect(isMarketOpen('commodities', utc('2026-07-19T21:59'))).toBe(false) // Sunday before 18:00
    expect(isMarketOpen('commodities', utc('2026-07-19T22:00'))).toBe(true)
  })

  it('opens metals Monday to Friday 09:00-17:00 New York time', () => {
    expect(isMarketOpen('metals', utc('2026-01-14T13:59'))).toBe(false) // 08:59 EST
    expect(isMarketOpen('metals', utc('2026-01-14T14:00'))).toBe(true)
    expect(isMarketOpen('metals', utc('2026-01-14T21:59'))).toBe(true)
    expect(isMarketOpen('metals', utc('2026-01-14T22:00'))).toBe(false)
    expect(isMarketOpen('metals', utc('2026-01-17T15:00'))).toBe(false) // Saturday
  })

  it('closes every class but crypto on Saturdays', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minute) => {
        const saturday = utc('2026-07-18T00:00') + minute * 60_000
        return ASSET_TYPES.every((type) => isMarketOpen(type, saturday) === (type === 'crypto'))
      }),
    )
  })
})

describe('trading hours labels', () => {
  it('shows the hours of docs/product/trading-workspace.md#trading-hours for every asset type', () => {
    expect(TRADING_HOURS_LABELS).toEqual({
      crypto: '24/7',
      forex: '24/5 (Sun 22:00-24:00, Fri to 22:00)',
      stocks: 'Mon-Fri 09:30-16:00',
      indices: 'Mon-Fri 09:30-16:00',
      commodities: 'Electronic, with a 17:00-18:00 break',
      metals: '09:00-17:00',
    })
  })
})

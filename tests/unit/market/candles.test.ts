import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CANDLE_TIMEFRAMES, type Candle } from '../../../src/domain/contract/assets'
import {
  CANDLE_PERIOD_SECONDS,
  candleStart,
  mergeTickIntoCandles,
  nextCandle,
  withCandle,
} from '../../../src/domain/market/candles'

// 2024-05-01T10:00:00Z, on the hour.
const HOUR = 1_714_557_600
const candle = (time: number, open: number, high: number, low: number, close: number): Candle => ({
  time,
  open,
  high,
  low,
  close,
})

describe('candle periods', () => {
  it('covers every chart timeframe', () => {
    expect(Object.keys(CANDLE_PERIOD_SECONDS).sort()).toEqual([...CANDLE_TIMEFRAMES].sort())
  })

  it('aligns periods to the epoch, as the server does (1h candles start on the hour)', () => {
    expect(candleStart(HOUR + 59, '1m')).toBe(HOUR)
    expect(candleStart(HOUR + 60, '1m')).toBe(HOUR + 60)
    expect(candleStart(HOUR + 299, '5m')).toBe(HOUR)
    expect(candleStart(HOUR + 14 * 60 + 59, '15m')).toBe(HOUR)
    expect(candleStart(HOUR + 3599, '1h')).toBe(HOUR)
    expect(candleStart(HOUR + 3600, '1h')).toBe(HOUR + 3600)
  })
})

describe('nextCandle', () => {
  const last = candle(HOUR, 100, 105, 95, 101)

  it('widens the last candle within its period: high, low and close follow the price, open stays', () => {
    expect(nextCandle(last, 107, HOUR + 30, '1m')).toEqual(candle(HOUR, 100, 107, 95, 107))
    expect(nextCandle(last, 90, HOUR + 30, '1m')).toEqual(candle(HOUR, 100, 105, 90, 90))
    expect(nextCandle(last, 102, HOUR + 59, '1m')).toEqual(candle(HOUR, 100, 105, 95, 102))
  })

  it('opens a new candle at the price once the period has passed', () => {
    expect(nextCandle(last, 103, HOUR + 60, '1m')).toEqual(candle(HOUR + 60, 103, 103, 103, 103))
    // Several periods later (a quiet market): the new candle starts at its own period, not the next one.
    expect(nextCandle(last, 99, HOUR + 601, '5m')).toEqual(candle(HOUR + 600, 99, 99, 99, 99))
  })

  it('keeps a tick in the same candle for the longer timeframes', () => {
    const hourCandle = candle(HOUR, 100, 105, 95, 101)
    expect(nextCandle(hourCandle, 110, HOUR + 3599, '1h')).toEqual(candle(HOUR, 100, 110, 95, 110))
  })

  it('starts the first candle when there is none', () => {
    expect(nextCandle(undefined, 1.2345, HOUR + 10, '15m')).toEqual(
      candle(HOUR, 1.2345, 1.2345, 1.2345, 1.2345),
    )
  })

  it('ignores a price older than the last candle (the chart cannot rewrite an earlier bar)', () => {
    expect(nextCandle(last, 80, HOUR - 1, '1m')).toBeNull()
  })

  it('returns the same candle when the price changes nothing, so the redraw can be skipped', () => {
    expect(nextCandle(last, 101, HOUR + 5, '1m')).toBe(last)
  })

  it('ignores prices and times that are not finite numbers', () => {
    expect(nextCandle(last, Number.NaN, HOUR + 5, '1m')).toBeNull()
    expect(nextCandle(last, 101, Number.POSITIVE_INFINITY, '1m')).toBeNull()
  })

  it('always yields a well-formed candle that contains the price and never moves back in time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CANDLE_TIMEFRAMES),
        fc.double({ min: 0.0001, max: 1e6, noNaN: true }),
        fc.double({ min: 0.0001, max: 1e6, noNaN: true }),
        fc.integer({ min: 0, max: 10_000 }),
        (timeframe, openQuote, priceQuote, offsetSec) => {
          const start = candleStart(HOUR, timeframe)
          const base = candle(start, openQuote, openQuote, openQuote, openQuote)
          const next = nextCandle(base, priceQuote, start + offsetSec, timeframe)
          expect(next).not.toBeNull()
          if (!next) return
          expect(next.time).toBeGreaterThanOrEqual(base.time)
          expect(next.close).toBe(priceQuote)
          expect(next.low).toBeLessThanOrEqual(Math.min(next.open, next.close))
          expect(next.high).toBeGreaterThanOrEqual(Math.max(next.open, next.close))
        },
      ),
    )
  })
})

describe('mergeTickIntoCandles', () => {
  const candles = [candle(HOUR - 60, 98, 100, 97, 100), candle(HOUR, 100, 105, 95, 101)]

  it('replaces the last candle within its period and appends after it', () => {
    expect(mergeTickIntoCandles(candles, 106, HOUR + 10, '1m')).toEqual([
      candles[0],
      candle(HOUR, 100, 106, 95, 106),
    ])
    expect(mergeTickIntoCandles(candles, 104, HOUR + 61, '1m')).toEqual([
      ...candles,
      candle(HOUR + 60, 104, 104, 104, 104),
    ])
  })

  it('returns the same array when nothing changes', () => {
    expect(mergeTickIntoCandles(candles, 101, HOUR + 10, '1m')).toBe(candles)
    expect(mergeTickIntoCandles(candles, 50, HOUR - 10, '1m')).toBe(candles)
  })
})

describe('withCandle', () => {
  it('replaces the newest candle of the same period, else opens a new one (the chart merges its pending bars so)', () => {
    const open = candle(HOUR, 100, 101, 99, 100)
    const widened = candle(HOUR, 100, 103, 99, 103)
    const next = candle(HOUR + 60, 103, 103, 103, 103)
    expect(withCandle([], open)).toEqual([open])
    expect(withCandle([open], widened)).toEqual([widened])
    expect(withCandle([widened], next)).toEqual([widened, next])
  })
})

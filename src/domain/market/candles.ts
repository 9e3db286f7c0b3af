// Chart candles extended by live prices: a tick updates the newest candle or opens the next one. Pure; the
// caller passes the tick's time in. Periods are aligned to the epoch, as the server aggregates them (1h candles
// start on the hour), so a candle grown from ticks lines up with the one the server sends on the next load.
import type { Candle, CandleTimeframe } from '../contract/assets'

export const CANDLE_PERIOD_SECONDS: Readonly<Record<CandleTimeframe, number>> = {
  '1m': 60,
  '5m': 5 * 60,
  '15m': 15 * 60,
  '1h': 60 * 60,
}

/** Start (epoch seconds) of the period of `timeframe` that holds `timeSec`. */
export function candleStart(timeSec: number, timeframe: CandleTimeframe): number {
  const period = CANDLE_PERIOD_SECONDS[timeframe]
  return Math.floor(timeSec / period) * period
}

/**
 * The candle a live price produces: the last candle widened to the price (same period), a new candle opened at
 * the price (a later period), or null when nothing changes. A price older than the last candle's period is
 * ignored: it is not that candle's close, and the chart cannot rewrite an earlier bar in place. The same object
 * comes back when the price leaves the last candle as it was, so the caller can skip the redraw.
 */
export function nextCandle(
  lastCandle: Candle | undefined,
  priceQuote: number,
  timeSec: number,
  timeframe: CandleTimeframe,
): Candle | null {
  if (!Number.isFinite(priceQuote) || !Number.isFinite(timeSec)) return null
  const start = candleStart(timeSec, timeframe)
  if (!lastCandle || start > lastCandle.time)
    return { time: start, open: priceQuote, high: priceQuote, low: priceQuote, close: priceQuote }
  if (start < lastCandle.time) return null
  if (priceQuote === lastCandle.close && priceQuote <= lastCandle.high && priceQuote >= lastCandle.low)
    return lastCandle
  return {
    time: lastCandle.time,
    open: lastCandle.open,
    high: Math.max(lastCandle.high, priceQuote),
    low: Math.min(lastCandle.low, priceQuote),
    close: priceQuote,
  }
}

/** The candles with one live price merged in (a new array when it changed anything, else the same one). */
export function mergeTickIntoCandles(
  candles: readonly Candle[],
  priceQuote: number,
  timeSec: number,
  timeframe: CandleTimeframe,
): readonly Candle[] {
  const last = candles.at(-1)
  const next = nextCandle(last, priceQuote, timeSec, timeframe)
  if (next === null || next === last) return candles
  return withCandle(candles, next)
}

/** The candles with `candle` as the newest: it replaces the last one of the same period, or opens a new one. */
export function withCandle(candles: readonly Candle[], candle: Candle): readonly Candle[] {
  return candles.at(-1)?.time === candle.time ? [...candles.slice(0, -1), candle] : [...candles, candle]
}

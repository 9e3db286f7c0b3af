// One-minute OHLC candles of one asset in a fixed-size ring (typed arrays: 100 assets x 1,440 candles stay a few
// megabytes and no garbage), with the window's low, high, first open and volume kept up to date as ticks arrive.
import type { Candle } from '../../../src/domain/contract'

export const MINUTE_MS = 60_000

export interface WindowStats {
  open: number
  low: number
  high: number
  volume: number
}

export class MinuteCandles {
  private readonly times: Float64Array
  private readonly opens: Float64Array
  private readonly highs: Float64Array
  private readonly lows: Float64Array
  private readonly closes: Float64Array
  private readonly volumes: Float64Array
  /** Slot of the oldest candle. */
  private head = 0
  private count = 0
  private stats: WindowStats = { open: Number.NaN, low: Infinity, high: -Infinity, volume: 0 }

  constructor(readonly capacity: number) {
    this.times = new Float64Array(capacity)
    this.opens = new Float64Array(capacity)
    this.highs = new Float64Array(capacity)
    this.lows = new Float64Array(capacity)
    this.closes = new Float64Array(capacity)
    this.volumes = new Float64Array(capacity)
  }

  get size(): number {
    return this.count
  }

  /** Low, high, first open and total volume over the candles held. */
  get window(): Readonly<WindowStats> {
    return this.stats
  }

  private slot(index: number): number {
    return (this.head + index) % this.capacity
  }

  private lastSlot(): number {
    return this.slot(this.count - 1)
  }

  /** Start of the newest candle's minute (epoch ms), or undefined when empty. */
  lastTime(): number | undefined {
    return this.count === 0 ? undefined : this.times[this.lastSlot()]
  }

  /**
   * Appends a whole candle (history, oldest first). Evicts the oldest when full. Times must increase; the window
   * figures are recomputed by `recompute()` once the history is in.
   */
  append(timeMs: number, open: number, high: number, low: number, close: number, volume: number): void {
    let slot: number
    if (this.count < this.capacity) {
      slot = this.slot(this.count)
      this.count += 1
    } else {
      slot = this.head
      this.head = (this.head + 1) % this.capacity
    }
    this.times[slot] = timeMs
    this.opens[slot] = open
    this.highs[slot] = high
    this.lows[slot] = low
    this.closes[slot] = close
    this.volumes[slot] = volume
  }

  /** Adds one trade: into the current minute's candle, or a new candle when the minute has moved on. */
  addTick(timeMs: number, price: number, volume: number): void {
    const minute = Math.floor(timeMs / MINUTE_MS) * MINUTE_MS
    const last = this.lastTime()
    // A clock that steps back (tests move it) still lands in the newest candle rather than rewriting history.
    if (last !== undefined && minute <= last) {
      const slot = this.lastSlot()
      if (price > this.highs[slot]!) this.highs[slot] = price
      if (price < this.lows[slot]!) this.lows[slot] = price
      this.closes[slot] = price
      this.volumes[slot] = this.volumes[slot]! + volume
      this.stats.low = Math.min(this.stats.low, price)
      this.stats.high = Math.max(this.stats.high, price)
      this.stats.volume += volume
      return
    }
    const evicts = this.count === this.capacity
    this.append(minute, price, price, price, price, volume)
    if (evicts) {
      // Once a minute per asset: cheaper than any structure that tracks a sliding minimum.
      this.recompute()
    } else {
      if (this.count === 1) this.stats.open = price
      this.stats.low = Math.min(this.stats.low, price)
      this.stats.high = Math.max(this.stats.high, price)
      this.stats.volume += volume
    }
  }

  /** The candles oldest first, six numbers each (time, open, high, low, close, volume), appended to `into`. */
  exportTo(into: number[]): void {
    for (let index = 0; index < this.count; index += 1) {
      const slot = this.slot(index)
      into.push(
        this.times[slot]!,
        this.opens[slot]!,
        this.highs[slot]!,
        this.lows[slot]!,
        this.closes[slot]!,
        this.volumes[slot]!,
      )
    }
  }

  /** Replaces every candle with `count` of them read from `values` at `offset` (exportTo's form). */
  importFrom(values: Float64Array, offset: number, count: number): void {
    this.head = 0
    this.count = 0
    for (let index = 0; index < count; index += 1) {
      const at = offset + index * 6
      this.append(
        values[at]!,
        values[at + 1]!,
        values[at + 2]!,
        values[at + 3]!,
        values[at + 4]!,
        values[at + 5]!,
      )
    }
    this.recompute()
  }

  recompute(): void {
    const stats: WindowStats = { open: Number.NaN, low: Infinity, high: -Infinity, volume: 0 }
    for (let index = 0; index < this.count; index += 1) {
      const slot = this.slot(index)
      if (index === 0) stats.open = this.opens[slot]!
      stats.low = Math.min(stats.low, this.lows[slot]!)
      stats.high = Math.max(stats.high, this.highs[slot]!)
      stats.volume += this.volumes[slot]!
    }
    this.stats = stats
  }

  /**
   * The candles merged into periods of `minutes` (aligned to the epoch, so 1h candles start on the hour), oldest
   * first, at most `limit` of the newest. Prices pass through `round`.
   */
  aggregate(minutes: number, limit: number, round: (price: number) => number): Candle[] {
    const periodMs = minutes * MINUTE_MS
    const merged: Candle[] = []
    let current: Candle | undefined
    let currentStart = Number.NaN
    for (let index = 0; index < this.count; index += 1) {
      const slot = this.slot(index)
      const start = Math.floor(this.times[slot]! / periodMs) * periodMs
      if (current === undefined || start !== currentStart) {
        current = {
          time: start / 1000,
          open: this.opens[slot]!,
          high: this.highs[slot]!,
          low: this.lows[slot]!,
          close: this.closes[slot]!,
        }
        currentStart = start
        merged.push(current)
      } else {
        current.high = Math.max(current.high, this.highs[slot]!)
        current.low = Math.min(current.low, this.lows[slot]!)
        current.close = this.closes[slot]!
      }
    }
    return merged.slice(-limit).map((candle) => ({
      time: candle.time,
      open: round(candle.open),
      high: round(candle.high),
      low: round(candle.low),
      close: round(candle.close),
    }))
  }
}

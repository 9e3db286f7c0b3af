// The market simulator: every asset's price follows a geometric random walk with a volatility typical of its class,
// ticking at a configurable total rate, and only while its market is open. Pure and deterministic: no timers, no
// clock and no I/O inside; the caller passes the time to every call and a seed at construction, so a test can
// replay a session exactly. The price feed (feed.ts) drives it and publishes what it returns.
import type { AssetType, Candle, CandleTimeframe, LivePriceUpdate } from '../../../src/domain/contract'
import { isMarketOpen as defaultIsMarketOpen } from '../../../src/domain/market/trading-hours'
import { MINUTE_MS, MinuteCandles } from './candles'
import { seededRandom, type Random } from './random'

const DAY_MS = 86_400_000
const YEAR_MS = 365.25 * DAY_MS

/**
 * Annualised volatility per class, near what these markets show (crypto 50-80 %, single stocks 25-40 %, broad
 * indices 15-20 %, majors 6-10 %). Each asset gets a fixed share of +/-25 % around its class figure.
 */
export const ANNUAL_VOLATILITY: Readonly<Record<AssetType, number>> = {
  crypto: 0.65,
  stocks: 0.3,
  indices: 0.18,
  commodities: 0.3,
  metals: 0.18,
  forex: 0.08,
}
/** Exotic currency pairs move like emerging-market assets, not like majors. */
const EXOTIC_FACTOR = 2

/**
 * A weak pull of the log price towards the asset's reference level (half-life 30 days): a server left running for
 * months keeps plausible prices instead of drifting off to 0 or 10x, and a day's walk is unaffected.
 */
const MEAN_REVERSION_PER_MS = Math.LN2 / (30 * DAY_MS)
/** After a long close (a weekend), the reopening move is that of at most this long: a gap, not a crash. */
const MAX_STEP_MS = 3 * DAY_MS
/** An event loop that stalled does not produce a burst of catch-up ticks afterwards. */
const MAX_CATCH_UP_MS = 1000
/** History seeding walks back at most this far looking for open minutes (a stock needs ~5 days for 1,440). */
const MAX_HISTORY_LOOKBACK_MS = 14 * DAY_MS
/** Sub-steps per seeded history minute: they give the candle its high and low. */
const HISTORY_SUBSTEPS = 4
const SIGNIFICANT_DIGITS = 8

export const TIMEFRAME_MINUTES: Readonly<Record<CandleTimeframe, number>> = {
  '1m': 1,
  '5m': 5,
  '15m': 15,
  '1h': 60,
}

export interface SimulatedAssetInput {
  /** The feed id (asset_id) that ticks carry. */
  assetId: string
  type: AssetType
  category?: string
  /** The price to start from. */
  rate: number
  /** Typical traded volume per day, in the asset's units; ticks share it out. */
  dailyVolume?: number
  /** Long-run level the walk is pulled towards; defaults to `rate`. */
  reference?: number
}

/**
 * One step of one asset's walk, as a follower instance replays it (decision 0024): the feed id, the unrounded price,
 * when it moved (epoch ms) and the volume it traded.
 */
export type SimulatedMove = [assetId: string, price: number, atMs: number, volume: number]

/** Every asset's walk and candles, to hand a joining instance the leader's market (exportState/importState). */
export interface SimulatorState {
  ids: string[]
  /** Per asset in `ids` order: candle count, price, lastMoveMs, updatedAtMs, then the candles (6 numbers each). */
  values: Float64Array
}

const STATE_HEADER_NUMBERS = 4

export interface SimulatorOptions {
  seed: number
  /** Ticks per second across all open assets. */
  ticksPerSecond: number
  /** Keep every market ticking whatever the hour (tests, weekend demos). */
  ignoreMarketHours?: boolean
  /** How many one-minute candles each asset keeps (and the "24h" figures cover). Default 1,440. */
  historyMinutes?: number
  /** The trading-hours rule; defaults to src/domain/market/trading-hours. */
  isMarketOpen?: (type: AssetType, nowMs: number) => boolean
}

/** The figures the database keeps per asset (persisted by the feed every few seconds). */
export interface QuoteSnapshot {
  assetId: string
  price: number
  low: number
  high: number
  change: number
  changePercent: number
  volume: number
  updatedAtMs: number
}

interface AssetState {
  readonly assetId: string
  readonly type: AssetType
  /** Volatility per square root of a millisecond. */
  readonly sigma: number
  readonly referenceLog: number
  readonly dailyVolume: number
  /** Multiplier that rounds prices to SIGNIFICANT_DIGITS at this asset's magnitude. */
  readonly scale: number
  price: number
  lastMoveMs: number
  /** When the price last changed (epoch ms): the tick's or the snapshot's lastUpdated. */
  updatedAtMs: number
  readonly candles: MinuteCandles
  dirty: boolean
}

/** A stable fraction in [0, 1) per text, so an asset's volatility share survives restarts. */
function unitHash(text: string): number {
  let hash = 2166136261
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619)
  return (hash >>> 0) / 2 ** 32
}

function roundingScale(price: number): number {
  const magnitude = Math.ceil(Math.log10(Math.abs(price) || 1))
  return 10 ** Math.max(0, Math.min(12, SIGNIFICANT_DIGITS - magnitude))
}

const roundTo = (value: number, scale: number) => Math.round(value * scale) / scale

export class MarketSimulator {
  private readonly random: Random
  private readonly states: AssetState[]
  private readonly byId = new Map<string, AssetState>()
  private readonly isOpenRule: (type: AssetType, nowMs: number) => boolean
  private readonly ignoreMarketHours: boolean
  private ticksPerSecond: number
  private lastAdvanceMs: number
  /** Fraction of a tick owed from earlier intervals, so low rates still come out right on average. */
  private carry = 0

  /** Builds the state at `nowMs`, with history simulated backwards so charts have something to show at once. */
  constructor(assets: readonly SimulatedAssetInput[], options: SimulatorOptions, nowMs: number) {
    this.random = seededRandom(options.seed)
    this.ticksPerSecond = options.ticksPerSecond
    this.ignoreMarketHours = options.ignoreMarketHours ?? false
    this.isOpenRule = options.isMarketOpen ?? defaultIsMarketOpen
    this.lastAdvanceMs = nowMs
    const capacity = options.historyMinutes ?? 1440
    this.states = assets.map((asset) => {
      const share = 0.75 + 0.5 * unitHash(asset.assetId)
      const exotic = asset.type === 'forex' && asset.category === 'Exotics' ? EXOTIC_FACTOR : 1
      const annual = ANNUAL_VOLATILITY[asset.type] * share * exotic
      const state: AssetState = {
        assetId: asset.assetId,
        type: asset.type,
        sigma: annual / Math.sqrt(YEAR_MS),
        referenceLog: Math.log(asset.reference && asset.reference > 0 ? asset.reference : asset.rate),
        dailyVolume: asset.dailyVolume ?? 1_000_000,
        scale: roundingScale(asset.rate),
        price: asset.rate,
        lastMoveMs: nowMs,
        updatedAtMs: nowMs,
        candles: new MinuteCandles(capacity),
        dirty: false,
      }
      this.byId.set(state.assetId, state)
      return state
    })
    this.seedHistory(nowMs)
  }

  isOpen(type: AssetType, nowMs: number): boolean {
    return this.ignoreMarketHours || this.isOpenRule(type, nowMs)
  }

  /** Whether this asset's market trades at `nowMs`; undefined for an unknown id. */
  isAssetOpen(assetId: string, nowMs: number): boolean | undefined {
    const state = this.byId.get(assetId)
    return state && this.isOpen(state.type, nowMs)
  }

  setTicksPerSecond(ticksPerSecond: number): void {
    this.ticksPerSecond = ticksPerSecond
  }

  has(assetId: string): boolean {
    return this.byId.has(assetId)
  }

  /**
   * Moves the market from the previous call to `nowMs` and returns the ticks of that interval, in order: about
   * ticksPerSecond x elapsed of them, each on a random open asset. Every tick carries `lastUpdated: nowMs`, the
   * moment the batch leaves the server.
   */
  advance(nowMs: number, moves?: SimulatedMove[]): LivePriceUpdate[] {
    const elapsed = Math.min(Math.max(nowMs - this.lastAdvanceMs, 0), MAX_CATCH_UP_MS)
    const startMs = nowMs - elapsed
    this.lastAdvanceMs = nowMs
    const budget = this.carry + (this.ticksPerSecond * elapsed) / 1000
    const count = Math.floor(budget)
    this.carry = budget - count
    if (count === 0) return []

    const open = this.openStates(nowMs)
    if (open.length === 0) {
      // Nothing trades: owe nothing, or the next open minute would start with a burst.
      this.carry = 0
      return []
    }
    const ticks: LivePriceUpdate[] = new Array(count)
    for (let index = 0; index < count; index += 1) {
      const state = open[Math.floor(this.random.next() * open.length)]!
      // Ticks are spread over the interval, so several ticks of one asset in one batch each move it.
      const atMs = startMs + ((index + 1) * elapsed) / count
      const volume = this.move(state, atMs)
      moves?.push([state.assetId, state.price, atMs, volume])
      state.updatedAtMs = nowMs
      ticks[index] = this.quoteOf(state, nowMs)
    }
    return ticks
  }

  /**
   * Replays the leader's moves (a follower instance, decision 0024): the same prices, candles and volumes, so that
   * this instance prices trades and answers charts as the leader does. `nowMs` is the batch's lastUpdated.
   */
  follow(moves: readonly SimulatedMove[], nowMs: number): void {
    for (const [assetId, price, atMs, volume] of moves) {
      const state = this.byId.get(assetId)
      if (!state || !(price > 0)) continue
      state.price = price
      state.lastMoveMs = atMs
      state.updatedAtMs = nowMs
      state.dirty = true
      state.candles.addTick(atMs, price, volume)
    }
    this.lastAdvanceMs = Math.max(this.lastAdvanceMs, nowMs)
  }

  /**
   * Takes over the walk at `nowMs` (this instance became the leader): nothing is owed for the time it followed, so
   * the first batch is one interval's worth of ticks, not a catch-up burst.
   */
  resumeAt(nowMs: number): void {
    this.lastAdvanceMs = nowMs
    this.carry = 0
  }

  exportState(): SimulatorState {
    const numbers: number[] = []
    for (const state of this.states) {
      numbers.push(state.candles.size, state.price, state.lastMoveMs, state.updatedAtMs)
      state.candles.exportTo(numbers)
    }
    return { ids: this.states.map((state) => state.assetId), values: Float64Array.from(numbers) }
  }

  /** Adopts the leader's market (exportState's form); assets this instance does not know are skipped. */
  importState({ ids, values }: SimulatorState): void {
    let offset = 0
    for (const assetId of ids) {
      const count = values[offset]
      if (count === undefined || offset + STATE_HEADER_NUMBERS + count * 6 > values.length) return
      const state = this.byId.get(assetId)
      if (state) {
        state.price = values[offset + 1]!
        state.lastMoveMs = values[offset + 2]!
        state.updatedAtMs = values[offset + 3]!
        state.dirty = true
        // A longer history than this instance keeps: the ring keeps the newest.
        state.candles.importFrom(values, offset + STATE_HEADER_NUMBERS, count)
      }
      offset += STATE_HEADER_NUMBERS + count * 6
    }
  }

  /** The asset's current figures, or undefined for an unknown id. */
  quote(assetId: string): LivePriceUpdate | undefined {
    const state = this.byId.get(assetId)
    return state && this.quoteOf(state, state.updatedAtMs)
  }

  /** Every asset's current figures (the price feed's data:all). */
  snapshot(): LivePriceUpdate[] {
    return this.states.map((state) => this.quoteOf(state, state.updatedAtMs))
  }

  /** The assets whose price moved since the previous call, for persisting. */
  takeChanged(): QuoteSnapshot[] {
    const changed: QuoteSnapshot[] = []
    for (const state of this.states) {
      if (!state.dirty) continue
      state.dirty = false
      const quote = this.quoteOf(state, state.updatedAtMs)
      changed.push({
        assetId: state.assetId,
        price: quote.price,
        low: quote.priceLow24h ?? quote.price,
        high: quote.priceHigh24h ?? quote.price,
        change: quote.change24h ?? 0,
        changePercent: quote.changePercent24h ?? 0,
        volume: quote.volume24h ?? 0,
        updatedAtMs: state.updatedAtMs,
      })
    }
    return changed
  }

  /** Chart candles for an asset, oldest first, at most `limit`; undefined for an unknown id. */
  candles(assetId: string, timeframe: CandleTimeframe, limit: number): Candle[] | undefined {
    const state = this.byId.get(assetId)
    if (!state) return undefined
    return state.candles.aggregate(TIMEFRAME_MINUTES[timeframe], limit, (price) =>
      roundTo(price, state.scale),
    )
  }

  private openStates(nowMs: number): AssetState[] {
    if (this.ignoreMarketHours) return this.states
    const openByType = new Map<AssetType, boolean>()
    return this.states.filter((state) => {
      let open = openByType.get(state.type)
      if (open === undefined) {
        open = this.isOpenRule(state.type, nowMs)
        openByType.set(state.type, open)
      }
      return open
    })
  }

  /** One step of the walk to `atMs`: log-normal, volatility scaled by the time since the asset last moved. */
  private move(state: AssetState, atMs: number): number {
    const dt = Math.min(Math.max(atMs - state.lastMoveMs, 1), MAX_STEP_MS)
    const logPrice = Math.log(state.price)
    const pull = MEAN_REVERSION_PER_MS * dt * (logPrice - state.referenceLog)
    const drift = -0.5 * state.sigma * state.sigma * dt - pull
    state.price = Math.exp(logPrice + drift + state.sigma * Math.sqrt(dt) * this.random.normal())
    state.lastMoveMs = atMs
    state.dirty = true
    const volume = ((state.dailyVolume * dt) / DAY_MS) * Math.exp(0.5 * this.random.normal() - 0.125)
    state.candles.addTick(atMs, state.price, volume)
    return volume
  }

  private quoteOf(state: AssetState, lastUpdated: number): LivePriceUpdate {
    const window = state.candles.window
    const open = state.candles.size > 0 ? window.open : state.price
    const change = state.price - open
    return {
      id: state.assetId,
      price: roundTo(state.price, state.scale),
      priceLow24h: roundTo(Math.min(window.low, state.price), state.scale),
      priceHigh24h: roundTo(Math.max(window.high, state.price), state.scale),
      change24h: roundTo(change, state.scale),
      changePercent24h: roundTo((change / open) * 100, 10_000),
      volume24h: roundTo(window.volume, 100),
      lastUpdated,
    }
  }

  /**
   * Fills each asset's candles with the minutes before `nowMs`, walking backwards from today's price through open
   * minutes only, so the newest candle closes at the current price and closed hours stay gaps, as on a real chart.
   */
  private seedHistory(nowMs: number): void {
    const currentMinute = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS
    const openCache = new Map<AssetType, Map<number, boolean>>()
    const openAt = (type: AssetType, minute: number) => {
      if (this.ignoreMarketHours) return true
      let byMinute = openCache.get(type)
      if (!byMinute) openCache.set(type, (byMinute = new Map()))
      let open = byMinute.get(minute)
      if (open === undefined) byMinute.set(minute, (open = this.isOpenRule(type, minute)))
      return open
    }
    const substepMs = MINUTE_MS / HISTORY_SUBSTEPS

    for (const state of this.states) {
      const history: number[][] = []
      let close = state.price
      for (
        let minute = currentMinute - MINUTE_MS;
        history.length < state.candles.capacity && minute >= currentMinute - MAX_HISTORY_LOOKBACK_MS;
        minute -= MINUTE_MS
      ) {
        if (!openAt(state.type, minute)) continue
        let price = close
        let high = close
        let low = close
        for (let step = 0; step < HISTORY_SUBSTEPS; step += 1) {
          price *= Math.exp(-state.sigma * Math.sqrt(substepMs) * this.random.normal())
          high = Math.max(high, price)
          low = Math.min(low, price)
        }
        const volume = (state.dailyVolume / 1440) * Math.exp(0.5 * this.random.normal() - 0.125)
        history.push([minute, price, high, low, close, volume])
        close = price
      }
      for (let index = history.length - 1; index >= 0; index -= 1) {
        const [time, open, high, low, candleClose, volume] = history[index] as [
          number,
          number,
          number,
          number,
          number,
          number,
        ]
        state.candles.append(time, open, high, low, candleClose, volume)
      }
      state.candles.recompute()
    }
  }
}

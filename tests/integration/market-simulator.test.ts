// Unit tests of the pure market simulator; they live here rather than in tests/unit because tsconfig.node.json is
// the project that type-checks server code. A seed and the times passed in decide everything, so these tests
// replay sessions exactly: rate, market hours, class volatility, the 24 h figures and the candles.
import { describe, expect, it } from 'vitest'
import { isValidTick, type AssetType, type LivePriceUpdate } from '../../src/domain/contract'
import { isMarketOpen } from '../../src/domain/market/trading-hours'
import { MarketSimulator, type SimulatedAssetInput } from '../../server/realtime/prices/simulator'

const ASSETS: SimulatedAssetInput[] = [
  { assetId: 'btcusd', type: 'crypto', rate: 97_250, dailyVolume: 30_000 },
  { assetId: 'ethusd', type: 'crypto', rate: 3_420 },
  { assetId: 'shibusd', type: 'crypto', rate: 0.0000221 },
  { assetId: 'aapl', type: 'stocks', rate: 228.5 },
  { assetId: 'msft', type: 'stocks', rate: 425.2 },
  { assetId: 'spy', type: 'indices', rate: 591.2 },
  { assetId: 'usoil', type: 'commodities', rate: 71.8 },
  { assetId: 'xauusd', type: 'metals', rate: 2652.4 },
  { assetId: 'eurusd', type: 'forex', rate: 1.085 },
  { assetId: 'usdjpy', type: 'forex', rate: 151.5 },
  { assetId: 'usdtry', type: 'forex', category: 'Exotics', rate: 34.4 },
]
const TYPE_OF = new Map(ASSETS.map((asset) => [asset.assetId, asset.type]))

const WEDNESDAY_NOON_NY = Date.parse('2026-07-15T16:00:00Z')
const SATURDAY_NOON = Date.parse('2026-07-18T12:00:00Z')

function simulator(
  overrides: Partial<ConstructorParameters<typeof MarketSimulator>[1]> = {},
  now = WEDNESDAY_NOON_NY,
) {
  return new MarketSimulator(ASSETS, { seed: 1, ticksPerSecond: 200, ...overrides }, now)
}

/** Advances in 50 ms steps for `seconds`, returning every batch. */
function run(sim: MarketSimulator, from: number, seconds: number, stepMs = 50): LivePriceUpdate[][] {
  const batches: LivePriceUpdate[][] = []
  for (let t = from + stepMs; t <= from + seconds * 1000; t += stepMs) batches.push(sim.advance(t))
  return batches
}

function stdDev(values: number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length)
}

describe('MarketSimulator', () => {
  it('replays exactly from the same seed and clock, and differs with another seed', () => {
    const first = run(simulator(), WEDNESDAY_NOON_NY, 5)
    const again = run(simulator(), WEDNESDAY_NOON_NY, 5)
    const other = run(simulator({ seed: 2 }), WEDNESDAY_NOON_NY, 5)
    expect(again).toEqual(first)
    expect(other).not.toEqual(first)
  })

  it('emits ticksPerSecond x elapsed ticks, spread over open assets, each a valid tick stamped with the batch time', () => {
    const sim = simulator()
    const batches = run(sim, WEDNESDAY_NOON_NY, 10)
    const ticks = batches.flat()
    // The fraction owed carries over, so the count is exact to one tick.
    expect(Math.abs(ticks.length - 2_000)).toBeLessThanOrEqual(1)
    for (const [index, batch] of batches.entries()) {
      expect(batch.length).toBeGreaterThanOrEqual(9)
      expect(batch.length).toBeLessThanOrEqual(11)
      for (const tick of batch) {
        expect(isValidTick(tick)).toBe(true)
        expect(tick.lastUpdated).toBe(WEDNESDAY_NOON_NY + (index + 1) * 50)
        expect(tick.priceLow24h).toBeLessThanOrEqual(tick.price)
        expect(tick.priceHigh24h).toBeGreaterThanOrEqual(tick.price)
      }
    }
    expect(new Set(ticks.map((tick) => tick.id))).toEqual(new Set(ASSETS.map((asset) => asset.assetId)))
  })

  it('keeps low rates right on average and sends no burst after a stall', () => {
    const slow = simulator({ ticksPerSecond: 3 })
    expect(run(slow, WEDNESDAY_NOON_NY, 20).flat().length).toBe(60)

    const stalled = simulator({ ticksPerSecond: 1_000 })
    stalled.advance(WEDNESDAY_NOON_NY + 50)
    // Ten seconds without a call (a blocked event loop): at most one second's worth comes out.
    expect(stalled.advance(WEDNESDAY_NOON_NY + 10_050).length).toBeLessThanOrEqual(1_000)
  })

  it('is quiet on closed markets: on a Saturday only crypto ticks, unless told to ignore market hours', () => {
    const weekend = run(simulator({}, SATURDAY_NOON), SATURDAY_NOON, 5).flat()
    expect(weekend.length).toBe(1_000)
    for (const tick of weekend) expect(TYPE_OF.get(tick.id)).toBe('crypto')

    const demo = run(simulator({ ignoreMarketHours: true }, SATURDAY_NOON), SATURDAY_NOON, 5).flat()
    expect(new Set(demo.map((tick) => TYPE_OF.get(tick.id)))).toEqual(
      new Set<AssetType>(['crypto', 'stocks', 'indices', 'commodities', 'metals', 'forex']),
    )
  })

  it('gives each class its volatility: crypto above stocks above forex', () => {
    const sim = simulator({ ignoreMarketHours: true })
    const volatility = (assetId: string) => {
      const closes = (sim.candles(assetId, '1m', 1440) ?? []).map((candle) => candle.close)
      return stdDev(closes.slice(1).map((close, index) => Math.log(close / (closes[index] ?? close))))
    }
    const crypto = volatility('btcusd')
    const stocks = volatility('aapl')
    const forex = volatility('eurusd')
    expect(crypto).toBeGreaterThan(stocks)
    expect(stocks).toBeGreaterThan(forex)
    expect(volatility('usdtry')).toBeGreaterThan(forex)
    // Per-minute moves of realistic size: a few hundredths of a percent for a major pair.
    expect(forex).toBeGreaterThan(0.00003)
    expect(forex).toBeLessThan(0.0005)
  })

  it('seeds a day of one-minute history ending at the current price, in open minutes only', () => {
    const sim = simulator()
    for (const asset of ASSETS) {
      const candles = sim.candles(asset.assetId, '1m', 1440) ?? []
      expect(candles).toHaveLength(1440)
      expect(candles.at(-1)?.close).toBeCloseTo(asset.rate, 6)
      expect(candles.at(-1)?.time).toBe(WEDNESDAY_NOON_NY / 1000 - 60)
      for (const candle of candles) {
        expect(isMarketOpen(asset.type, candle.time * 1000), `${asset.assetId} ${candle.time}`).toBe(true)
        expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close))
        expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close))
      }
    }
  })

  it('aggregates candles into aligned periods and builds the current one from live ticks', () => {
    const sim = simulator({ ignoreMarketHours: true, ticksPerSecond: 2_000 })
    run(sim, WEDNESDAY_NOON_NY, 90)
    const minutes = sim.candles('btcusd', '1m', 1440) ?? []
    const hours = sim.candles('btcusd', '1h', 100) ?? []
    expect(minutes.at(-1)?.time).toBe((WEDNESDAY_NOON_NY + 60_000) / 1000)
    expect(minutes.at(-1)?.close).toBe(sim.quote('btcusd')?.price)
    for (const candle of hours) expect(candle.time % 3600).toBe(0)
    const lastHour = hours.at(-1)
    const inLastHour = minutes.filter((candle) => candle.time >= (lastHour?.time ?? 0))
    expect(lastHour?.high).toBe(Math.max(...inLastHour.map((candle) => candle.high)))
    expect(lastHour?.low).toBe(Math.min(...inLastHour.map((candle) => candle.low)))
    expect(lastHour?.open).toBe(inLastHour[0]?.open)
    expect(sim.candles('btcusd', '5m', 3)).toHaveLength(3)
    expect(sim.candles('nope', '1m', 10)).toBeUndefined()
  })

  it('reports 24 h figures consistent with the price, and the assets that changed once', () => {
    const sim = simulator({ ignoreMarketHours: true })
    run(sim, WEDNESDAY_NOON_NY, 5)
    for (const tick of sim.snapshot()) {
      const open = tick.price - (tick.change24h ?? 0)
      expect(tick.changePercent24h).toBeCloseTo(((tick.change24h ?? 0) / open) * 100, 2)
      expect(tick.volume24h).toBeGreaterThan(0)
    }
    const changed = sim.takeChanged()
    expect(changed.length).toBe(ASSETS.length)
    expect(changed.find((quote) => quote.assetId === 'btcusd')?.price).toBe(sim.quote('btcusd')?.price)
    expect(sim.takeChanged()).toEqual([])
  })

  it('keeps tiny prices precise', () => {
    const sim = simulator({ ignoreMarketHours: true })
    run(sim, WEDNESDAY_NOON_NY, 5)
    const shib = sim.quote('shibusd')
    expect(shib?.price).toBeGreaterThan(0.00001)
    expect(shib?.price).toBeLessThan(0.0001)
    expect(String(shib?.price).replace(/^0\.0*/, '').length).toBeGreaterThanOrEqual(5)
  })
})

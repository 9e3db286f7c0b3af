// The live price feed with the real socket.io client (websocket transport, as the browser hub uses it): the API
// key check, data:all then data:update batches at the configured rate, quiet closed markets, the chart candles,
// persistence to GET /assets, and the feed's metrics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AssetsResponseSchema,
  CandlesResponseSchema,
  DataAllSchema,
  isValidTick,
  LivePriceUpdateSchema,
  PRICE_EVENTS,
  PRICE_FEED,
  type LivePriceUpdate,
} from '../../src/domain/contract'
import { isMarketOpen } from '../../src/domain/market/trading-hours'
import { listenTestApp, movableClock, type ListeningServer } from './support/test-server'
import {
  closeAllClients,
  eventually,
  metricValue,
  priceClient,
  sleep,
  waitFor,
} from './support/realtime-clients'

const API_KEY = 'price-feed-test-key'
const TICKS_PER_SECOND = 200
const EMIT_INTERVAL_MS = 50

let server: ListeningServer
/** A second server whose clock reads a Saturday: only crypto trades. */
let weekend: ListeningServer
let assetIds: string[]
let cryptoIds: Set<string>

/** Saturday 12:00 UTC after today: forex, stocks, indices, commodities and metals are all closed. */
function nextSaturdayNoonUtc(): number {
  const date = new Date()
  date.setUTCHours(12, 0, 0, 0)
  date.setUTCDate(date.getUTCDate() + ((6 - date.getUTCDay() + 7) % 7 || 7))
  return date.getTime()
}

function connected(baseUrl: string, auth: Record<string, unknown> | undefined = { apiKey: API_KEY }) {
  const socket = priceClient(baseUrl, auth)
  return waitFor<typeof socket>('price socket connected', (deliver) =>
    socket.on('connect', () => deliver(socket)),
  )
}

async function subscribeAll(baseUrl: string) {
  const socket = await connected(baseUrl)
  const all = waitFor<unknown>('data:all', (deliver) => socket.once(PRICE_EVENTS.DATA_ALL, deliver))
  socket.emit(PRICE_EVENTS.SUBSCRIBE_ALL)
  return { socket, all: DataAllSchema.parse(await all) }
}

async function collectBatches(socket: ReturnType<typeof priceClient>, durationMs: number) {
  const batches: unknown[][] = []
  const onBatch = (batch: unknown[]) => batches.push(batch)
  socket.on(PRICE_EVENTS.DATA_UPDATE, onBatch)
  await sleep(durationMs)
  socket.off(PRICE_EVENTS.DATA_UPDATE, onBatch)
  return batches
}

beforeAll(async () => {
  const clock = movableClock()
  clock.advance(nextSaturdayNoonUtc() - Date.now())
  const prices = {
    apiKey: API_KEY,
    ticksPerSecond: TICKS_PER_SECOND,
    emitIntervalMs: EMIT_INTERVAL_MS,
    seed: 7,
  }
  ;[server, weekend] = await Promise.all([
    listenTestApp({ realtime: { prices: { ...prices, ignoreMarketHours: true, persistIntervalMs: 300 } } }),
    listenTestApp({ now: clock.now, realtime: { prices: { ...prices, ignoreMarketHours: false } } }),
  ])
  const assets = AssetsResponseSchema.parse((await server.app.inject({ url: '/api/v1/assets' })).json()).data
  assetIds = assets.map((asset) => asset.asset_id)
  cryptoIds = new Set(assets.filter((asset) => asset.type === 'crypto').map((asset) => asset.asset_id))
})
afterAll(async () => {
  closeAllClients()
  await Promise.all([server?.close(), weekend?.close()])
})

describe('the handshake', () => {
  it("refuses a wrong or missing API key with connect_error 'unauthorized'", async () => {
    for (const auth of [{ apiKey: 'wrong' }, { apiKey: '' }, { apiKey: 42 }, {}, undefined]) {
      const socket = priceClient(server.baseUrl, auth)
      const error = await waitFor<Error>('connect_error', (deliver) => socket.on('connect_error', deliver))
      expect(error.message).toBe(PRICE_FEED.UNAUTHORIZED)
      expect(socket.connected).toBe(false)
    }
  })

  it('accepts the key the settings publish', async () => {
    const settings = (await server.app.inject({ url: '/api/v1/settings' })).json()
    expect(settings.data.realtime.prices).toEqual({ apiKey: API_KEY })
    const socket = await connected(server.baseUrl, { apiKey: settings.data.realtime.prices.apiKey })
    expect(socket.connected).toBe(true)
  })
})

describe('prices', () => {
  it('answers subscribe:all with data:all holding every asset', async () => {
    const { all } = await subscribeAll(server.baseUrl)
    expect(all.success).toBe(true)
    expect(all.data.map((tick) => tick.id).sort()).toEqual([...assetIds].sort())
    for (const tick of all.data) {
      expect(isValidTick(tick)).toBe(true)
      expect(tick.price).toBeGreaterThan(0)
      expect(tick.priceLow24h).toBeLessThanOrEqual(tick.price)
      expect(tick.priceHigh24h).toBeGreaterThanOrEqual(tick.price)
    }
  })

  it('then sends data:update batches of valid ticks at about the configured rate', async () => {
    const { socket } = await subscribeAll(server.baseUrl)
    const startedAt = Date.now()
    const batches = await collectBatches(socket, 2_000)
    const ticks = batches.flat()
    const seconds = (Date.now() - startedAt) / 1000

    // One batch per emit interval, each holding every tick of that interval.
    expect(batches.length).toBeGreaterThan((0.5 * seconds * 1000) / EMIT_INTERVAL_MS)
    expect(batches.length).toBeLessThanOrEqual((seconds * 1000) / EMIT_INTERVAL_MS + 2)
    expect(ticks.length).toBeGreaterThan(0.6 * TICKS_PER_SECOND * seconds)
    expect(ticks.length).toBeLessThan(1.3 * TICKS_PER_SECOND * seconds)
    for (const batch of batches) {
      expect(Array.isArray(batch)).toBe(true)
      const emittedAt = (batch[0] as LivePriceUpdate).lastUpdated
      for (const raw of batch) {
        const tick = LivePriceUpdateSchema.parse(raw)
        expect(isValidTick(tick)).toBe(true)
        expect(assetIds).toContain(tick.id)
        // lastUpdated is the server's emit time (epoch ms): the same for the whole batch, and recent.
        expect(tick.lastUpdated).toBe(emittedAt)
        expect(tick.lastUpdated).toBeGreaterThan(startedAt - 1_000)
        expect(tick.lastUpdated).toBeLessThanOrEqual(Date.now())
      }
    }
    // Several assets move, not one.
    expect(new Set(ticks.map((tick) => (tick as LivePriceUpdate).id)).size).toBeGreaterThan(30)
  })

  it('sends nothing to a client that has not subscribed', async () => {
    const socket = await connected(server.baseUrl)
    expect(await collectBatches(socket, 400)).toEqual([])
  })

  it("keeps the server's price for trades: app.prices.current follows the ticks", async () => {
    const { socket } = await subscribeAll(server.baseUrl)
    const batch = await waitFor<LivePriceUpdate[]>('a batch', (deliver) =>
      socket.once(PRICE_EVENTS.DATA_UPDATE, deliver),
    )
    const tick = batch.at(-1) as LivePriceUpdate
    const current = server.app.prices.current(tick.id)
    expect(current?.price).toBeGreaterThan(0)
    expect(current?.lastUpdated).toBeGreaterThanOrEqual(tick.lastUpdated ?? 0)
    expect(server.app.prices.current('no-such-asset')).toBeUndefined()
  })

  it('stays quiet on closed markets: on a Saturday only crypto ticks', async () => {
    const { socket, all } = await subscribeAll(weekend.baseUrl)
    // data:all still lists every asset, closed ones at their last price.
    expect(all.data).toHaveLength(assetIds.length)
    const ticks = (await collectBatches(socket, 1_500)).flat() as LivePriceUpdate[]
    expect(ticks.length).toBeGreaterThan(50)
    for (const tick of ticks) expect(cryptoIds.has(tick.id), tick.id).toBe(true)
    expect(isMarketOpen('forex', weekend.app.now().getTime())).toBe(false)
  })

  it('persists the moving prices, so GET /assets is fresh', async () => {
    const before = AssetsResponseSchema.parse(
      (await server.app.inject({ url: '/api/v1/assets' })).json(),
    ).data
    await eventually(async () => {
      const after = AssetsResponseSchema.parse(
        (await server.app.inject({ url: '/api/v1/assets' })).json(),
      ).data
      const moved = after.filter((asset, index) => asset.rate !== before[index]?.rate)
      expect(moved.length).toBeGreaterThan(10)
      for (const asset of moved) {
        expect(Date.now() - Date.parse(asset.updated_at)).toBeLessThan(5_000)
        expect(asset.buy_price).toBeCloseTo(asset.rate * (1 + asset.buy_spread), 6)
        expect(Math.abs(asset.rate - (server.app.prices.current(asset.asset_id)?.price ?? 0))).toBeLessThan(
          asset.rate * 0.01,
        )
      }
    })
  })

  it('shows connections and emitted ticks on /metrics', async () => {
    await subscribeAll(server.baseUrl)
    await eventually(async () => {
      const text = (await server.app.inject({ url: '/metrics' })).body
      expect(metricValue(text, 'price_feed_connections')).toBeGreaterThanOrEqual(1)
      expect(metricValue(text, 'price_ticks_emitted_total')).toBeGreaterThan(0)
    })
    closeAllClients()
    await eventually(async () => {
      const text = (await server.app.inject({ url: '/metrics' })).body
      expect(metricValue(text, 'price_feed_connections')).toBe(0)
    })
  })
})

describe('GET /assets/{id}/candles', () => {
  const get = (path: string) => server.app.inject({ url: `/api/v1/assets/${path}` })

  it('answers { data: [{ time, open, high, low, close }] }, oldest first, per timeframe', async () => {
    // 1,440 minutes of history: 500 one-minute candles (the default limit), ~289 of 5m, ~97 of 15m, ~25 of 1h.
    for (const [tf, seconds, atLeast] of [
      ['1m', 60, 500],
      ['5m', 300, 280],
      ['15m', 900, 90],
      ['1h', 3600, 24],
    ] as const) {
      const response = await get(`btcusd/candles?tf=${tf}`)
      expect(response.statusCode).toBe(200)
      const candles = CandlesResponseSchema.parse(response.json()).data
      expect(candles.length).toBeGreaterThanOrEqual(atLeast)
      for (const [index, candle] of candles.entries()) {
        expect(candle.time % seconds).toBe(0)
        if (index > 0) expect(candle.time).toBeGreaterThan(candles[index - 1]?.time ?? Infinity)
        expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close))
        expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close))
      }
      // The newest candle is the current period's, ending at the current price.
      expect((candles.at(-1)?.time ?? 0) * 1000).toBeGreaterThan(Date.now() - 2 * seconds * 1000)
    }
  })

  it('takes the numeric id or the asset_id, a limit, and needs no sign-in', async () => {
    const assets = AssetsResponseSchema.parse(
      (await server.app.inject({ url: '/api/v1/assets' })).json(),
    ).data
    const eurusd = assets.find((asset) => asset.asset_id === 'eurusd')
    const byId = CandlesResponseSchema.parse((await get(`${eurusd?.id}/candles?tf=5m&limit=10`)).json()).data
    expect(byId).toHaveLength(10)
    const byAssetId = CandlesResponseSchema.parse((await get('eurusd/candles?tf=5m&limit=10')).json()).data
    expect(byAssetId.map((candle) => candle.time)).toEqual(byId.map((candle) => candle.time))
  })

  it('answers 404 for an unknown asset and 422 for a bad timeframe or limit', async () => {
    expect((await get('nosuchasset/candles')).statusCode).toBe(404)
    expect((await get('999999/candles')).statusCode).toBe(404)
    for (const query of ['tf=2m', 'tf=1d', 'tf=', 'limit=0', 'limit=100000', 'limit=abc']) {
      const response = await get(`btcusd/candles?${query}`)
      expect(response.statusCode, query).toBe(422)
      expect(response.json()).toHaveProperty('message')
    }
  })
})

// Decision 0024: two real server processes on one PostgreSQL database and one Redis behave as one. Each line of the
// issue's table is a test here: events cross instances, both stream the same prices, a stop-loss fires once after
// the instance that opened the trade is gone, leadership moves within 5 s of the leader's SIGKILL with prices
// flowing on, and /readyz answers 503 while Redis is down and 200 again once it is back.
// (Shared rate limits and uploads have their own files: rate-limit-shared-in-redis, uploads-shared-on-postgresql.)
import pg from 'pg'
import type { Socket } from 'socket.io-client'
import { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  API_PREFIX,
  CHANNELS,
  PRICE_EVENTS,
  PUSH_EVENTS,
  type Asset,
  type LivePriceUpdate,
  type Trade,
} from '../../src/domain/contract'
import { subscribeRecording, tokenPusher } from './support/back-office'
import {
  readiness,
  startInstance,
  startRedisServer,
  type Instance,
  type RedisServer,
} from './support/cluster'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { closeAllClients, eventually, priceClient, sleep, waitFor } from './support/realtime-clients'
import { order } from './support/trading'
import { DEMO_ADMIN, DEMO_CUSTOMER } from './support/test-server'

const hasPostgres = await postgresReachable('cluster')

// Fast ticks, so a level close to the price is crossed within seconds; every market open, whatever the day.
const INSTANCE_ENV = {
  PRICE_TICKS_PER_SECOND: '400',
  PRICE_IGNORE_MARKET_HOURS: 'true',
  PRICE_HISTORY_MINUTES: '60',
  RATE_LIMIT_MULTIPLIER: '100',
}
const TAKEOVER_LIMIT_MS = 5_000

let database: ThrowawayDatabase
let redis: RedisServer
const instances = new Map<string, Instance>()

async function start(name: string): Promise<Instance> {
  const instance = await startInstance({
    name,
    databaseUrl: database.url,
    redisUrl: redis.url,
    env: INSTANCE_ENV,
  })
  instances.set(name, instance)
  return instance
}

async function api<T>(instance: Instance, path: string, init: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${instance.baseUrl}${API_PREFIX}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      'idempotency-key': `cluster-${crypto.randomUUID()}`,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  return {
    status: response.status,
    body: (await response.json()) as T,
    servedBy: response.headers.get('x-served-by'),
  }
}

async function signIn(instance: Instance, credentials: { email: string; password: string }) {
  const answer = await api<{ data: { token: string; user: { id: number } } }>(instance, '/auth/login', {
    body: credentials,
  })
  expect(answer.status).toBe(200)
  return { token: answer.body.data.token, id: answer.body.data.user.id }
}

async function leaderOf(instance: Instance): Promise<string | null> {
  return (await readiness(instance)).body.leader
}

/** Every data:update batch a price socket on `instance` receives. */
async function recordPrices(instance: Instance, apiKey: string) {
  const socket: Socket = priceClient(instance.baseUrl, { apiKey })
  const batches: LivePriceUpdate[][] = []
  socket.on(PRICE_EVENTS.DATA_UPDATE, (ticks: LivePriceUpdate[]) => batches.push(ticks))
  await waitFor('price socket connected', (deliver) => socket.on('connect', () => deliver(true)), 15_000)
  socket.emit(PRICE_EVENTS.SUBSCRIBE_ALL)
  return { socket, batches }
}

const tickKey = (tick: LivePriceUpdate) => `${tick.id}@${tick.lastUpdated}=${tick.price}`

describe.skipIf(!hasPostgres)('two instances on one PostgreSQL and one Redis', () => {
  let a: Instance
  let b: Instance
  let pusherKey: string
  let priceKey: string
  let btcusd: Asset

  beforeAll(async () => {
    database = await createThrowawayDatabase()
    redis = await startRedisServer()
    // One after the other: the first migrates and seeds, and leads.
    a = await start('a')
    await eventually(async () => expect(await leaderOf(a)).toBe('a'), 10_000)
    b = await start('b')
    await eventually(async () => expect((await readiness(b)).statusCode).toBe(200), 10_000)
    const settings = await api<{
      data: { realtime: { pusher: { key: string }; prices: { apiKey: string } } }
    }>(a, '/settings')
    pusherKey = settings.body.data.realtime.pusher.key
    priceKey = settings.body.data.realtime.prices.apiKey
    const assets = await api<{ data: Asset[] }>(a, '/assets')
    btcusd = assets.body.data.find((asset) => asset.symbol === 'BTCUSD')!
  }, 120_000)

  afterAll(async () => {
    closeAllClients()
    await Promise.all([...instances.values()].map((instance) => instance.stop('SIGKILL')))
    await redis?.stop()
    await database?.drop()
  }, 60_000)

  it('names the instance that answered, and both are ready with one leader', async () => {
    expect((await api(a, '/settings')).servedBy).toBe('a')
    expect((await api(b, '/settings')).servedBy).toBe('b')
    const [readyA, readyB] = await Promise.all([readiness(a), readiness(b)])
    expect(readyA).toMatchObject({ statusCode: 200, body: { status: 'ready', leader: 'a' } })
    expect(readyB).toMatchObject({ statusCode: 200, body: { status: 'ready', leader: 'a' } })
    expect((await fetch(`${b.baseUrl}/healthz`)).status).toBe(200)
    // The sockets' handshakes too: behind a balancer, where a socket landed is otherwise invisible.
    const servedBy = (url: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        const ws = new WebSocket(url, { headers: { origin: new URL(url.replace('ws', 'http')).origin } })
        ws.on('upgrade', (response) => {
          resolve(response.headers['x-served-by'] as string | undefined)
          ws.terminate()
        })
        ws.on('error', reject)
      })
    const socketUrl = (instance: Instance, path: string) => `${instance.baseUrl.replace('http', 'ws')}${path}`
    expect(await servedBy(socketUrl(a, `/app/${pusherKey}?protocol=7`))).toBe('a')
    expect(await servedBy(socketUrl(b, '/socket.io/?EIO=4&transport=websocket'))).toBe('b')
  })

  it('streams the same prices from both instances', async () => {
    const onA = await recordPrices(a, priceKey)
    const onB = await recordPrices(b, priceKey)
    await sleep(2_000)
    // The batches both sockets saw while both were listening: the same ticks, the same figures.
    const seenOnA = new Set(onA.batches.flat().map(tickKey))
    const seenOnB = onB.batches.flat().map(tickKey)
    expect(seenOnB.length).toBeGreaterThan(100)
    const common = seenOnB.filter((key) => seenOnA.has(key))
    expect(common.length).toBeGreaterThan(seenOnB.length * 0.8)
    // The server's price, as each instance would trade at it, is the same too.
    const quotes = await Promise.all([a, b].map((instance) => api<{ data: Asset[] }>(instance, '/assets')))
    expect(quotes[0]!.status).toBe(200)
    // And the charts agree: the joiner took the leader's candles.
    const candles = await Promise.all(
      [a, b].map((instance) =>
        api<{ data: { time: number; open: number }[] }>(
          instance,
          `/assets/${btcusd.asset_id}/candles?limit=30`,
        ),
      ),
    )
    const opens = candles.map((answer) =>
      answer.body.data.slice(0, -2).map((candle) => `${candle.time}:${candle.open}`),
    )
    expect(opens[0]!.length).toBeGreaterThan(10)
    expect(opens[1]).toEqual(opens[0])
  })

  it('delivers a trade event and a chat message published on one instance to a subscriber on the other', async () => {
    const customer = await signIn(a, DEMO_CUSTOMER)
    const admin = await signIn(b, DEMO_ADMIN)
    // The customer's socket on A (authorised by B: the load balancer may send the auth call anywhere).
    const customerSocket = await tokenPusher(a.baseUrl, pusherKey, customer.token)
    const trades = await subscribeRecording(customerSocket, CHANNELS.trade(customer.id))
    const chatOnA = await subscribeRecording(customerSocket, CHANNELS.chatCustomer(customer.id))
    // The admin's socket on B.
    const adminSocket = await tokenPusher(b.baseUrl, pusherKey, admin.token)
    const chatOnB = await subscribeRecording(adminSocket, CHANNELS.chatCustomer(customer.id))

    // Opened on B, closed on A: both events reach the customer's socket on A.
    const opened = trades.next(PUSH_EVENTS.TRADE_UPDATED, 10_000)
    const open = await api<{ data: Trade }>(b, '/trades/store', {
      token: customer.token,
      body: order(btcusd, 'buy', 0.01),
    })
    expect(open.status).toBe(201)
    expect(await opened).toMatchObject({ trade_id: open.body.data.id })
    const closed = trades.next(PUSH_EVENTS.TRADE_UPDATED, 10_000)
    expect(
      (await api(a, `/trade/${open.body.data.id}/close`, { token: customer.token, body: {} })).status,
    ).toBe(200)
    expect(await closed).toMatchObject({ trade_id: open.body.data.id })

    // The admin writes on B: the customer on A reads it live; and the other way round.
    const toCustomer = chatOnA.next(PUSH_EVENTS.MESSAGE_SENT, 10_000)
    const reply = await api<{ data: { id: number } }>(b, '/chat/messages', {
      token: admin.token,
      body: { message: 'Hello from B', customer_id: customer.id },
    })
    expect(reply.status).toBe(201)
    expect(JSON.stringify(await toCustomer)).toContain('Hello from B')
    const toAdmin = chatOnB.next(PUSH_EVENTS.MESSAGE_SENT, 10_000)
    expect(
      (await api(a, '/chat/messages', { token: customer.token, body: { message: 'Hi from A' } })).status,
    ).toBe(201)
    expect(JSON.stringify(await toAdmin)).toContain('Hi from A')
    // Once each: no instance delivered an event twice.
    await sleep(500)
    expect(
      chatOnA.events.filter((event) => JSON.stringify(event.data).includes('Hello from B')),
    ).toHaveLength(1)
    expect(trades.events.filter((event) => event.event === PUSH_EVENTS.TRADE_UPDATED)).toHaveLength(2)
  })

  it('closes a position at its stop-loss once after the instance that opened it is stopped', async () => {
    expect(await leaderOf(a)).toBe('a')
    const customer = await signIn(b, DEMO_CUSTOMER)
    // Opened on B (not the leader), with stop-losses a hair from the price: the leader must learn of them.
    const positions = await openNearStopLosses(b, customer.token)
    expect(await b.stop('SIGTERM')).toBe(0)
    instances.delete('b')
    const closedTrade = await waitForFirstClose(a, customer.token, positions)
    expect(closedTrade).toMatchObject({ status: 'closed', close_reason: 'stop_loss' })
    // Once: one profit-or-loss entry in the ledger for it, whichever instances saw the level.
    expect(await pnlEntriesOf(closedTrade.id)).toBe(1)
  }, 60_000)

  it('moves leadership within 5 s of the leader being killed, and prices keep flowing from where they were', async () => {
    b = await start('b')
    await eventually(async () => expect((await readiness(b)).statusCode).toBe(200), 15_000)
    const customer = await signIn(a, DEMO_CUSTOMER)
    // Opened on the leader, which then dies: the new leader closes one at its level.
    const positions = await openNearStopLosses(a, customer.token)
    const prices = await recordPrices(b, priceKey)
    await eventually(() => expect(prices.batches.length).toBeGreaterThan(3), 5_000)
    const lastBefore = new Map(prices.batches.flat().map((tick) => [tick.id, tick.lastUpdated]))

    const killedAt = Date.now()
    await a.stop('SIGKILL')
    instances.delete('a')
    await eventually(async () => expect(await leaderOf(b)).toBe('b'), TAKEOVER_LIMIT_MS + 2_000)
    const takeoverMs = Date.now() - killedAt
    console.log(`leadership moved ${takeoverMs} ms after SIGKILL`)
    expect(takeoverMs).toBeLessThanOrEqual(TAKEOVER_LIMIT_MS)

    const batchesAtTakeover = prices.batches.length
    await eventually(() => expect(prices.batches.length).toBeGreaterThan(batchesAtTakeover + 5), 5_000)
    // No tick after the takeover is older than what the socket had already seen for its asset.
    for (const tick of prices.batches.slice(batchesAtTakeover).flat()) {
      expect(tick.lastUpdated).toBeGreaterThanOrEqual(lastBefore.get(tick.id) ?? 0)
    }
    const closedTrade = await waitForFirstClose(b, customer.token, positions)
    expect(closedTrade).toMatchObject({ status: 'closed', close_reason: 'stop_loss' })
    expect(await pnlEntriesOf(closedTrade.id)).toBe(1)
  }, 60_000)

  it('answers 503 on /readyz while Redis is down, and recovers when it is back', async () => {
    const survivor = instances.get('b')!
    await redis.stop()
    await eventually(async () => {
      const ready = await readiness(survivor)
      expect(ready.statusCode).toBe(503)
      expect(ready.body.checks.redis).toBe(false)
    }, 10_000)
    // The API itself keeps answering from PostgreSQL.
    expect((await api(survivor, '/settings')).status).toBe(200)
    await redis.start()
    await eventually(async () => {
      const ready = await readiness(survivor)
      expect(ready.statusCode).toBe(200)
      expect(ready.body.leader).toBe('b')
    }, 15_000)
  }, 60_000)

  it('hands leadership over at once on a graceful shutdown', async () => {
    const leaving = instances.get('b')!
    const c = await start('c')
    await eventually(async () => expect((await readiness(c)).statusCode).toBe(200), 15_000)
    expect(await leaderOf(c)).toBe('b')
    const stoppedAt = Date.now()
    expect(await leaving.stop('SIGTERM')).toBe(0)
    instances.delete('b')
    await eventually(async () => expect(await leaderOf(c)).toBe('c'), 5_000)
    const handoverMs = Date.now() - stoppedAt
    console.log(`leadership handed over ${handoverMs} ms after SIGTERM`)
    // The lease was given back, not left to expire (3 s): the next round (every 0.5 s) takes it.
    expect(handoverMs).toBeLessThan(2_500)
  }, 60_000)

  /**
   * A buy whose stop-loss sits a hair under the sell price and a sell whose stop-loss sits a hair over the buy price:
   * whichever way the price goes, one of them is crossed within seconds at 400 ticks/s (one alone may wait a long
   * while for a walk that drifts away).
   */
  async function openNearStopLosses(instance: Instance, token: string): Promise<Trade[]> {
    const socket: Socket = priceClient(instance.baseUrl, { apiKey: priceKey })
    let rate: number | undefined
    const note = (ticks: LivePriceUpdate[]) => {
      for (const tick of ticks) if (tick.id === btcusd.asset_id) rate = tick.price
    }
    socket.on(PRICE_EVENTS.DATA_ALL, (answer: { data: LivePriceUpdate[] }) => note(answer.data))
    socket.on(PRICE_EVENTS.DATA_UPDATE, note)
    socket.on('connect', () => socket.emit(PRICE_EVENTS.SUBSCRIBE_ALL))
    const opened: Trade[] = []
    try {
      for (const side of ['buy', 'sell'] as const) {
        for (let attempt = 0; attempt < 10; attempt += 1) {
          await eventually(() => expect(rate).toBeDefined(), 10_000)
          const level =
            side === 'buy'
              ? rate! * (1 - btcusd.sell_spread) * 0.99999
              : rate! * (1 + btcusd.buy_spread) * 1.00001
          const answer = await api<{ data: Trade }>(instance, '/trades/store', {
            token,
            body: order(btcusd, side, 0.01, { stop_loss: Number(level.toFixed(2)) }),
          })
          // The price may have crossed the level between reading it and ordering: try again.
          if (answer.status === 201) {
            opened.push(answer.body.data)
            break
          }
          await sleep(100)
        }
      }
    } finally {
      socket.close()
    }
    if (opened.length < 2) throw new Error('could not open positions near their stop-losses')
    return opened
  }

  async function pnlEntriesOf(tradeId: number): Promise<number> {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      const result = await client.query<{ count: string }>(
        "select count(*) from ledger_entries where trade_id = $1 and kind = 'trade_pnl'",
        [tradeId],
      )
      return Number(result.rows[0]?.count)
    } finally {
      await client.end()
    }
  }

  /** The first of `positions` found closed (the customer's closed trades, newest first). */
  async function waitForFirstClose(
    instance: Instance,
    token: string,
    positions: readonly Trade[],
  ): Promise<Trade & { status?: string }> {
    const ids = new Set(positions.map((position) => position.id))
    let found: (Trade & { status?: string }) | undefined
    await eventually(async () => {
      const closed = await api<{ data: (Trade & { status?: string })[] }>(instance, '/closed/trades', {
        token,
      })
      found = closed.body.data.find((trade) => ids.has(trade.id))
      expect(found).toBeDefined()
    }, 30_000)
    return found!
  }
})

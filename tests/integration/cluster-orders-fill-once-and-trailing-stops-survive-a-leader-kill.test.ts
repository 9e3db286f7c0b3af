// Decision 0034 across two real server processes on one PostgreSQL and one Redis: pending orders placed on the
// follower fill exactly once (the leader's fill, its conditional UPDATE and the trades' unique order_id), and a
// trailing stop keeps trailing after the leader is killed: the new leader reads it from the database and moves it on,
// never back.
import pg from 'pg'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  API_PREFIX,
  PRICE_EVENTS,
  type Asset,
  type LivePriceUpdate,
  type Order,
  type Trade,
} from '../../src/domain/contract'
import {
  readiness,
  startInstance,
  startRedisServer,
  type Instance,
  type RedisServer,
} from './support/cluster'
import { pendingOrder } from './support/orders'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { closeAllClients, eventually, priceClient, sleep } from './support/realtime-clients'
import { order } from './support/trading'
import { DEMO_CUSTOMER } from './support/test-server'

const hasPostgres = await postgresReachable('cluster-orders')

// Fast ticks, so a level a hair from the price is crossed within seconds; every market open, whatever the day.
const INSTANCE_ENV = {
  PRICE_TICKS_PER_SECOND: '400',
  PRICE_IGNORE_MARKET_HOURS: 'true',
  PRICE_HISTORY_MINUTES: '60',
  RATE_LIMIT_MULTIPLIER: '100',
}

let database: ThrowawayDatabase
let redis: RedisServer
const instances: Instance[] = []

async function call<T>(
  instance: Instance,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  options: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${instance.baseUrl}${API_PREFIX}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      'idempotency-key': `cluster-${crypto.randomUUID()}`,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  return { status: response.status, body: (await response.json()) as T }
}

async function query<Row extends Record<string, unknown>>(text: string, values: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    return (await client.query<Row>(text, values)).rows
  } finally {
    await client.end()
  }
}

describe.skipIf(!hasPostgres)('orders and trailing stops on two instances', () => {
  let a: Instance
  let b: Instance
  let btcusd: Asset
  let token: string
  let rate: number | undefined
  let prices: Socket

  beforeAll(async () => {
    database = await createThrowawayDatabase()
    redis = await startRedisServer()
    const start = async (name: string) => {
      const instance = await startInstance({
        name,
        databaseUrl: database.url,
        redisUrl: redis.url,
        env: INSTANCE_ENV,
      })
      instances.push(instance)
      return instance
    }
    // One after the other: the first migrates and seeds, and leads.
    a = await start('a')
    await eventually(async () => expect((await readiness(a)).body.leader).toBe('a'), 10_000)
    b = await start('b')
    await eventually(async () => expect((await readiness(b)).statusCode).toBe(200), 10_000)
    const assets = await call<{ data: Asset[] }>(a, 'GET', '/assets')
    const found = assets.body.data.find((asset) => asset.symbol === 'BTCUSD')
    if (!found) throw new Error('no BTCUSD')
    btcusd = found
    const login = await call<{ data: { token: string } }>(b, 'POST', '/auth/login', { body: DEMO_CUSTOMER })
    token = login.body.data.token
    const settings = await call<{ data: { realtime: { prices: { apiKey: string } } } }>(a, 'GET', '/settings')
    // Bitcoin's rate as the follower streams it (the leader's, replayed).
    prices = priceClient(b.baseUrl, { apiKey: settings.body.data.realtime.prices.apiKey })
    const note = (ticks: LivePriceUpdate[]) => {
      for (const tick of ticks) if (tick.id === btcusd.asset_id) rate = tick.price
    }
    prices.on(PRICE_EVENTS.DATA_ALL, (answer: { data: LivePriceUpdate[] }) => note(answer.data))
    prices.on(PRICE_EVENTS.DATA_UPDATE, note)
    prices.on('connect', () => prices.emit(PRICE_EVENTS.SUBSCRIBE_ALL))
    await eventually(() => expect(rate).toBeDefined(), 15_000)
  }, 120_000)

  afterAll(async () => {
    closeAllClients()
    await Promise.all(instances.map((instance) => instance.stop('SIGKILL')))
    await redis?.stop()
    await database?.drop()
  }, 60_000)

  const ask = () => (rate ?? 0) * (1 + btcusd.buy_spread)
  const bid = () => (rate ?? 0) * (1 - btcusd.sell_spread)

  /** Places an order on the follower a hair from the price, again if the price crossed it meanwhile. */
  async function placeNear(side: 'buy' | 'sell', type: 'limit' | 'stop'): Promise<Order> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const market = side === 'buy' ? ask() : bid()
      const below = (side === 'buy') === (type === 'limit')
      const price = Number((market * (below ? 0.99999 : 1.00001)).toFixed(2))
      const answer = await call<{ data: Order }>(b, 'POST', '/orders', {
        token,
        body: pendingOrder(btcusd, side, type, 0.01, price),
      })
      if (answer.status === 201) return answer.body.data
      await sleep(50)
    }
    throw new Error(`could not place a ${side} ${type} near the market`)
  }

  it('fills each order placed on the follower once', async () => {
    const placed = [
      await placeNear('buy', 'limit'),
      await placeNear('buy', 'stop'),
      await placeNear('sell', 'limit'),
      await placeNear('sell', 'stop'),
    ]
    const ids = placed.map((placedOrder) => placedOrder.id)
    // Whichever way Bitcoin goes, one of each pair is crossed within seconds.
    await eventually(async () => {
      const filled = await query<{ id: number }>(
        "select id from orders where id = any($1::int[]) and status = 'filled'",
        [ids],
      )
      expect(filled.length).toBeGreaterThanOrEqual(2)
    }, 30_000)

    const rows = await query<{ id: number; status: string; trade_id: number | null; count: string }>(
      `select o.id, o.status, o.trade_id, (select count(*) from trades t where t.order_id = o.id) as count
         from orders o where o.id = any($1::int[])`,
      [ids],
    )
    for (const row of rows) {
      expect(Number(row.count), `order ${row.id}`).toBe(row.status === 'filled' ? 1 : 0)
      if (row.status === 'filled') {
        const [trade] = await query<{ id: number }>('select id from trades where order_id = $1', [row.id])
        expect(trade?.id).toBe(row.trade_id)
      }
    }
  }, 60_000)

  it('keeps trailing a stop after the leader is killed, and never moves it back', async () => {
    expect((await readiness(b)).body.leader).toBe('a')
    // A wide distance, so neither position closes while the test watches; a buy and a sell, so whichever way the
    // market goes next, one of the two stops has to follow it.
    const distance = Number(((rate ?? 0) * 0.01).toFixed(2))
    const positions: Trade[] = []
    // Set on the leader: the follower learns of them only through the bus, or from the database when it leads.
    for (const side of ['buy', 'sell'] as const) {
      const opened = await call<{ data: Trade }>(a, 'POST', '/trades/store', {
        token,
        body: order(btcusd, side, 0.01),
      })
      expect(opened.status).toBe(201)
      const trailing = await call<{ data: Trade }>(a, 'PATCH', `/trade/${opened.body.data.id}`, {
        token,
        body: { trailing_stop: distance },
      })
      expect(trailing.status).toBe(200)
      positions.push(trailing.body.data)
    }
    const ids = positions.map((position) => position.id)
    const stops = async () =>
      new Map(
        (
          await query<{ id: number; side: string; stop_loss: string; status: string }>(
            'select id, side, stop_loss, status from trades where id = any($1::int[])',
            [ids],
          )
        ).map((row) => [row.id, { side: row.side, stop: Number(row.stop_loss), status: row.status }]),
      )
    /** Every stop seen so far, per position, in order: each must be a step forward (or the same). */
    const seen = new Map<number, number[]>(ids.map((id) => [id, []]))
    const look = async () => {
      for (const [id, row] of await stops()) seen.get(id)?.push(row.stop)
    }

    await sleep(1_500)
    await look()
    await a.stop('SIGKILL')
    await eventually(async () => expect((await readiness(b)).body.leader).toBe('b'), 10_000)
    await look()
    const atTakeover = new Map([...seen].map(([id, list]) => [id, list.at(-1) ?? 0]))

    // The new leader trails on: one of the two stops moves past where the database had it at the takeover.
    await eventually(async () => {
      await look()
      const moved = [...(await stops())].some(([id, row]) => row.stop !== atTakeover.get(id))
      expect(moved).toBe(true)
    }, 30_000)
    for (const [id, list] of seen) {
      const side = positions.find((position) => position.id === id)?.trade_type
      const forward = list.every((stop, index) =>
        index === 0 ? true : side === 'buy' ? stop >= (list[index - 1] ?? 0) : stop <= (list[index - 1] ?? 0),
      )
      expect(forward, `stops of ${side} ${id}: ${list.join(', ')}`).toBe(true)
    }
    for (const row of (await stops()).values()) expect(row.status).toBe('open')
  }, 90_000)
})

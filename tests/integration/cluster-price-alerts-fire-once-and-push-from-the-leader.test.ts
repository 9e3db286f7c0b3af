// Decision 0037 across two real server processes on one PostgreSQL and one Redis: alerts made on the follower a hair
// from a fast market fire exactly once each (the leader's book, the conditional UPDATE), both instances sign with the
// one VAPID key stored in the database, and the pushes reach a local HTTPS receiver whose self-signed certificate
// the servers trust through NODE_EXTRA_CA_CERTS (certificate checks stay on), one per alert. The market is the
// simulator's random walk, which can stay on one side of a price for longer than a test waits: an alert it has not
// reached in a while is cancelled and made again at the bid of the moment, and only the alerts that fired count.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Alert } from '../../server/alerts/contract'
import { API_PREFIX, PRICE_EVENTS, type Asset, type LivePriceUpdate } from '../../src/domain/contract'
import {
  readiness,
  startInstance,
  startRedisServer,
  type Instance,
  type RedisServer,
} from './support/cluster'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import {
  browserSubscription,
  startPushReceiver,
  verifiedVapid,
  type PushReceiver,
} from './support/push-receiver'
import { closeAllClients, eventually, priceClient, sleep } from './support/realtime-clients'
import { DEMO_CUSTOMER } from './support/test-server'

const hasPostgres = await postgresReachable('cluster-price-alerts')

const ALERTS = 6
/** How long an alert a hair from the bid may wait for the walk before it is made again nearer. */
const REACH_MS = 10_000

let database: ThrowawayDatabase
let redis: RedisServer
let receiver: PushReceiver
let certDir: string
const instances: Instance[] = []

async function call<T>(
  instance: Instance,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${instance.baseUrl}${API_PREFIX}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
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

describe.skipIf(!hasPostgres)('price alerts on two instances', () => {
  let a: Instance
  let b: Instance
  let btcusd: Asset
  let token: string
  let rate: number | undefined
  let prices: Socket

  beforeAll(async () => {
    receiver = await startPushReceiver()
    certDir = await mkdtemp(join(tmpdir(), 'push-ca-'))
    const caFile = join(certDir, 'receiver.pem')
    await writeFile(caFile, receiver.cert)
    database = await createThrowawayDatabase()
    redis = await startRedisServer()
    const start = async (name: string) => {
      const instance = await startInstance({
        name,
        databaseUrl: database.url,
        redisUrl: redis.url,
        env: {
          PRICE_TICKS_PER_SECOND: '400',
          PRICE_IGNORE_MARKET_HOURS: 'true',
          PRICE_HISTORY_MINUTES: '60',
          RATE_LIMIT_MULTIPLIER: '100',
          WEB_PUSH_ALLOWED_ORIGINS: receiver.origin,
          NODE_EXTRA_CA_CERTS: caFile,
        },
      })
      instances.push(instance)
      return instance
    }
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
    await receiver?.close()
    if (certDir) await rm(certDir, { recursive: true, force: true })
  }, 60_000)

  const bid = () => (rate ?? 0) * (1 - btcusd.sell_spread)

  /** Makes an alert on the follower a hair from the bid, again if the bid crossed it meanwhile. */
  async function alertNear(condition: 'above' | 'below'): Promise<Alert> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const price = Number((bid() * (condition === 'above' ? 1.000005 : 0.999995)).toFixed(2))
      const answer = await call<{ data: Alert }>(b, 'POST', '/alerts', {
        token,
        body: { id: btcusd.id, condition, price, note: `cluster ${condition}` },
      })
      if (answer.status === 201) return answer.body.data
      await sleep(50)
    }
    throw new Error(`could not make an alert ${condition} the bid`)
  }

  const statusOf = async (id: number) =>
    (await query<{ status: string }>('select status from price_alerts where id = $1', [id]))[0]?.status

  /**
   * Alerts made on the follower a hair from the bid, above and below in turn, until `count` have fired; the ids of
   * those that fired. One the walk has not reached in REACH_MS is cancelled (a 409 means it fired meanwhile) and
   * made again; a cancelled one never fires, so it sends no push.
   */
  async function fireAlertsNear(count: number): Promise<number[]> {
    const fired: number[] = []
    for (let made = 0; fired.length < count; made += 1) {
      expect(made, `alerts made for ${count} to fire (the walk kept away)`).toBeLessThan(count * 8)
      const alert = await alertNear(fired.length % 2 === 0 ? 'above' : 'below')
      const reached = await eventually(
        async () => expect(await statusOf(alert.id)).toBe('triggered'),
        REACH_MS,
      )
        .then(() => true)
        .catch(() => false)
      if (reached) {
        fired.push(alert.id)
        continue
      }
      const cancel = await call(b, 'DELETE', `/alerts/${alert.id}`, { token })
      if (cancel.status === 409) {
        expect(await statusOf(alert.id)).toBe('triggered')
        fired.push(alert.id)
      } else {
        expect(cancel.status).toBe(200)
      }
    }
    return fired
  }

  it('signs with one VAPID key on every instance, and fires each alert made on the follower once, with one push', async () => {
    const keyA = await call<{ data: { public_key: string } }>(a, 'GET', '/push/key')
    const keyB = await call<{ data: { public_key: string } }>(b, 'GET', '/push/key')
    expect(keyA.body.data.public_key).toBe(keyB.body.data.public_key)

    const browser = browserSubscription(`${receiver.origin}/push/cluster`)
    const subscribed = await call(b, 'POST', '/push/subscriptions', { token, body: browser.json })
    expect(subscribed.status).toBe(201)

    const ids = await fireAlertsNear(ALERTS)
    const rows = await query<{ status: string }>(
      "select status from price_alerts where id = any($1) and status = 'triggered'",
      [ids],
    )
    expect(rows).toHaveLength(ALERTS)
    await eventually(
      () => expect(receiver.received.filter(({ path }) => path === '/push/cluster')).toHaveLength(ALERTS),
      10_000,
    )
    // A moment more: a second firing (a second leader) would show now.
    await sleep(1_000)
    const stored = await query<{ message: string }>(
      "select n.message from notifications n join users u on u.id = n.user_id where u.email = $1 and n.title = 'Price alert'",
      [DEMO_CUSTOMER.email],
    )
    expect(stored).toHaveLength(ALERTS)
    const pushes = receiver.received.filter(({ path }) => path === '/push/cluster')
    expect(pushes).toHaveLength(ALERTS)
    const tags = pushes.map((push) => {
      expect(verifiedVapid(push.headers.authorization).key).toBe(keyA.body.data.public_key)
      const payload = JSON.parse(browser.decrypt(push.body)) as { tag: string; body: string }
      expect(payload.body).toContain(btcusd.symbol_display)
      return payload.tag
    })
    expect(tags.sort()).toEqual(ids.map((id) => `alert-${id}`).sort())
  }, 300_000)
})

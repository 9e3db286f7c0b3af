// Cache channels on two instances behind one PostgreSQL and one Redis: an event published through one instance is
// the last event for a subscriber on the other, including an instance started after the event was published, which
// reads it from Redis; a channel with no event misses on both (decision 0036).
import { randomBytes } from 'node:crypto'
import type PusherServer from 'pusher'
import type Pusher from 'pusher-js'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  createThrowawayDatabase,
  postgresReachable,
  type ThrowawayDatabase,
} from '../integration/support/postgres'
import {
  closeAllClients,
  connectedPusher,
  eventually,
  waitFor,
} from '../integration/support/realtime-clients'
import { listenTestApp, type ListeningServer } from '../integration/support/test-server'
import { sdkFor, type Credentials } from './support/pusher'

const hasPostgres = await postgresReachable('pusher cache channels across instances')

const REDIS_URL = 'redis://127.0.0.1:6379/14'
const PREFIX = `test-pusher-cache-${randomBytes(4).toString('hex')}`
const CREDENTIALS: Credentials = {
  appId: '676767',
  key: 'cluster-cache-key',
  secret: 'cluster-cache-secret-5d',
}

let database: ThrowawayDatabase
let a: ListeningServer
let b: ListeningServer | undefined
let sdkA: PusherServer

const instance = (databaseUrl: string, instanceId: string) =>
  listenTestApp({
    databaseUrl,
    realtime: { pusher: CREDENTIALS, prices: { ticksPerSecond: 0 } },
    cluster: { redisUrl: REDIS_URL, prefix: PREFIX, instanceId },
  })

async function firstTwoEvents(client: Pusher, channelName: string) {
  const channel = client.subscribe(channelName)
  const seen: { event: string; data: unknown }[] = []
  await waitFor<void>(`two events on ${channelName}`, (deliver) =>
    channel.bind_global((event: string, data: unknown) => {
      seen.push({ event, data })
      if (seen.length === 2) deliver()
    }),
  )
  return seen
}

describe.skipIf(!hasPostgres)('cache channels on two instances behind Redis', () => {
  beforeAll(async () => {
    database = await createThrowawayDatabase()
    a = await instance(database.url, 'cache-a')
    await eventually(async () => expect(await a.app.cluster.redisReachable()).toBe(true))
    sdkA = sdkFor(a.baseUrl, CREDENTIALS)
  }, 60_000)
  afterEach(() => closeAllClients())
  afterAll(async () => {
    closeAllClients()
    await Promise.all([a?.close(), b?.close()])
    await database?.drop()
    // Only this file's keys: the Redis is shared.
    const redis = new Redis(REDIS_URL)
    const keys = await redis.keys(`${PREFIX}:*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })

  it('sends the last event to a subscriber of either instance, one started later included', async () => {
    await sdkA.trigger('cache-rates', 'rate', { eurusd: 1.08 })
    await sdkA.trigger('cache-rates', 'rate', { eurusd: 1.09 })
    // Started after the events: it never saw them, and reads the last one from Redis.
    b = await instance(database.url, 'cache-b')
    await eventually(async () => expect(await b!.app.cluster.redisReachable()).toBe(true))
    const onB = await connectedPusher(b.baseUrl, CREDENTIALS.key)
    expect((await firstTwoEvents(onB, 'cache-rates'))[1]).toEqual({ event: 'rate', data: { eurusd: 1.09 } })

    // Published through B, asked of A.
    const sdkB = sdkFor(b.baseUrl, CREDENTIALS)
    await sdkB.trigger('cache-desk', 'note', { text: 'from B' })
    const onA = await connectedPusher(a.baseUrl, CREDENTIALS.key)
    await eventually(async () => {
      const probe = await connectedPusher(a.baseUrl, CREDENTIALS.key)
      expect((await firstTwoEvents(probe, 'cache-desk'))[1]).toEqual({
        event: 'note',
        data: { text: 'from B' },
      })
    })

    // Nothing published: a miss on both.
    expect((await firstTwoEvents(onA, 'cache-nothing-yet'))[1]?.event).toBe('pusher:cache_miss')
    expect((await firstTwoEvents(onB, 'cache-nothing-yet'))[1]?.event).toBe('pusher:cache_miss')
  })
})

// Cache channels on two instances behind one PostgreSQL and one Redis: an event published through one instance is
// the last event for a subscriber on the other, including an instance started after the event was published, which
// reads it from Redis; a channel with no event misses on both (decision 0036).
import type PusherServer from 'pusher'
import type Pusher from 'pusher-js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { postgresReachable } from '../integration/support/postgres'
import {
  closeAllClients,
  connectedPusher,
  eventually,
  waitFor,
} from '../integration/support/realtime-clients'
import type { ListeningServer } from '../integration/support/test-server'
import { startConformanceCluster, type ConformanceCluster } from './support/cluster'
import { sdkFor, type Credentials } from './support/pusher'

const hasPostgres = await postgresReachable('pusher cache channels across instances')

const CREDENTIALS: Credentials = {
  appId: '676767',
  key: 'cluster-cache-key',
  secret: 'cluster-cache-secret-5d',
}

let cluster: ConformanceCluster
let a: ListeningServer
let b: ListeningServer | undefined
let sdkA: PusherServer

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
    cluster = await startConformanceCluster({ name: 'cache', credentials: CREDENTIALS })
    a = await cluster.start('cache-a')
    sdkA = sdkFor(a.baseUrl, CREDENTIALS)
  }, 60_000)
  afterEach(() => closeAllClients())
  afterAll(async () => {
    closeAllClients()
    await cluster?.dispose()
  })

  it('sends the last event to a subscriber of either instance, one started later included', async () => {
    await sdkA.trigger('cache-rates', 'rate', { eurusd: 1.08 })
    await sdkA.trigger('cache-rates', 'rate', { eurusd: 1.09 })
    // Started after the events: it never saw them, and reads the last one from Redis.
    b = await cluster.start('cache-b')
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

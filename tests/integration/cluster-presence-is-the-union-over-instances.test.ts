// Decision 0024: the embedded broker on two instances sharing Redis. Presence channel members are the union over
// instances (member_added when a user first appears anywhere, member_removed when their last socket anywhere
// leaves), and an event published through one instance's HTTP API reaches subscribers on both, once.
import { randomBytes } from 'node:crypto'
import PusherServer from 'pusher'
import type Pusher from 'pusher-js'
import type { ChannelAuthorizationHandler } from 'pusher-js'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  closeAllClients,
  connectedPusher,
  eventually,
  portOf,
  sleep,
  waitFor,
} from './support/realtime-clients'
import { listenTestApp, type ListeningServer } from './support/test-server'

const REDIS_URL = 'redis://127.0.0.1:6379/12'
const PREFIX = `test-presence-${randomBytes(4).toString('hex')}`
const CREDENTIALS = { appId: '515151', key: 'cluster-key', secret: 'cluster-secret-9d2e4a11' }
const options = (instanceId: string) => ({
  realtime: { pusher: CREDENTIALS, prices: { ticksPerSecond: 0 } },
  cluster: { redisUrl: REDIS_URL, prefix: PREFIX, instanceId },
})

let a: ListeningServer
let b: ListeningServer

function sdkFor(server: ListeningServer): PusherServer {
  return new PusherServer({
    ...CREDENTIALS,
    host: '127.0.0.1',
    port: String(portOf(server.baseUrl)),
    useTLS: false,
  })
}

function member(server: ListeningServer, userId: string, name: string): Promise<Pusher> {
  const sdk = sdkFor(server)
  const handler: ChannelAuthorizationHandler = ({ socketId, channelName }, callback) =>
    callback(null, sdk.authorizeChannel(socketId, channelName, { user_id: userId, user_info: { name } }))
  return connectedPusher(server.baseUrl, CREDENTIALS.key, {
    channelAuthorization: { customHandler: handler },
  })
}

function subscribed(client: Pusher, channelName: string) {
  const channel = client.subscribe(channelName)
  return waitFor<{ count: number; members: Record<string, unknown> }>(
    `subscription to ${channelName}`,
    (deliver) => channel.bind('pusher:subscription_succeeded', deliver),
  )
}

beforeAll(async () => {
  a = await listenTestApp(options('presence-a'))
  b = await listenTestApp(options('presence-b'))
  await Promise.all([a.app.ready(), b.app.ready()])
  await eventually(async () => expect(await a.app.cluster.redisReachable()).toBe(true))
  await eventually(async () => expect(await b.app.cluster.redisReachable()).toBe(true))
})
afterEach(() => {
  closeAllClients()
})
afterAll(async () => {
  closeAllClients()
  await Promise.all([a?.close(), b?.close()])
  // Only this file's keys: the Redis is shared.
  const redis = new Redis(REDIS_URL)
  const keys = await redis.keys(`${PREFIX}:*`)
  if (keys.length > 0) await redis.del(...keys)
  await redis.quit()
})

describe('the embedded broker on two instances', () => {
  it('makes presence members the union over instances', async () => {
    const alice = await member(a, 'alice', 'Alice')
    expect(await subscribed(alice, 'presence-desk')).toMatchObject({ count: 1 })

    // Bob joins through B: he is told about Alice (on A), and Alice is told about him.
    const bob = await member(b, 'bob', 'Bob')
    const added = waitFor<{ id: string }>('member_added on A', (deliver) =>
      alice.channel('presence-desk').bind('pusher:member_added', deliver),
    )
    const seenByBob = await subscribed(bob, 'presence-desk')
    expect(seenByBob.count).toBe(2)
    expect(seenByBob.members).toEqual({ alice: { name: 'Alice' }, bob: { name: 'Bob' } })
    expect(await added).toEqual({ id: 'bob', info: { name: 'Bob' } })

    // Alice in a second tab on B is still one member: nobody hears of her again.
    const removals: unknown[] = []
    const additions: unknown[] = []
    bob.channel('presence-desk').bind('pusher:member_removed', (gone: unknown) => removals.push(gone))
    bob.channel('presence-desk').bind('pusher:member_added', (came: unknown) => additions.push(came))
    const aliceOnB = await member(b, 'alice', 'Alice')
    expect(await subscribed(aliceOnB, 'presence-desk')).toMatchObject({ count: 2 })
    await sleep(300)
    expect(additions).toEqual([])
    // Her socket on A leaves; she is still a member through B.
    alice.disconnect()
    await sleep(500)
    expect(removals).toEqual([])
    // Her last socket leaves: now she is gone, for Bob on B.
    aliceOnB.disconnect()
    await eventually(() => expect(removals).toEqual([{ id: 'alice', info: { name: 'Alice' } }]))
  })

  it('delivers an event published through either instance to the subscribers of both, once', async () => {
    const onA = await connectedPusher(a.baseUrl, CREDENTIALS.key)
    const onB = await connectedPusher(b.baseUrl, CREDENTIALS.key)
    const received: string[] = []
    for (const [name, client] of [
      ['a', onA],
      ['b', onB],
    ] as const) {
      const channel = client.subscribe('news')
      await waitFor('subscribed', (deliver) => channel.bind('pusher:subscription_succeeded', deliver))
      channel.bind('headline', (data: { text: string }) => received.push(`${name}:${data.text}`))
    }
    await sdkFor(a).trigger('news', 'headline', { text: 'from A' })
    await sdkFor(b).trigger('news', 'headline', { text: 'from B' })
    await eventually(() => expect(received).toHaveLength(4))
    await sleep(300)
    expect(received.sort()).toEqual(['a:from A', 'a:from B', 'b:from A', 'b:from B'])
  })
})

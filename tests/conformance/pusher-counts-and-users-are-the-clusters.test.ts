// Two instances on one PostgreSQL and one Redis, each asked through the official SDK: the channel queries and a
// trigger's `info` answer the cluster's counts and members, not the asked instance's; sendToUser reaches a user's
// sockets on both, and terminateUserConnections through one closes them on both (decision 0036).
import type PusherServer from 'pusher'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { postgresReachable } from '../integration/support/postgres'
import { closeAllClients, connectedPusher, eventually } from '../integration/support/realtime-clients'
import type { ListeningServer } from '../integration/support/test-server'
import { CONFORMANCE_REDIS_URL, startConformanceCluster, type ConformanceCluster } from './support/cluster'
import {
  closeCodesOf,
  getJson,
  memberOf,
  nextUserEvent,
  sdkFor,
  signedIn,
  subscribed,
  type Credentials,
} from './support/pusher'

const hasPostgres = await postgresReachable('pusher counts across instances')

const CREDENTIALS: Credentials = {
  appId: '636363',
  key: 'cluster-counts-key',
  secret: 'cluster-counts-secret-51aa',
}

let cluster: ConformanceCluster
let a: ListeningServer
let b: ListeningServer
let sdkA: PusherServer
let sdkB: PusherServer

describe.skipIf(!hasPostgres)('two instances behind Redis', () => {
  beforeAll(async () => {
    cluster = await startConformanceCluster({ name: 'counts', credentials: CREDENTIALS })
    // One after the other: the first migrates and seeds.
    a = await cluster.start('counts-a')
    b = await cluster.start('counts-b')
    sdkA = sdkFor(a.baseUrl, CREDENTIALS)
    sdkB = sdkFor(b.baseUrl, CREDENTIALS)
  }, 60_000)
  afterEach(() => closeAllClients())
  afterAll(async () => {
    closeAllClients()
    await cluster?.dispose()
  })

  it('answers the channel queries and a trigger’s info with the counts and members of both', async () => {
    // desk: two sockets on A, one on B; only-b: one on B; presence-floor: alice on A, bob and alice again on B.
    const [deskA1, deskA2, deskB] = await Promise.all([
      connectedPusher(a.baseUrl, CREDENTIALS.key),
      connectedPusher(a.baseUrl, CREDENTIALS.key),
      connectedPusher(b.baseUrl, CREDENTIALS.key),
    ])
    await Promise.all([
      subscribed(deskA1, 'desk'),
      subscribed(deskA2, 'desk'),
      subscribed(deskB, 'desk'),
      subscribed(deskB, 'only-b'),
    ])
    const aliceOnA = await memberOf(a.baseUrl, CREDENTIALS, sdkA, { user_id: 'alice' })
    const bobOnB = await memberOf(b.baseUrl, CREDENTIALS, sdkB, { user_id: 'bob' })
    const aliceOnB = await memberOf(b.baseUrl, CREDENTIALS, sdkB, { user_id: 'alice' })
    for (const client of [aliceOnA, bobOnB, aliceOnB]) await subscribed(client, 'presence-floor')

    // Asked of either instance, at once after the subscriptions: no waiting for a refresh.
    for (const sdk of [sdkA, sdkB]) {
      expect(await getJson(sdk, '/channels')).toEqual({
        channels: { desk: {}, 'only-b': {}, 'presence-floor': {} },
      })
      expect(await getJson(sdk, '/channels', { filter_by_prefix: 'presence-', info: 'user_count' })).toEqual({
        channels: { 'presence-floor': { user_count: 2 } },
      })
      expect(await getJson(sdk, '/channels/desk', { info: 'subscription_count' })).toEqual({
        occupied: true,
        subscription_count: 3,
      })
      expect(
        await getJson(sdk, '/channels/presence-floor', { info: 'user_count,subscription_count' }),
      ).toEqual({ occupied: true, user_count: 2, subscription_count: 3 })
      const { users } = await getJson<{ users: { id: string }[] }>(sdk, '/channels/presence-floor/users')
      expect(users.map((user) => user.id).sort()).toEqual(['alice', 'bob'])
    }
    // A channel held only through B, asked of A.
    expect(await getJson(sdkA, '/channels/only-b', { info: 'subscription_count' })).toEqual({
      occupied: true,
      subscription_count: 1,
    })
    const triggered = await sdkA.trigger(
      ['desk', 'presence-floor'],
      'tick',
      {},
      {
        info: 'subscription_count,user_count',
      },
    )
    expect(await triggered.json()).toEqual({
      channels: {
        desk: { subscription_count: 3 },
        'presence-floor': { subscription_count: 3, user_count: 2 },
      },
    })
    const batch = await sdkB.triggerBatch([
      { channel: 'only-b', name: 'one', data: {}, info: 'subscription_count' },
      { channel: 'desk', name: 'two', data: {}, info: 'subscription_count' },
    ])
    expect(await batch.json()).toEqual({ batch: [{ subscription_count: 1 }, { subscription_count: 3 }] })

    // Bob leaves through B: A's answer loses him at once; B's only socket of desk leaves.
    bobOnB.disconnect()
    deskB.disconnect()
    await eventually(async () =>
      expect(await getJson(sdkA, '/channels/presence-floor/users')).toEqual({ users: [{ id: 'alice' }] }),
    )
    await eventually(async () =>
      expect(await getJson(sdkA, '/channels', { filter_by_prefix: 'desk' })).toEqual({
        channels: { desk: {} },
      }),
    )
    expect(await getJson(sdkA, '/channels/desk', { info: 'subscription_count' })).toEqual({
      occupied: true,
      subscription_count: 2,
    })
    expect(await getJson(sdkA, '/channels/only-b')).toEqual({ occupied: false })
  })

  it('answers within a second with the counts it has when one instance does not answer', async () => {
    const onB = await connectedPusher(b.baseUrl, CREDENTIALS.key)
    await subscribed(onB, 'quiet')
    // A third 'instance' that listens to the question and never answers (a paused process).
    const silent = new Redis(CONFORMANCE_REDIS_URL)
    await silent.subscribe(`${cluster.prefix}:bus:pusher:count-query`)
    try {
      const started = Date.now()
      expect(await getJson(sdkA, '/channels/quiet', { info: 'subscription_count' })).toEqual({
        occupied: true,
        subscription_count: 1,
      })
      const took = Date.now() - started
      // It waited for the silent one (NUMSUB counted it), then answered with A's and B's counts.
      expect(took).toBeGreaterThanOrEqual(900)
      expect(took).toBeLessThan(5_000)
    } finally {
      await silent.quit()
    }
  })

  it('delivers sendToUser to the user’s sockets on both, and terminates them on both', async () => {
    const [onA, onB, other] = await Promise.all([
      signedIn(a.baseUrl, CREDENTIALS, sdkA, { id: 'trader-7' }),
      signedIn(b.baseUrl, CREDENTIALS, sdkB, { id: 'trader-7' }),
      signedIn(b.baseUrl, CREDENTIALS, sdkB, { id: 'trader-8' }),
    ])
    const heard = [nextUserEvent(onA, 'margin-call'), nextUserEvent(onB, 'margin-call')]
    await sdkA.sendToUser('trader-7', 'margin-call', { level: 0.5 })
    expect(await Promise.all(heard)).toEqual([{ level: 0.5 }, { level: 0.5 }])

    const codesA = closeCodesOf(onA)
    const codesB = closeCodesOf(onB)
    await sdkA.terminateUserConnections('trader-7')
    await eventually(() => {
      expect(codesA).toContain(4009)
      expect(codesB).toContain(4009)
    })
    expect(other.connection.state).toBe('connected')
  })
})

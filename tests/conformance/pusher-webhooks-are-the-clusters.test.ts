// Two instances on one PostgreSQL and one Redis, one webhook receiver: channel_occupied and channel_vacated, and
// member_added and member_removed, are the cluster's and each is sent once, by one instance; the second instance's
// subscriber changes nothing, and the channel is vacated when the last socket anywhere leaves (decision 0036).
import type PusherServer from 'pusher'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { postgresReachable } from '../integration/support/postgres'
import { closeAllClients, connectedPusher, eventually, sleep } from '../integration/support/realtime-clients'
import type { ListeningServer } from '../integration/support/test-server'
import { startConformanceCluster, type ConformanceCluster } from './support/cluster'
import { memberOf, sdkFor, subscribed, type Credentials } from './support/pusher'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'

const hasPostgres = await postgresReachable('pusher webhooks across instances')

const CREDENTIALS: Credentials = {
  appId: '656565',
  key: 'cluster-webhooks-key',
  secret: 'cluster-webhooks-secret-0b7f',
}
const RECEIVER_PORT = 7112
/** Long enough for a second, wrong, event to arrive if one were sent. */
const QUIET_MS = 400

let cluster: ConformanceCluster
let receiver: WebhookReceiver
let a: ListeningServer
let b: ListeningServer
let sdkA: PusherServer

describe.skipIf(!hasPostgres)('webhooks from two instances behind Redis', () => {
  beforeAll(async () => {
    receiver = await startWebhookReceiver(RECEIVER_PORT)
    cluster = await startConformanceCluster({
      name: 'webhooks',
      credentials: CREDENTIALS,
      webhooks: { url: receiver.url, firstRetryMs: 100 },
    })
    // One after the other: the first migrates and seeds.
    a = await cluster.start('webhooks-a')
    b = await cluster.start('webhooks-b')
    sdkA = sdkFor(a.baseUrl, CREDENTIALS)
  }, 60_000)
  afterEach(() => closeAllClients())
  afterAll(async () => {
    closeAllClients()
    await cluster?.dispose()
    await receiver?.close()
  })

  const of = (channel: string) => receiver.events().filter((event) => event.channel === channel)

  it('sends channel_occupied when the first socket anywhere joins and channel_vacated when the last leaves', async () => {
    const [onA, onB] = await Promise.all([
      connectedPusher(a.baseUrl, CREDENTIALS.key),
      connectedPusher(b.baseUrl, CREDENTIALS.key),
    ])
    await subscribed(onA, 'cluster-desk')
    await eventually(() =>
      expect(of('cluster-desk')).toEqual([{ name: 'channel_occupied', channel: 'cluster-desk' }]),
    )
    await subscribed(onB, 'cluster-desk')
    onA.unsubscribe('cluster-desk')
    await sleep(QUIET_MS)
    expect(of('cluster-desk')).toEqual([{ name: 'channel_occupied', channel: 'cluster-desk' }])
    onB.unsubscribe('cluster-desk')
    await eventually(() =>
      expect(of('cluster-desk')).toEqual([
        { name: 'channel_occupied', channel: 'cluster-desk' },
        { name: 'channel_vacated', channel: 'cluster-desk' },
      ]),
    )
    // Every request valid, from whichever instance sent it.
    for (const request of receiver.received) {
      expect(sdkA.webhook({ headers: request.headers, rawBody: request.rawBody }).isValid()).toBe(true)
    }
  })

  it('sends member_added and member_removed once for a user on both instances', async () => {
    const channel = 'presence-cluster-floor'
    const sdkB = sdkFor(b.baseUrl, CREDENTIALS)
    const [aliceA, aliceB] = await Promise.all([
      memberOf(a.baseUrl, CREDENTIALS, sdkA, { user_id: 'alice' }),
      memberOf(b.baseUrl, CREDENTIALS, sdkB, { user_id: 'alice' }),
    ])
    await subscribed(aliceA, channel)
    await subscribed(aliceB, channel)
    await eventually(() =>
      expect(of(channel)).toEqual([
        { name: 'channel_occupied', channel },
        { name: 'member_added', channel, user_id: 'alice' },
      ]),
    )
    aliceB.disconnect()
    await sleep(QUIET_MS)
    expect(of(channel)).toHaveLength(2)
    aliceA.disconnect()
    await eventually(() =>
      expect(of(channel).slice(2)).toEqual([
        { name: 'member_removed', channel, user_id: 'alice' },
        { name: 'channel_vacated', channel },
      ]),
    )
  })
})

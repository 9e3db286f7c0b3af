// Cache channels (https://pusher.com/docs/channels/using_channels/cache-channels/) with pusher-js and the SDK on one
// instance: a new subscriber of `cache-`, `private-cache-` or `presence-cache-` gets the channel's last event right
// after its subscription_succeeded, or `pusher:cache_miss` and the cache_miss webhook when there is none or it
// expired (decision 0036).
import type PusherServer from 'pusher'
import type Pusher from 'pusher-js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  closeAllClients,
  connectedPusher,
  eventually,
  sleep,
  waitFor,
} from '../integration/support/realtime-clients'
import { listenTestApp, type ListeningServer } from '../integration/support/test-server'
import { memberOf, sdkFor, type Credentials } from './support/pusher'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'

const CREDENTIALS: Credentials = { appId: '666666', key: 'cache-key', secret: 'cache-secret-4e21c' }
const RECEIVER_PORT = 7113
/** Short, so that expiry is seen; Pusher's (and the default) is 30 minutes. */
const CACHE_TTL_MS = 3_000

let receiver: WebhookReceiver
let server: ListeningServer
let sdk: PusherServer

beforeAll(async () => {
  receiver = await startWebhookReceiver(RECEIVER_PORT)
  server = await listenTestApp({
    realtime: {
      pusher: CREDENTIALS,
      prices: { ticksPerSecond: 0 },
      broker: { cacheTtlMs: CACHE_TTL_MS },
      webhooks: { url: receiver.url, firstRetryMs: 100 },
    },
  })
  sdk = sdkFor(server.baseUrl, CREDENTIALS)
})
afterEach(() => closeAllClients())
afterAll(async () => {
  closeAllClients()
  await server?.close()
  await receiver?.close()
})

/** Subscribes and answers the channel's first two events as pusher-js reports them, in order. */
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

describe('cache channels', () => {
  it('answer a new subscriber with pusher:cache_miss, and the cache_miss webhook, before any event', async () => {
    const client = await connectedPusher(server.baseUrl, CREDENTIALS.key)
    const [succeeded, miss] = await firstTwoEvents(client, 'cache-empty-board')
    expect(succeeded?.event).toBe('pusher:subscription_succeeded')
    expect(miss?.event).toBe('pusher:cache_miss')
    await eventually(() =>
      expect(receiver.events().filter((event) => event.name === 'cache_miss')).toEqual([
        { name: 'cache_miss', channel: 'cache-empty-board' },
      ]),
    )
  })

  it('send a new subscriber the last event at once, on cache-, private-cache- and presence-cache-', async () => {
    const client = await memberOf(server.baseUrl, CREDENTIALS, sdk, { user_id: 'erin' })
    for (const channel of ['cache-board', 'private-cache-board', 'presence-cache-board']) {
      await sdk.trigger(channel, 'quote', { bid: 1 })
      await sdk.trigger(channel, 'quote', { bid: 2 })
      const [succeeded, last] = await firstTwoEvents(client, channel)
      expect(succeeded?.event, channel).toBe('pusher:subscription_succeeded')
      expect(last, channel).toEqual({ event: 'quote', data: { bid: 2 } })
    }
  })

  it('keep the last event for its time only, then miss again', async () => {
    await sdk.trigger('cache-expiring', 'quote', { bid: 3 })
    await sleep(CACHE_TTL_MS + 200)
    const client = await connectedPusher(server.baseUrl, CREDENTIALS.key)
    const [, after] = await firstTwoEvents(client, 'cache-expiring')
    expect(after?.event).toBe('pusher:cache_miss')
  })

  it('leave other channels uncached: a public channel’s subscriber gets neither an old event nor a miss', async () => {
    await sdk.trigger('board', 'quote', { bid: 4 })
    const client = await connectedPusher(server.baseUrl, CREDENTIALS.key)
    const channel = client.subscribe('board')
    const seen: string[] = []
    channel.bind_global((event: string) => seen.push(event))
    await eventually(() => expect(seen).toContain('pusher:subscription_succeeded'))
    await sdk.trigger('board', 'quote', { bid: 5 })
    await eventually(() => expect(seen).toEqual(['pusher:subscription_succeeded', 'quote']))
  })
})

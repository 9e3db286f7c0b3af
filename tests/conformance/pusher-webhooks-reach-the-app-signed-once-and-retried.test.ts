// Pusher's webhooks (https://pusher.com/docs/channels/server_api/webhooks/) from one instance to a local receiver:
// channel_occupied and channel_vacated, member_added and member_removed once per user whatever their sockets,
// client_event with its socket and (on presence) its member, every request signed so that the official SDK's
// webhook() says it is valid, and a batch the receiver refused sent again until it is taken (decision 0036).
import type PusherServer from 'pusher'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { closeAllClients, connectedPusher, eventually } from '../integration/support/realtime-clients'
import { listenTestApp, type ListeningServer } from '../integration/support/test-server'
import { memberOf, sdkFor, subscribed, type Credentials } from './support/pusher'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'

const CREDENTIALS: Credentials = { appId: '646464', key: 'webhooks-key', secret: 'webhooks-secret-93d1e' }
const RECEIVER_PORT = 7111

let receiver: WebhookReceiver
let server: ListeningServer
let sdk: PusherServer

beforeAll(async () => {
  receiver = await startWebhookReceiver(RECEIVER_PORT)
  server = await listenTestApp({
    realtime: {
      pusher: CREDENTIALS,
      prices: { ticksPerSecond: 0 },
      broker: { clientEvents: true },
      webhooks: { url: receiver.url, firstRetryMs: 100 },
    },
  })
  sdk = sdkFor(server.baseUrl, CREDENTIALS)
})
beforeEach(() => {
  receiver.received.length = 0
})
afterEach(() => closeAllClients())
afterAll(async () => {
  closeAllClients()
  await server?.close()
  await receiver?.close()
})

const of = (channel: string) => receiver.events().filter((event) => event.channel === channel)

describe('webhooks', () => {
  it('sends channel_occupied and channel_vacated, signed as the SDK’s webhook() checks', async () => {
    const client = await connectedPusher(server.baseUrl, CREDENTIALS.key)
    await subscribed(client, 'hooks-news')
    await eventually(() =>
      expect(of('hooks-news')).toEqual([{ name: 'channel_occupied', channel: 'hooks-news' }]),
    )
    client.unsubscribe('hooks-news')
    await eventually(() =>
      expect(of('hooks-news')).toEqual([
        { name: 'channel_occupied', channel: 'hooks-news' },
        { name: 'channel_vacated', channel: 'hooks-news' },
      ]),
    )

    for (const request of receiver.received) {
      expect(request.headers['x-pusher-key']).toBe(CREDENTIALS.key)
      expect(request.headers['content-type']).toBe('application/json')
      const webhook = sdk.webhook({ headers: request.headers, rawBody: request.rawBody })
      expect(webhook.isValid()).toBe(true)
      expect(Math.abs(webhook.getTime().getTime() - Date.now())).toBeLessThan(10_000)
    }
    // Another secret does not verify it: the signature is the body's, with this app's secret.
    const stranger = sdkFor(server.baseUrl, { ...CREDENTIALS, secret: 'not-the-secret' })
    const [first] = receiver.received
    expect(stranger.webhook({ headers: first!.headers, rawBody: first!.rawBody }).isValid()).toBe(false)
  })

  it('sends member_added and member_removed once per user, however many sockets they hold', async () => {
    const channel = 'presence-hooks-floor'
    const alice = { user_id: 'alice', user_info: { name: 'Alice' } }
    const [alice1, alice2, bob] = await Promise.all([
      memberOf(server.baseUrl, CREDENTIALS, sdk, alice),
      memberOf(server.baseUrl, CREDENTIALS, sdk, alice),
      memberOf(server.baseUrl, CREDENTIALS, sdk, { user_id: 'bob' }),
    ])
    await subscribed(alice1, channel)
    await subscribed(alice2, channel)
    await subscribed(bob, channel)
    await eventually(() =>
      expect(of(channel)).toEqual([
        { name: 'channel_occupied', channel },
        { name: 'member_added', channel, user_id: 'alice' },
        { name: 'member_added', channel, user_id: 'bob' },
      ]),
    )
    alice1.disconnect()
    bob.disconnect()
    await eventually(() => expect(of(channel)).toHaveLength(4))
    expect(of(channel)[3]).toEqual({ name: 'member_removed', channel, user_id: 'bob' })
    alice2.disconnect()
    await eventually(() =>
      expect(of(channel).slice(4)).toEqual([
        { name: 'member_removed', channel, user_id: 'alice' },
        { name: 'channel_vacated', channel },
      ]),
    )
  })

  it('sends client_event with the sender’s socket, and its member on a presence channel', async () => {
    const [sender, listener] = await Promise.all([
      memberOf(server.baseUrl, CREDENTIALS, sdk, { user_id: 'carol' }),
      memberOf(server.baseUrl, CREDENTIALS, sdk, { user_id: 'dave' }),
    ])
    const privateChannel = (await subscribed(sender, 'private-hooks-desk')).channel
    await subscribed(listener, 'private-hooks-desk')
    const presenceChannel = (await subscribed(sender, 'presence-hooks-desk')).channel
    await subscribed(listener, 'presence-hooks-desk')
    expect(privateChannel.trigger('client-typing', { draft: 'EURUSD' })).toBe(true)
    expect(presenceChannel.trigger('client-typing', { draft: 'GBPUSD' })).toBe(true)

    const clientEvents = () => receiver.events().filter((event) => event.name === 'client_event')
    await eventually(() => expect(clientEvents()).toHaveLength(2))
    expect(clientEvents()).toEqual([
      {
        name: 'client_event',
        channel: 'private-hooks-desk',
        event: 'client-typing',
        data: JSON.stringify({ draft: 'EURUSD' }),
        socket_id: sender.connection.socket_id,
      },
      {
        name: 'client_event',
        channel: 'presence-hooks-desk',
        event: 'client-typing',
        data: JSON.stringify({ draft: 'GBPUSD' }),
        socket_id: sender.connection.socket_id,
        user_id: 'carol',
      },
    ])
  })

  it('sends a batch the receiver refused again, the same signed body, until it is taken', async () => {
    receiver.refuse('hooks-retried', 500, 503)
    const client = await connectedPusher(server.baseUrl, CREDENTIALS.key)
    await subscribed(client, 'hooks-retried')
    await eventually(() =>
      expect(of('hooks-retried')).toEqual([{ name: 'channel_occupied', channel: 'hooks-retried' }]),
    )
    const tries = receiver.received.filter((request) => request.rawBody.includes('hooks-retried'))
    expect(tries.map((request) => request.status)).toEqual([500, 503, 200])
    expect(new Set(tries.map((request) => request.rawBody)).size).toBe(1)
    for (const request of tries) {
      expect(sdk.webhook({ headers: request.headers, rawBody: request.rawBody }).isValid()).toBe(true)
    }
  })
})

// Regression (decision 0018, security probe): the broker took any number of sockets from one address and any number
// of subscriptions per socket (200,000 public subscriptions over 10 sockets added 70 MB), and both it and the price
// feed accepted pages from any Origin. Now (decision 0018): a per-address socket cap (the broker closes with 4100,
// which pusher-js retries after a pause; the feed fails the handshake with 'over capacity'), a per-socket
// subscription cap (a pusher:subscription_error for each one beyond it) and an Origin allow-list (the page's own
// origin, plus those configured). The server trusts its proxy here, so X-Forwarded-For plays each client address.
import type { IncomingMessage } from 'node:http'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientAddressOf, compileTrust, type TrustProxy } from '../../server/lib/client-address'
import { PRICE_EVENTS, PRICE_FEED } from '../../src/domain/contract'
import {
  closeAllClients,
  eventually,
  metricValue,
  priceClient,
  rawPusherSocket,
  waitFor,
  type RawSocket,
} from './support/realtime-clients'
import { listenTestApp, type ListeningServer } from './support/test-server'

const PARTNER = 'https://partner.example.com'
const BROKER_CAP = 3
const SUBSCRIPTION_CAP = 5
const FEED_CAP = 2

let server: ListeningServer
let pusherKey: string
let priceApiKey: string
let addressCounter = 0

beforeAll(async () => {
  server = await listenTestApp({
    trustProxy: true,
    realtime: {
      broker: {
        maxConnectionsPerAddress: BROKER_CAP,
        maxSubscriptionsPerConnection: SUBSCRIPTION_CAP,
        allowedOrigins: [PARTNER],
      },
      prices: {
        ticksPerSecond: 0,
        maxConnectionsPerAddress: FEED_CAP,
        allowedOrigins: [PARTNER],
      },
    },
  })
  const settings = (await server.app.inject({ url: '/api/v1/settings' })).json()
  pusherKey = settings.data.realtime.pusher.key
  priceApiKey = settings.data.realtime.prices.apiKey
})
afterAll(async () => {
  closeAllClients()
  await server?.close()
})

/** A client address no other test in this file uses. */
function freshAddress(): string {
  addressCounter += 1
  return `198.51.100.${addressCounter}`
}

const pusherSocket = (headers: Record<string, string>) =>
  rawPusherSocket(server.baseUrl, pusherKey, undefined, headers)

async function established(socket: RawSocket) {
  const frame = await socket.next('pusher:connection_established')
  return JSON.parse(String(frame.data)) as { socket_id: string }
}

async function refusedWith(socket: RawSocket, code: number) {
  const error = await socket.next('pusher:error')
  expect(error.data).toMatchObject({ code })
  expect((await socket.closed).code).toBe(code)
  return error.data as { code: number; message: string }
}

describe('the Pusher broker', () => {
  it(`admits ${BROKER_CAP} sockets per address, closes the next with 4100, and lets other addresses in`, async () => {
    const address = freshAddress()
    const admitted = Array.from({ length: BROKER_CAP }, () => pusherSocket({ 'x-forwarded-for': address }))
    for (const socket of admitted) await established(socket)

    const over = await refusedWith(pusherSocket({ 'x-forwarded-for': address }), 4100)
    expect(over.message).toMatch(/over capacity/i)
    // Another client is not affected...
    await established(pusherSocket({ 'x-forwarded-for': freshAddress() }))
    // ...and a place comes back when a socket of the full address closes.
    admitted[0]?.ws.close()
    await admitted[0]?.closed
    await eventually(async () => {
      const retry = pusherSocket({ 'x-forwarded-for': address })
      await established(retry)
    })
  })

  it('counts an IPv6 /64 as one address', async () => {
    for (let n = 1; n <= BROKER_CAP; n += 1) {
      await established(pusherSocket({ 'x-forwarded-for': `2001:db8:4100::${n}` }))
    }
    await refusedWith(pusherSocket({ 'x-forwarded-for': '2001:db8:4100::ffff' }), 4100)
    await established(pusherSocket({ 'x-forwarded-for': '2001:db8:4101::1' }))
  })

  it(`refuses each subscription beyond ${SUBSCRIPTION_CAP} per socket with pusher:subscription_error`, async () => {
    const socket = pusherSocket({ 'x-forwarded-for': freshAddress() })
    await established(socket)
    const channels = Array.from({ length: SUBSCRIPTION_CAP + 3 }, (_, n) => `public-${n}`)
    for (const channel of channels) socket.send('pusher:subscribe', { channel })
    for (let n = 0; n < SUBSCRIPTION_CAP; n += 1) {
      expect((await socket.next('pusher_internal:subscription_succeeded')).channel).toBe(channels[n])
    }
    for (const channel of channels.slice(SUBSCRIPTION_CAP)) {
      const error = await socket.next('pusher:subscription_error')
      expect(error.channel).toBe(channel)
      expect(error.data).toMatchObject({ type: 'LimitReached', status: 429 })
    }
    // A channel already joined still answers, and leaving one frees a place.
    socket.send('pusher:subscribe', { channel: channels[0] })
    expect((await socket.next('pusher_internal:subscription_succeeded')).channel).toBe(channels[0])
    socket.send('pusher:unsubscribe', { channel: channels[1] })
    socket.send('pusher:subscribe', { channel: 'public-after-leaving' })
    expect((await socket.next('pusher_internal:subscription_succeeded')).channel).toBe('public-after-leaving')
    // The refused ones were never held.
    const metrics = (await server.app.inject({ url: '/metrics' })).body
    expect(metricValue(metrics, 'realtime_pusher_subscriptions')).toBeLessThanOrEqual(SUBSCRIPTION_CAP * 10)
  })

  it('admits pages from its own origin and the allowed ones, and clients that send no Origin', async () => {
    for (const origin of [server.baseUrl, server.baseUrl.toUpperCase(), PARTNER, undefined]) {
      const headers: Record<string, string> = { 'x-forwarded-for': freshAddress() }
      if (origin !== undefined) headers.origin = origin
      await established(pusherSocket(headers))
    }
  })

  it('takes the page’s origin from X-Forwarded-Host when the proxy is trusted', async () => {
    const headers = {
      'x-forwarded-for': freshAddress(),
      'x-forwarded-host': 'trade.example.com',
      origin: 'https://trade.example.com',
    }
    await established(pusherSocket(headers))
  })

  it.each([
    'https://evil.example.com',
    'http://partner.example.com',
    'https://partner.example.com.evil.example',
    'null',
    'not a url',
    'file:///etc/passwd',
  ])('closes a page from %s with 4009', async (origin) => {
    const error = await refusedWith(pusherSocket({ 'x-forwarded-for': freshAddress(), origin }), 4009)
    expect(error.message).toMatch(/not allowed/)
  })
})

describe('the price feed', () => {
  function feedClient(headers: Record<string, string>, apiKey = priceApiKey) {
    return priceClient(server.baseUrl, { apiKey }, headers)
  }
  const connected = (socket: ReturnType<typeof feedClient>) =>
    waitFor('price feed connected', (deliver) => socket.on('connect', () => deliver(undefined)))
  const refused = (socket: ReturnType<typeof feedClient>) =>
    waitFor<Error>('price feed refused', (deliver) => socket.on('connect_error', deliver))

  it(`admits ${FEED_CAP} sockets per address and refuses the next with 'over capacity'`, async () => {
    const address = freshAddress()
    const admitted = Array.from({ length: FEED_CAP }, () => feedClient({ 'x-forwarded-for': address }))
    for (const socket of admitted) await connected(socket)
    expect((await refused(feedClient({ 'x-forwarded-for': address }))).message).toBe(PRICE_FEED.OVER_CAPACITY)
    await connected(feedClient({ 'x-forwarded-for': freshAddress() }))

    admitted[0]?.close()
    await eventually(async () => {
      const retry = feedClient({ 'x-forwarded-for': address })
      await connected(retry)
    })
  })

  it('holds no place for a handshake with a wrong key', async () => {
    const address = freshAddress()
    for (let n = 0; n < FEED_CAP + 2; n += 1) {
      const wrong = feedClient({ 'x-forwarded-for': address }, 'not-the-key')
      expect((await refused(wrong)).message).toBe(PRICE_FEED.UNAUTHORIZED)
    }
    const socket = feedClient({ 'x-forwarded-for': address })
    await connected(socket)
    socket.emit(PRICE_EVENTS.SUBSCRIBE_ALL)
    await waitFor('data:all', (deliver) => socket.on(PRICE_EVENTS.DATA_ALL, deliver))
  })

  it('admits its own origin and the allowed ones, and refuses a page from elsewhere', async () => {
    for (const origin of [server.baseUrl, PARTNER]) {
      await connected(feedClient({ 'x-forwarded-for': freshAddress(), origin }))
    }
    const evil = feedClient({ 'x-forwarded-for': freshAddress(), origin: 'https://evil.example.com' })
    expect((await refused(evil)).message).toBe(PRICE_FEED.ORIGIN_NOT_ALLOWED)
  })
})

describe('the client address of a socket', () => {
  it.each<[string, TrustProxy]>([
    ['no proxy trusted', false],
    ['every proxy trusted', true],
    // server.ts turns TRUST_PROXY=<hops> into such a function.
    ['one hop trusted', (_address: string, hop: number) => hop < 1],
    ['two hops trusted', (_address: string, hop: number) => hop < 2],
    ['a proxy address', '10.0.0.1'],
    ['a proxy range and loopback', '10.0.0.0/8, loopback'],
    ['a list', ['10.0.0.1', '192.168.0.0/16']],
  ])('is the one request.ip names, with %s', async (_, trustProxy) => {
    // A WebSocket upgrade never becomes a fastify request: its address is worked out alongside, by the same rule.
    const app = Fastify({ trustProxy })
    app.get('/', async (request) => request.ip)
    try {
      for (const remoteAddress of ['127.0.0.1', '10.0.0.1', '192.168.7.7', '203.0.113.9']) {
        for (const forwarded of [
          undefined,
          '198.51.100.1',
          '198.51.100.1, 10.0.0.1',
          '198.51.100.1, 10.0.0.2, 192.168.1.1',
        ]) {
          const headers = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }
          const expected = (await app.inject({ url: '/', remoteAddress, headers })).body
          const raw = { socket: { remoteAddress }, headers } as unknown as IncomingMessage
          expect(clientAddressOf(raw, compileTrust(trustProxy)), `${remoteAddress} <- ${forwarded}`).toBe(
            expected,
          )
        }
      }
    } finally {
      await app.close()
    }
  })
})

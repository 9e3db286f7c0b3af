// Where the browser connects (GET /settings realtime), where credentials come from (generated once and kept in the
// database, or given by the environment), and the external mode: PUSHER_HOST naming another Pusher-compatible
// service turns the embedded broker off and the SDK publishes there.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CHANNELS,
  PUSH_EVENTS,
  SiteSettingsResponseSchema,
  UserUpdatedEventSchema,
} from '../../src/domain/contract'
import { realtimeOptionsFromEnv } from '../../server/realtime/config'
import { channelAuthMatches } from '../../server/realtime/broker/signatures'
import {
  bearer,
  createTestApp,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  listenTestApp,
  loginToken,
  type ListeningServer,
} from './support/test-server'
import { closeAllClients, connectedPusher, portOf, waitFor } from './support/realtime-clients'

const QUIET = { ticksPerSecond: 0 }

describe('GET /settings realtime', () => {
  let server: ListeningServer
  beforeAll(async () => {
    server = await listenTestApp({ realtime: { prices: QUIET } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('names the Pusher key and the price API key, on the page’s own origin, and no secret', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/settings`)
    const text = await response.text()
    const { realtime } = SiteSettingsResponseSchema.parse(JSON.parse(text)).data
    const stored = await server.app.repos.realtimeCredentials.getOrCreate()
    expect(realtime).toEqual({
      // Host, port and scheme left out: the page's own origin.
      pusher: { key: stored.pusherKey, cluster: 'mt1' },
      prices: { apiKey: stored.priceApiKey },
    })
    expect(text).not.toContain(stored.pusherSecret)
    expect(text).not.toContain(stored.pusherAppId)
    expect(stored.pusherKey).toMatch(/^[0-9a-f]{20}$/)
    expect(stored.pusherSecret).toMatch(/^[0-9a-f]{64}$/)
  })

  it('carries the same realtime block in the answer to PATCH /admin/settings', async () => {
    const token = await loginToken(server.app, DEMO_ADMIN)
    const response = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/settings',
      headers: bearer(token),
      payload: { footer_text: 'Trading CFDs carries risk.' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().data.realtime).toEqual(server.app.realtime.endpoints)
  })
})

describe('credentials', () => {
  it('are generated at first start and the same after a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cfd-realtime-'))
    try {
      const first = await createTestApp({ dataDir, realtime: { prices: QUIET } })
      const before = await first.repos.realtimeCredentials.getOrCreate()
      const endpointsBefore = first.realtime.endpoints
      await first.close()
      const second = await createTestApp({ dataDir, realtime: { prices: QUIET } })
      try {
        expect(await second.repos.realtimeCredentials.getOrCreate()).toEqual(before)
        expect(second.realtime.endpoints).toEqual(endpointsBefore)
      } finally {
        await second.close()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('come from the environment when it gives them', () => {
    const options = realtimeOptionsFromEnv(
      {
        PUSHER_APP_ID: '1',
        PUSHER_KEY: 'env-key',
        PUSHER_SECRET: 'env-secret',
        PRICE_API_KEY: 'env-price-key',
        PRICE_TICKS_PER_SECOND: '2000',
        PRICE_IGNORE_MARKET_HOURS: 'true',
        PUSHER_CLIENT_EVENTS: 'true',
      },
      8080,
    )
    expect(options.pusher).toEqual({ appId: '1', key: 'env-key', secret: 'env-secret' })
    expect(options.prices).toMatchObject({
      apiKey: 'env-price-key',
      ticksPerSecond: 2000,
      ignoreMarketHours: true,
    })
    expect(options.broker).toEqual({ clientEvents: true })
  })

  it('treat PUSHER_HOST naming this server as the embedded broker, and anything else as external', () => {
    const keys = { PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: 's' }
    expect(realtimeOptionsFromEnv({ PUSHER_HOST: 'localhost' }, 8080).pusher?.host).toBeUndefined()
    expect(realtimeOptionsFromEnv({ PUSHER_HOST: '127.0.0.1', PUSHER_PORT: '8080' }, 8080).pusher?.host).toBe(
      undefined,
    )
    expect(
      realtimeOptionsFromEnv({ ...keys, PUSHER_HOST: '127.0.0.1', PUSHER_PORT: '6001' }, 8080).pusher,
    ).toMatchObject({ host: '127.0.0.1', port: 6001 })
    expect(realtimeOptionsFromEnv({ ...keys, PUSHER_HOST: 'soketi.internal' }, 8080).pusher?.host).toBe(
      'soketi.internal',
    )
  })

  it('refuse bad environment values, naming them', () => {
    expect(() => realtimeOptionsFromEnv({ PRICE_TICKS_PER_SECOND: 'fast' }, 8080)).toThrow(
      /PRICE_TICKS_PER_SECOND/,
    )
    expect(() => realtimeOptionsFromEnv({ PUSHER_SCHEME: 'ftp' }, 8080)).toThrow(/PUSHER_SCHEME/)
    expect(() => realtimeOptionsFromEnv({ PUSHER_PORT: '70000' }, 8080)).toThrow(/PUSHER_PORT/)
    expect(() => realtimeOptionsFromEnv({ PUSHER_WEBHOOK_URL: 'ftp://hooks.example' }, 8080)).toThrow(
      /PUSHER_WEBHOOK_URL/,
    )
  })

  it('take PUSHER_WEBHOOK_URL, http or https, as where webhooks go (decision 0036)', () => {
    for (const url of ['http://127.0.0.1:7000/hooks', 'https://app.example.com/pusher/webhooks']) {
      expect(realtimeOptionsFromEnv({ PUSHER_WEBHOOK_URL: url }, 8080).webhooks).toEqual({ url })
    }
    expect(realtimeOptionsFromEnv({ PUSHER_WEBHOOK_URL: '' }, 8080).webhooks).toBeUndefined()
  })

  it('must all be given when PUSHER_HOST names another service', async () => {
    expect(() => realtimeOptionsFromEnv({ PUSHER_HOST: 'api-eu.pusher.com', PUSHER_KEY: 'k' }, 8080)).toThrow(
      /PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET/,
    )
    await expect(
      createTestApp({ realtime: { pusher: { host: 'pusher.example.com', key: 'k' }, prices: QUIET } }),
    ).rejects.toThrow(/PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET/)
  })
})

describe('an external Pusher-compatible service', () => {
  // The "service" is another instance's embedded broker; the instance under test has its own broker off.
  let service: ListeningServer
  let api: ListeningServer
  beforeAll(async () => {
    service = await listenTestApp({ realtime: { prices: QUIET } })
    const stored = await service.app.repos.realtimeCredentials.getOrCreate()
    api = await listenTestApp({
      realtime: {
        pusher: {
          appId: stored.pusherAppId,
          key: stored.pusherKey,
          secret: stored.pusherSecret,
          host: '127.0.0.1',
          port: portOf(service.baseUrl),
          scheme: 'http',
        },
        prices: QUIET,
      },
    })
  })
  afterAll(async () => {
    closeAllClients()
    await Promise.all([api?.close(), service?.close()])
  })

  it('is where the settings send browsers, and this server runs no broker', async () => {
    const { realtime } = SiteSettingsResponseSchema.parse(
      (await api.app.inject({ url: '/api/v1/settings' })).json(),
    ).data
    expect(realtime?.pusher).toMatchObject({
      host: '127.0.0.1',
      port: portOf(service.baseUrl),
      forceTLS: false,
    })
    expect(api.app.realtime.broker).toBeUndefined()
    const events = await api.app.inject({ method: 'POST', url: '/apps/1/events', payload: {} })
    expect(events.statusCode).toBe(404)
    const metrics = (await api.app.inject({ url: '/metrics' })).body
    expect(metrics).toMatch(/^realtime_pusher_connections 0$/m)
  })

  it("receives what the API publishes, signed for the service's secret", async () => {
    const stored = await service.app.repos.realtimeCredentials.getOrCreate()
    const customerToken = await loginToken(api.app, DEMO_CUSTOMER)
    const adminToken = await loginToken(api.app, DEMO_ADMIN)
    const customerId = (await api.app.inject({ url: '/api/v1/user', headers: bearer(customerToken) })).json()
      .data.id as number
    const channelName = CHANNELS.user(customerId)

    const client = await connectedPusher(service.baseUrl, stored.pusherKey, {
      channelAuthorization: {
        customHandler: ({ socketId, channelName: channel }, callback) => {
          void api.app
            .inject({
              method: 'POST',
              url: '/api/v1/broadcasting/auth',
              headers: bearer(customerToken),
              payload: { socket_id: socketId, channel_name: channel },
            })
            .then((response) => {
              const auth = response.json() as { auth: string }
              expect(
                channelAuthMatches(
                  { key: stored.pusherKey, secret: stored.pusherSecret },
                  auth.auth,
                  socketId,
                  channel,
                ),
              ).toBe(true)
              callback(null, auth)
            })
        },
      },
    })
    const channel = client.subscribe(channelName)
    await waitFor('subscribed', (deliver) => channel.bind('pusher:subscription_succeeded', deliver))
    const received = waitFor<unknown>('user.updated', (deliver) =>
      channel.bind(PUSH_EVENTS.USER_UPDATED, deliver),
    )
    const response = await api.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${customerId}`,
      headers: bearer(adminToken),
      payload: { status: 'deactivated', reason: 'Realtime settings check' },
    })
    expect(response.statusCode).toBe(200)
    expect(UserUpdatedEventSchema.parse(await received).user_id).toBe(customerId)
  })
})

// A session signed out through one instance loses its sockets on every instance (decision 0033): two instances on
// one PostgreSQL and one Redis, the device's sockets on A, its channels authorised and then its session signed out
// through B. Its Pusher socket on A is closed with 4009 within 2 s and hears nothing published after, through either
// instance; its price socket on A is dropped; the device still signed in, on B, hears everything.
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX, PUSH_EVENTS } from '../../src/domain/contract'
import {
  CHROME_ON_WINDOWS,
  customerWithPassword,
  ROOMY_ACCOUNT_RATE_LIMITS,
  SAFARI_ON_IPHONE,
  signedIn,
} from './support/account'
import { call, pusherKeyOf } from './support/back-office'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { closeAllClients, eventually } from './support/realtime-clients'
import {
  customerChannels,
  priceDevice,
  PUBLISHED_TO_CUSTOMER,
  publishToCustomer,
  pusherDevice,
  sessionIdOf,
  signOutSessionOf,
  within,
} from './support/signed-in-devices'
import { DEMO_ADMIN, listenTestApp, loginToken, type ListeningServer } from './support/test-server'

const hasPostgres = await postgresReachable('cluster sign-out')

const REDIS_URL = 'redis://127.0.0.1:6379/13'
const PREFIX = `test-sign-out-${randomBytes(4).toString('hex')}`

let database: ThrowawayDatabase
let a: ListeningServer
let b: ListeningServer
let pusherKey: string
let priceKey: string
let adminToken: string

const instance = (databaseUrl: string, instanceId: string) =>
  listenTestApp({
    databaseUrl,
    rateLimits: ROOMY_ACCOUNT_RATE_LIMITS,
    realtime: { prices: { ticksPerSecond: 0 } },
    cluster: { redisUrl: REDIS_URL, prefix: PREFIX, instanceId },
  })

describe.skipIf(!hasPostgres)('a session signed out through another instance', () => {
  beforeAll(async () => {
    database = await createThrowawayDatabase()
    // One after the other: the first migrates, seeds and makes the realtime credentials both use.
    a = await instance(database.url, 'sign-out-a')
    b = await instance(database.url, 'sign-out-b')
    await eventually(async () => expect(await a.app.cluster.redisReachable()).toBe(true))
    await eventually(async () => expect(await b.app.cluster.redisReachable()).toBe(true))
    pusherKey = await pusherKeyOf(a.app)
    const settings = await a.app.inject({ url: `${API_PREFIX}/settings` })
    priceKey = settings.json().data.realtime.prices.apiKey as string
    adminToken = await loginToken(b.app, DEMO_ADMIN)
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

  it('closes its Pusher socket on the other instance, before anything published after reaches it', async () => {
    const holder = await customerWithPassword(a.app)
    const channels = customerChannels(holder.id)
    const phoneToken = await signedIn(a.app, holder, SAFARI_ON_IPHONE)
    const deskToken = await signedIn(b.app, holder, CHROME_ON_WINDOWS)
    // The phone's socket on A, its channels authorised by B (a balancer may send the call anywhere); the desk on B.
    const phone = await pusherDevice({
      baseUrl: a.baseUrl,
      authBaseUrl: b.baseUrl,
      pusherKey,
      token: phoneToken,
      channels,
    })
    const desk = await pusherDevice({ baseUrl: b.baseUrl, pusherKey, token: deskToken, channels })
    const phoneSession = await sessionIdOf(a.app, phoneToken)
    const [phoneMark, deskMark] = [phone.frames.length, desk.frames.length]

    const response = await call(b.app, deskToken, 'DELETE', `/user/sessions/${phoneSession}`)
    expect(response.statusCode, response.body).toBe(200)
    const closed = within('the phone closed', phone.closed)
    // Published right after, through the phone's own instance and through the other one.
    await publishToCustomer(adminToken, holder.id, a.app, b.app)

    expect(await closed).toEqual({
      code: 4009,
      error: { code: 4009, message: 'Session signed out', session_id: phoneSession },
    })
    await eventually(() =>
      expect(desk.channelEventsFrom(deskMark).map((frame) => frame.event)).toEqual(
        expect.arrayContaining([PUSH_EVENTS.SESSION_REVOKED, ...PUBLISHED_TO_CUSTOMER]),
      ),
    )
    expect(phone.channelEventsFrom(phoneMark)).toEqual([])
    expect(desk.client.connection.state).toBe('connected')
  })

  it('drops its price socket on the other instance', async () => {
    const holder = await customerWithPassword(a.app)
    const phoneToken = await signedIn(a.app, holder, SAFARI_ON_IPHONE)
    const deskToken = await signedIn(b.app, holder, CHROME_ON_WINDOWS)
    const phone = await priceDevice(a.baseUrl, priceKey, phoneToken)
    const desk = await priceDevice(a.baseUrl, priceKey, deskToken)

    await signOutSessionOf(b.app, deskToken, phoneToken)

    expect(await within('the price socket dropped', phone.disconnected)).toBe('io server disconnect')
    expect(desk.socket.connected).toBe(true)
  })
})

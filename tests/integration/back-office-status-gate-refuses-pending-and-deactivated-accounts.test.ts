// The account status is enforced on every route (decision 0017): a pending or deactivated customer gets 403
// with the gate's own sentence everywhere except the four calls its gate screen needs (GET /user, logout, the
// heartbeat, and the signature of its own private-user channel). The routes are read from fastify's route table,
// so a route added later is covered without being listed here. Deactivation also drops the customer's other
// private channels from the embedded broker at once, each with a pusher:subscription_error (decision 0036), and an
// old signature cannot bring them back until the account is reactivated. Customers get 403 on every /admin route, and callers without a token 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelAuthMatches } from '../../server/realtime/broker/signatures'
import {
  ACCOUNT_STATUS_MESSAGES,
  ADMIN_CHANNEL,
  API_PREFIX,
  ApiErrorSchema,
  BroadcastingAuthResponseSchema,
  CHANNELS,
  PUSH_EVENTS,
  UserResponseSchema,
  UserUpdatedEventSchema,
} from '../../src/domain/contract'
import {
  call,
  concreteUrl,
  patchUser,
  pusherKeyOf,
  routeName,
  subscribeRecording,
  subscriptionRefusal,
  tokenPusher,
  tokenRoutes,
} from './support/back-office'
import { closeAllClients, rawPusherSocket, waitFor } from './support/realtime-clients'
import { newCustomer, refusal, ROOMY_RATE_LIMITS } from './support/trading'
import {
  bearer,
  DEMO_ADMIN,
  listenTestApp,
  loginToken,
  type ListeningServer,
  type RouteEntry,
} from './support/test-server'

const SOCKET_ID = '123456.7890123'
const FORBIDDEN = 'This action is unauthorized.'

/** What the gate screen needs: Check Status, sign out, the heartbeat, and the live release on private-user. */
const GATE_CALLS = [
  `GET ${API_PREFIX}/user`,
  `POST ${API_PREFIX}/auth/logout`,
  `POST ${API_PREFIX}/user/heartbeat`,
  `POST ${API_PREFIX}/broadcasting/auth`,
]

/** The only API routes anyone may call without a token: sign-in, sign-up and what the public pages read. */
const OPEN_ROUTES = [
  `GET ${API_PREFIX}/settings`,
  `GET ${API_PREFIX}/data`,
  `GET ${API_PREFIX}/assets`,
  `GET ${API_PREFIX}/assets/:id/candles`,
  `POST ${API_PREFIX}/auth/login`,
  `POST ${API_PREFIX}/auth/auto-login`,
  `POST ${API_PREFIX}/auth/forgot-password`,
  `POST ${API_PREFIX}/auth/check-email`,
  `POST ${API_PREFIX}/auth/register`,
  // Decision 0020: the second sign-in step, the mailed links (their token is the proof) and avatars by their random
  // key.
  `POST ${API_PREFIX}/auth/login/two-factor`,
  `POST ${API_PREFIX}/auth/reset-password`,
  `POST ${API_PREFIX}/user/email/confirm`,
  `GET ${API_PREFIX}/avatars/:key`,
  // Decision 0022: the legal and help pages the sign-up pages link to.
  `GET ${API_PREFIX}/legal/:document`,
  // The API's reference (decision 0038), for whoever integrates the API.
  `GET ${API_PREFIX}/openapi.json`,
  // The server's VAPID public key, which every browser's push subscription carries anyway (decision 0037).
  `GET ${API_PREFIX}/push/key`,
]

const ROOMY = {
  ...ROOMY_RATE_LIMITS,
  checkEmail: { max: 10_000, windowMs: 60_000 },
  forgotPassword: { max: 10_000, windowMs: 60_000 },
  autoLogin: { max: 10_000, windowMs: 60_000 },
}

let server: ListeningServer
let pusherKey: string
let adminToken: string
let guarded: RouteEntry[]
let open: RouteEntry[]

beforeAll(async () => {
  server = await listenTestApp({
    realtime: { prices: { ticksPerSecond: 0, seed: 14, historyMinutes: 60 } },
    rateLimits: ROOMY,
  })
  pusherKey = await pusherKeyOf(server.app)
  adminToken = await loginToken(server.app, DEMO_ADMIN)
  ;({ guarded, open } = await tokenRoutes(server.app))
})
afterAll(async () => {
  closeAllClients()
  await server?.close()
})

function signChannel(token: string, channel: string, socketId = SOCKET_ID) {
  return call(server.app, token, 'POST', '/broadcasting/auth', { socket_id: socketId, channel_name: channel })
}

/** GET /user's HEAD twin is the same call without the body. */
const isGateCall = (name: string) => GATE_CALLS.includes(name.replace(/^HEAD /, 'GET '))
const hasBody = (route: RouteEntry) => route.method !== 'GET' && route.method !== 'HEAD'

async function deactivatedCustomer() {
  const customer = await newCustomer(server.app)
  const response = await patchUser(server.app, adminToken, customer.id, {
    status: 'deactivated',
    reason: 'Chargeback under review',
  })
  expect(response.statusCode, response.body).toBe(200)
  return customer
}

describe("the app's route table", () => {
  it('puts every API route but sign-in, sign-up and the public reads behind a token', () => {
    // A route that forgot authentication would also escape the status gate: it has to be added here on purpose.
    // (fastify answers HEAD with its GET route's hooks.)
    const headTwins = OPEN_ROUTES.filter((name) => name.startsWith('GET ')).map(
      (name) => `HEAD ${name.slice(4)}`,
    )
    expect(new Set(open.map(routeName))).toEqual(new Set([...OPEN_ROUTES, ...headTwins]))
    expect(guarded.length).toBeGreaterThanOrEqual(25)
    for (const name of [
      ...GATE_CALLS,
      `POST ${API_PREFIX}/trades/store`,
      `POST ${API_PREFIX}/chat/messages`,
      `PATCH ${API_PREFIX}/admin/users/:id`,
    ]) {
      expect(guarded.map(routeName)).toContain(name)
    }
  })
})

describe.each(['pending', 'deactivated'] as const)('a %s customer', (status) => {
  const message = ACCOUNT_STATUS_MESSAGES[status]
  let customer: { id: number; token: string }

  beforeAll(async () => {
    customer =
      status === 'pending'
        ? await newCustomer(server.app, { status: 'pending' })
        : await deactivatedCustomer()
  })

  it(`gets 403 "${message}" on every authenticated route but the four its gate screen needs`, async () => {
    const answered: string[] = []
    for (const route of guarded) {
      const name = routeName(route)
      if (isGateCall(name)) continue
      const response = await server.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route),
        headers: bearer(customer.token),
        ...(hasBody(route) ? { payload: {} } : {}),
      })
      expect(response.statusCode, `${name}: ${response.body}`).toBe(403)
      answered.push(name)
      if (route.method === 'HEAD') continue
      const error = ApiErrorSchema.parse(response.json())
      // An admin route may refuse as admin-only; it must still never let the customer through.
      if (route.url.startsWith(`${API_PREFIX}/admin/`))
        expect([message, FORBIDDEN], name).toContain(error.message)
      else expect(error.message, name).toBe(message)
    }
    expect(answered).toHaveLength(guarded.filter((route) => !isGateCall(routeName(route))).length)
    expect(answered.length).toBeGreaterThanOrEqual(25)
  })

  it('still reads its own account, with its status, for Check Status', async () => {
    const response = await call(server.app, customer.token, 'GET', '/user')
    expect(response.statusCode, response.body).toBe(200)
    expect(UserResponseSchema.parse(response.json()).data).toMatchObject({ id: customer.id, status })
  })

  it('still sends the heartbeat and signs out', async () => {
    const heartbeat = await call(server.app, customer.token, 'POST', '/user/heartbeat')
    expect(heartbeat.statusCode, heartbeat.body).toBe(200)

    const second = await server.app.repos.authTokens.issue(customer.id, server.app.now())
    const logout = await call(server.app, second, 'POST', '/auth/logout')
    expect(logout.statusCode, logout.body).toBe(200)
    expect((await call(server.app, second, 'GET', '/user')).statusCode).toBe(401)
  })

  it('gets its own private-user channel signed, and every other channel refused with 403', async () => {
    const own = CHANNELS.user(customer.id)
    const signed = await signChannel(customer.token, own)
    expect(signed.statusCode, signed.body).toBe(200)
    const { auth } = BroadcastingAuthResponseSchema.parse(signed.json())
    const stored = await server.app.repos.realtimeCredentials.getOrCreate()
    const credentials = { key: stored.pusherKey, secret: stored.pusherSecret }
    expect(channelAuthMatches(credentials, auth, SOCKET_ID, own)).toBe(true)

    for (const channel of [
      CHANNELS.notification(customer.id),
      CHANNELS.trade(customer.id),
      CHANNELS.chatCustomer(customer.id),
      ADMIN_CHANNEL,
    ]) {
      expect(refusal(await signChannel(customer.token, channel), 403), channel).toEqual({ message })
    }
    // Someone else's user channel stays refused too.
    expect((await signChannel(customer.token, CHANNELS.user(customer.id + 1))).statusCode).toBe(403)
  })
})

describe('the broker, when a customer is deactivated', () => {
  it('drops their other private channels at once, keeps private-user, and lets them back on reactivation', async () => {
    const customer = await newCustomer(server.app)
    const client = await tokenPusher(server.baseUrl, pusherKey, customer.token)
    const user = await subscribeRecording(client, CHANNELS.user(customer.id))
    const trade = await subscribeRecording(client, CHANNELS.trade(customer.id))
    const notification = await subscribeRecording(client, CHANNELS.notification(customer.id))
    const probe = (channel: string, n: number) => server.app.publisher.trigger(channel, 'probe', { n })

    // While active, all three channels deliver.
    const delivered = Promise.all([trade.next('probe'), notification.next('probe')])
    await probe(trade.name, 1)
    await probe(notification.name, 1)
    expect(await delivered).toEqual([{ n: 1 }, { n: 1 }])

    // Each dropped channel is told so (decision 0036): pusher-js reports a subscription_error on it.
    const ended = [trade.name, notification.name].map((name) =>
      waitFor<{ status?: number; error?: string }>(`subscription_error on ${name}`, (deliver) =>
        client.channel(name).bind('pusher:subscription_error', deliver),
      ),
    )
    let userErrors = 0
    client.channel(user.name).bind('pusher:subscription_error', () => (userErrors += 1))
    const gateShows = user.next(PUSH_EVENTS.USER_UPDATED)
    const deactivated = await patchUser(server.app, adminToken, customer.id, {
      status: 'deactivated',
      reason: 'Chargeback under review',
    })
    expect(deactivated.statusCode, deactivated.body).toBe(200)
    expect(UserUpdatedEventSchema.parse(await gateShows).user_id).toBe(customer.id)
    for (const error of await Promise.all(ended)) {
      expect(error).toMatchObject({ status: 403, error: 'This account may not subscribe to this channel' })
    }

    // One socket delivers in order: once the probe on private-user arrived, the others would have arrived first.
    const userProbe = user.next('probe')
    await probe(trade.name, 2)
    await probe(notification.name, 2)
    await probe(user.name, 2)
    expect(await userProbe).toEqual({ n: 2 })
    expect(trade.events).toEqual([{ event: 'probe', data: { n: 1 } }])
    expect(notification.events).toEqual([{ event: 'probe', data: { n: 1 } }])
    expect(userErrors).toBe(0)

    // Subscribing again is refused at the signature.
    client.unsubscribe(trade.name)
    expect(await subscriptionRefusal(client, trade.name)).toMatchObject({ error: 'auth answered 403' })

    const reactivated = await patchUser(server.app, adminToken, customer.id, { status: 'active' })
    expect(reactivated.statusCode, reactivated.body).toBe(200)
    client.unsubscribe(trade.name)
    const again = await subscribeRecording(client, trade.name)
    const back = again.next('probe')
    await probe(trade.name, 3)
    expect(await back).toEqual({ n: 3 })
  })

  it('refuses a signature obtained before the deactivation until the account is reactivated', async () => {
    const customer = await newCustomer(server.app)
    const raw = rawPusherSocket(server.baseUrl, pusherKey)
    const established = await raw.next('pusher:connection_established')
    const socketId = (JSON.parse(established.data as string) as { socket_id: string }).socket_id
    const channel = CHANNELS.trade(customer.id)
    const signed = await signChannel(customer.token, channel, socketId)
    expect(signed.statusCode, signed.body).toBe(200)
    const { auth } = BroadcastingAuthResponseSchema.parse(signed.json())

    raw.send('pusher:subscribe', { channel, auth })
    expect((await raw.next('pusher_internal:subscription_succeeded')).channel).toBe(channel)

    const deactivated = await patchUser(server.app, adminToken, customer.id, {
      status: 'deactivated',
      reason: 'Identity documents expired',
    })
    expect(deactivated.statusCode).toBe(200)
    raw.send('pusher:subscribe', { channel, auth })
    const refused = await raw.next('pusher:subscription_error')
    expect(refused.channel).toBe(channel)
    expect(refused.data).toMatchObject({ status: 403 })

    expect((await patchUser(server.app, adminToken, customer.id, { status: 'active' })).statusCode).toBe(200)
    raw.send('pusher:subscribe', { channel, auth })
    expect((await raw.next('pusher_internal:subscription_succeeded')).channel).toBe(channel)
  })
})

describe('admin routes', () => {
  it('answer a customer 403 and a caller without a token 401, every one of them', async () => {
    const customer = await newCustomer(server.app)
    const adminRoutes = guarded.filter((route) => route.url.startsWith(`${API_PREFIX}/admin`))
    // The back office's own calls, so the walk below cannot pass by finding nothing.
    for (const name of [
      `GET ${API_PREFIX}/admin/users`,
      `GET ${API_PREFIX}/admin/users/:id`,
      `PATCH ${API_PREFIX}/admin/users/:id`,
      `POST ${API_PREFIX}/admin/users/:id/adjustments`,
      `POST ${API_PREFIX}/admin/users/:id/login-link`,
      `GET ${API_PREFIX}/admin/requests`,
      `GET ${API_PREFIX}/admin/requests/summary`,
      `POST ${API_PREFIX}/admin/requests/:type/:id/decision`,
      `GET ${API_PREFIX}/admin/audit`,
      `PATCH ${API_PREFIX}/admin/settings`,
      `POST ${API_PREFIX}/admin/notifications`,
    ]) {
      expect(adminRoutes.map(routeName)).toContain(name)
    }
    // Every /admin route is behind a token: none was found open.
    expect(open.filter((route) => route.url.startsWith(`${API_PREFIX}/admin`))).toEqual([])

    for (const route of adminRoutes) {
      const request = {
        method: route.method as 'GET',
        url: concreteUrl(route),
        ...(hasBody(route) ? { payload: {} } : {}),
      }
      const asCustomer = await server.app.inject({ ...request, headers: bearer(customer.token) })
      const anonymous = await server.app.inject(request)
      if (route.method === 'HEAD') {
        expect([asCustomer.statusCode, anonymous.statusCode], routeName(route)).toEqual([403, 401])
        continue
      }
      expect(refusal(asCustomer, 403), routeName(route)).toEqual({ message: FORBIDDEN })
      expect(refusal(anonymous, 401), routeName(route)).toEqual({ message: 'Unauthenticated.' })
    }
  })
})

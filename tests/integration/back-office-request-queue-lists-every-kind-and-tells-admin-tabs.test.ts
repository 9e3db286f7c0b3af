// The one request queue (decision 0017): GET /admin/requests lists new sign-ups (type account), auto trader
// and plan upgrade requests together or by type, and the summary counts what is pending. Deciding a sign-up
// approves or rejects the account; the customer's gate releases live (user.updated on their private-user channel,
// which a pending account may hold), and admin tabs subscribed to private-admin hear requests.changed. A customer
// never gets private-admin signed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHANNEL_FORBIDDEN } from '../../server/routes/broadcasting'
import {
  ACCOUNT_STATUS_MESSAGES,
  ADMIN_CHANNEL,
  AdminRequestsResponseSchema,
  BACK_OFFICE_EVENTS,
  CHANNELS,
  PUSH_EVENTS,
  REASON_REQUIRED,
  REQUEST_TYPES,
  RegisterResponseSchema,
  RequestDecisionResponseSchema,
  RequestsSummaryResponseSchema,
  UserUpdatedEventSchema,
  type QueueRequest,
  type RegistrationPayload,
} from '../../src/domain/contract'
import { call, decide, pusherKeyOf, subscriptionRefusal, tokenPusher } from './support/back-office'
import { planIdOf, post, userOf } from './support/marketplace'
import { closeAllClients } from './support/realtime-clients'
import {
  newCustomer,
  recordChannel,
  refusal,
  ROOMY_RATE_LIMITS,
  type ChannelRecorder,
} from './support/trading'
import { DEMO_ADMIN, listenTestApp, loginToken, type ListeningServer } from './support/test-server'

let server: ListeningServer
let pusherKey: string
let adminToken: string
let adminTab: ChannelRecorder
let signUps = 0

beforeAll(async () => {
  server = await listenTestApp({
    realtime: { prices: { ticksPerSecond: 0, seed: 8, historyMinutes: 60 } },
    rateLimits: {
      ...ROOMY_RATE_LIMITS,
      autotraderRequest: { max: 10_000, windowMs: 60_000 },
      planUpgrade: { max: 10_000, windowMs: 60_000 },
    },
  })
  pusherKey = await pusherKeyOf(server.app)
  adminToken = await loginToken(server.app, DEMO_ADMIN)
  adminTab = await recordChannel(server.baseUrl, pusherKey, adminToken, ADMIN_CHANNEL)
})
afterAll(async () => {
  closeAllClients()
  await server?.close()
})

/** A visitor signs up through the API, as the sign-up form does; the site requires approval. */
async function signUp() {
  signUps += 1
  const payload: RegistrationPayload = {
    first_name: 'Nadia',
    last_name: 'Newcomer',
    username: `newcomer${process.pid}x${signUps}`,
    email: `newcomer${process.pid}x${signUps}@example.com`,
    phone: '7700900123',
    country_code: '+44',
    country: 'united-kingdom',
    nationality: 'united-kingdom',
    password: 'Secret123!',
    confirm_password: 'Secret123!',
  }
  const response = await server.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload })
  expect(response.statusCode, response.body).toBe(201)
  const user = RegisterResponseSchema.parse(response.json()).data.user
  expect(user.status).toBe('pending')
  return { user, token: await loginToken(server.app, payload) }
}

async function queue(query = '') {
  const response = await call(server.app, adminToken, 'GET', `/admin/requests${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return AdminRequestsResponseSchema.parse(response.json())
}

const keyOf = (request: Pick<QueueRequest, 'type' | 'id'>) => `${request.type}/${request.id}`

describe('GET /admin/requests', () => {
  it('lists sign-ups, auto trader and plan upgrade requests in one queue, and each type on its own', async () => {
    const signedUp = await signUp()
    const trader = await newCustomer(server.app)
    expect(
      (await post(server.app, trader.token, '/update/autotrader', { autotrader_type: 'low' })).statusCode,
    ).toBe(200)
    const upgrader = await newCustomer(server.app)
    const pro = await planIdOf(server.app, 'pro')
    expect((await post(server.app, upgrader.token, '/plans/upgrade', { plan_id: pro })).statusCode).toBe(200)

    const all = await queue('?status=pending')
    const mine = all.data.filter((request) =>
      [signedUp.user.id, trader.id, upgrader.id].includes(request.user_id),
    )
    expect(mine.map((request) => [request.type, request.user_id, request.detail]).sort()).toEqual(
      [
        ['account', signedUp.user.id, 'New account (United Kingdom)'],
        ['autotrader', trader.id, 'Auto trader: low'],
        ['plan_upgrade', upgrader.id, 'Plan: Pro'],
      ].sort(),
    )
    // A sign-up's request is the account itself.
    expect(mine.find((request) => request.type === 'account')).toMatchObject({
      id: signedUp.user.id,
      user_name: 'Nadia Newcomer',
      email: signedUp.user.email,
      status: 'pending',
    })
    expect(all.data.every((request) => request.status === 'pending')).toBe(true)

    for (const type of ['account', 'autotrader', 'plan_upgrade'] as const) {
      const ofType = await queue(`?type=${type}`)
      expect(ofType.data.length, type).toBeGreaterThan(0)
      expect(
        ofType.data.every((request) => request.type === type),
        type,
      ).toBe(true)
      const ours = mine.find((request) => request.type === type)
      expect(ours, type).toBeDefined()
      expect(ofType.data.map(keyOf)).toContain(ours && keyOf(ours))
    }
    expect((await queue('?type=withdrawal')).data).toEqual([])

    const summary = await call(server.app, adminToken, 'GET', '/admin/requests/summary')
    const counts = RequestsSummaryResponseSchema.parse(summary.json()).data
    expect(counts.pending).toBe(all.meta.total)
    // Every registered type is counted, those added later (funds, verification) included.
    expect(Object.keys(counts.by_type).sort()).toEqual(Object.values(REQUEST_TYPES).sort())
    expect(Object.values(counts.by_type).reduce((sum, count) => sum + count, 0)).toBe(counts.pending)
  })

  it('lists decided requests after the pending ones', async () => {
    const customer = await newCustomer(server.app)
    expect(
      (await post(server.app, customer.token, '/update/autotrader', { autotrader_type: 'medium' }))
        .statusCode,
    ).toBe(200)
    const [request] = (await queue('?type=autotrader&status=pending')).data.filter(
      (candidate) => candidate.user_id === customer.id,
    )
    expect(
      (
        await decide(server.app, adminToken, 'autotrader', request?.id ?? 0, {
          decision: 'reject',
          reason: 'No',
        })
      ).statusCode,
    ).toBe(200)
    const rejected = await queue('?type=autotrader&status=rejected')
    expect(rejected.data.find((candidate) => candidate.id === request?.id)).toMatchObject({
      status: 'rejected',
      reason: 'No',
      decided_by: 'Ada Admin',
    })
    const statuses = (await queue('?type=autotrader')).data.map((candidate) => candidate.status)
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.indexOf('rejected'))
  })
})

describe('deciding a sign-up', () => {
  it("approves the account, releases the customer's gate live and tells admin tabs", async () => {
    const queueChanged = adminTab.next(BACK_OFFICE_EVENTS.REQUESTS_CHANGED)
    const { user, token } = await signUp()
    // A new sign-up reaches open admin tabs at once.
    await queueChanged
    expect(refusal(await call(server.app, token, 'GET', '/open/trades'), 403)).toEqual({
      message: ACCOUNT_STATUS_MESSAGES.pending,
    })
    const gate = await recordChannel(server.baseUrl, pusherKey, token, CHANNELS.user(user.id))

    const released = gate.next(PUSH_EVENTS.USER_UPDATED)
    const decided = adminTab.next(BACK_OFFICE_EVENTS.REQUESTS_CHANGED)
    const response = await decide(server.app, adminToken, 'account', user.id, { decision: 'approve' })
    expect(response.statusCode, response.body).toBe(200)
    expect(RequestDecisionResponseSchema.parse(response.json())).toMatchObject({
      message: 'The request was approved.',
      data: { type: 'account', id: user.id, status: 'approved' },
    })
    expect(UserUpdatedEventSchema.parse(await released).user_id).toBe(user.id)
    await decided

    const me = await userOf(server.app, token)
    expect(me.status).toBe('active')
    expect(me.notifications.map((notification) => notification.title)).toContain('Request approved')
    expect((await call(server.app, token, 'GET', '/open/trades')).statusCode).toBe(200)
    expect((await queue('?type=account&status=pending')).data.map((request) => request.id)).not.toContain(
      user.id,
    )
    expect(
      refusal(await decide(server.app, adminToken, 'account', user.id, { decision: 'approve' }), 409),
    ).toEqual({ message: 'This request has already been decided.' })
  })

  it('rejects only with a reason, deactivates the account and tells the customer why', async () => {
    const customer = await newCustomer(server.app, { status: 'pending' })
    const withoutReason = refusal(
      await decide(server.app, adminToken, 'account', customer.id, { decision: 'reject' }),
      422,
    )
    expect(withoutReason.errors?.reason).toEqual([REASON_REQUIRED])

    const response = await decide(server.app, adminToken, 'account', customer.id, {
      decision: 'reject',
      reason: 'We cannot open accounts in your country.',
    })
    expect(response.statusCode, response.body).toBe(200)
    const me = await userOf(server.app, customer.token)
    expect(me.status).toBe('deactivated')
    expect(me.notifications.map((notification) => notification.message)).toContain(
      'Your account application was rejected: We cannot open accounts in your country.',
    )
    expect(refusal(await call(server.app, customer.token, 'GET', '/open/trades'), 403)).toEqual({
      message: ACCOUNT_STATUS_MESSAGES.deactivated,
    })
  })
})

describe('private-admin', () => {
  it('is never signed for a customer, by the API or through pusher-js', async () => {
    const customer = await newCustomer(server.app)
    const signed = await call(server.app, customer.token, 'POST', '/broadcasting/auth', {
      socket_id: '123.456',
      channel_name: ADMIN_CHANNEL,
    })
    expect(refusal(signed, 403)).toEqual({ message: CHANNEL_FORBIDDEN })
    const client = await tokenPusher(server.baseUrl, pusherKey, customer.token)
    expect(await subscriptionRefusal(client, ADMIN_CHANNEL)).toMatchObject({ error: 'auth answered 403' })
  })
})

// The auto trader (docs/product/marketplace.md#auto-trader) and plan upgrades are requests an admin decides: one
// pending of each per customer (a second answers 409, for the auto trader with 'pending auto trader request' in the
// message), the admin lists show them open ones first, and approving sets the flag or the plan and pushes
// user.updated, which a real pusher-js client on the customer's private channel receives. Customers get 403 on every
// admin route.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { autotraderRequests, planUpgradeRequests } from '../../server/db/schema'
import {
  RequestDecisionResponseSchema,
  AdminRequestsResponseSchema,
  AUTOTRADER_MESSAGES,
  AUTOTRADER_REQUEST_STATUS,
  CHANNELS,
  MessageResponseSchema,
  PUSH_EVENTS,
  UserUpdatedEventSchema,
} from '../../src/domain/contract'
import { planIdOf, post, userOf } from './support/marketplace'
import { closeAllClients, sleep } from './support/realtime-clients'
import { newCustomer, recordChannel, refusal, ROOMY_RATE_LIMITS } from './support/trading'
import { bearer, DEMO_ADMIN, listenTestApp, loginToken, type ListeningServer } from './support/test-server'

const ROOMY = {
  ...ROOMY_RATE_LIMITS,
  autotraderRequest: { max: 10_000, windowMs: 60_000 },
  planUpgrade: { max: 10_000, windowMs: 60_000 },
}

let server: ListeningServer
let pusherKey: string
let adminToken: string

beforeAll(async () => {
  server = await listenTestApp({
    realtime: { prices: { ticksPerSecond: 0, seed: 11, historyMinutes: 60 } },
    rateLimits: ROOMY,
  })
  pusherKey = (await server.app.inject({ url: '/api/v1/settings' })).json().data.realtime.pusher.key
  adminToken = await loginToken(server.app, DEMO_ADMIN)
})
afterAll(async () => {
  closeAllClients()
  await server?.close()
})

const requestAutotrader = (token: string, level: unknown = 'medium') =>
  post(server.app, token, '/update/autotrader', { autotrader_type: level })

async function adminList(type: 'autotrader' | 'plan_upgrade') {
  const response = await server.app.inject({
    url: `/api/v1/admin/requests?type=${type}`,
    headers: bearer(adminToken),
  })
  expect(response.statusCode, response.body).toBe(200)
  return AdminRequestsResponseSchema.parse(response.json()).data
}

describe('auto trader requests', () => {
  it('saves one request; a second while it is pending is refused with the pending message', async () => {
    const customer = await newCustomer(server.app)
    const first = await requestAutotrader(customer.token, 'high')
    expect(first.statusCode, first.body).toBe(200)
    expect(MessageResponseSchema.parse(first.json())).toEqual({ message: AUTOTRADER_MESSAGES.SAVED })

    const second = refusal(await requestAutotrader(customer.token, 'low'), 409)
    expect(second.message).toContain('pending auto trader request')
    expect(second.message).toBe(AUTOTRADER_MESSAGES.SERVER_PENDING)
    const rows = await server.app.db
      .select()
      .from(autotraderRequests)
      .where(eq(autotraderRequests.userId, customer.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ level: 'high', status: 'pending' })
  })

  it('stores one pending request when ten arrive at once', async () => {
    const customer = await newCustomer(server.app)
    const responses = await Promise.all(Array.from({ length: 10 }, () => requestAutotrader(customer.token)))
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200,
      ...Array<number>(9).fill(409),
    ])
    expect(await server.app.db.$count(autotraderRequests, eq(autotraderRequests.userId, customer.id))).toBe(1)
  })

  it('refuses an unknown level with 422 and the level message', async () => {
    const customer = await newCustomer(server.app)
    for (const level of ['extreme', '', 1, null]) {
      const answer = refusal(await requestAutotrader(customer.token, level), 422)
      expect(answer.errors?.autotrader_type).toEqual(['The auto trader level must be low, medium or high'])
    }
  })

  it('on approval sets the flag and pushes user.updated to the customer; a decided request stays decided', async () => {
    const customer = await newCustomer(server.app)
    const channel = await recordChannel(server.baseUrl, pusherKey, customer.token, CHANNELS.user(customer.id))
    expect((await requestAutotrader(customer.token, 'low')).statusCode).toBe(200)

    const listed = await adminList('autotrader')
    const mine = listed.find((request) => request.user_id === customer.id)
    if (!mine) throw new Error('the request should be listed')
    expect(mine).toMatchObject({ status: 'pending', detail: 'Auto trader: low', user_name: 'Other Trader' })
    expect(Date.parse(mine.created_at)).not.toBeNaN()

    const pushed = channel.next(PUSH_EVENTS.USER_UPDATED)
    const approved = await post(server.app, adminToken, `/admin/requests/autotrader/${mine.id}/decision`, {
      decision: 'approve',
    })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(RequestDecisionResponseSchema.parse(approved.json())).toMatchObject({
      message: 'The request was approved.',
      data: { id: mine.id, status: 'approved', user_id: customer.id },
    })
    expect(UserUpdatedEventSchema.parse(await pushed).user_id).toBe(customer.id)
    // What the customer's tab refetches on that push: Auto Trader Active.
    expect((await userOf(server.app, customer.token)).autotrader).toBe(true)

    expect(
      refusal(
        await post(server.app, adminToken, `/admin/requests/autotrader/${mine.id}/decision`, {
          decision: 'reject',
          reason: 'Too late',
        }),
        409,
      ),
    ).toEqual({ message: 'This request has already been decided.' })
    expect((await userOf(server.app, customer.token)).autotrader).toBe(true)
    // Once active, asking again is refused with its own message.
    expect(refusal(await requestAutotrader(customer.token), 409)).toEqual({
      message: 'The auto trader is already active.',
    })
    // Exactly one push for the one decision.
    await sleep(200)
    expect(channel.events.filter((event) => event.event === PUSH_EVENTS.USER_UPDATED)).toHaveLength(1)
  })

  // Decision 0018: the customer's only trace of the request was a 'settings saved' toast.
  it("GET /user says the request is pending until an admin decides it, and the admins' list says whose", async () => {
    const statusOf = async (token: string) => (await userOf(server.app, token)).autotrader_request_status
    const approvedCustomer = await newCustomer(server.app)
    const rejectedCustomer = await newCustomer(server.app)
    expect(await statusOf(approvedCustomer.token)).toBeNull()

    for (const customer of [approvedCustomer, rejectedCustomer]) {
      expect((await requestAutotrader(customer.token)).statusCode).toBe(200)
      expect(await statusOf(customer.token)).toBe(AUTOTRADER_REQUEST_STATUS.PENDING)
    }
    const adminUsers = await server.app.inject({ url: '/api/v1/admin/users', headers: bearer(adminToken) })
    expect(adminUsers.statusCode, adminUsers.body).toBe(200)
    const rows = (adminUsers.json() as { data: { id: number; autotrader_request_status: unknown }[] }).data
    expect(rows.find((row) => row.id === approvedCustomer.id)?.autotrader_request_status).toBe('pending')

    const listed = await adminList('autotrader')
    const requestOf = (userId: number) => listed.find((request) => request.user_id === userId)?.id
    const decide = (userId: number, body: object) =>
      post(server.app, adminToken, `/admin/requests/autotrader/${requestOf(userId)}/decision`, body)
    expect((await decide(approvedCustomer.id, { decision: 'approve' })).statusCode).toBe(200)
    expect((await decide(rejectedCustomer.id, { decision: 'reject', reason: 'Not now' })).statusCode).toBe(
      200,
    )

    expect(await userOf(server.app, approvedCustomer.token)).toMatchObject({
      autotrader: true,
      autotrader_request_status: null,
    })
    expect(await userOf(server.app, rejectedCustomer.token)).toMatchObject({
      autotrader: false,
      autotrader_request_status: null,
    })
  })

  it('on rejection leaves the flag off and lets the customer ask again', async () => {
    const customer = await newCustomer(server.app)
    expect((await requestAutotrader(customer.token)).statusCode).toBe(200)
    const mine = (await adminList('autotrader')).find((request) => request.user_id === customer.id)
    const rejected = await post(server.app, adminToken, `/admin/requests/autotrader/${mine?.id}/decision`, {
      decision: 'reject',
      reason: 'Not this month',
    })
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect((await userOf(server.app, customer.token)).autotrader).toBe(false)
    expect((await requestAutotrader(customer.token)).statusCode).toBe(200)

    // Open requests come first in the admin's list.
    const statuses = (await adminList('autotrader')).map((request) => request.status)
    expect(statuses.indexOf('pending')).toBe(0)
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.indexOf('rejected'))
  })

  it('answers 404 for a request that does not exist', async () => {
    for (const type of ['autotrader', 'plan_upgrade', 'account']) {
      expect(
        refusal(
          await post(server.app, adminToken, `/admin/requests/${type}/999999/decision`, {
            decision: 'approve',
          }),
          404,
        ),
      ).toEqual({ message: 'Request not found' })
    }
  })
})

describe('plan upgrade requests', () => {
  it('refuses an unknown plan, the current plan and a second pending request; approval moves the plan', async () => {
    const customer = await newCustomer(server.app)
    const pro = await planIdOf(server.app, 'pro')
    const basic = await planIdOf(server.app, 'basic')
    const upgrade = (planId: unknown) =>
      post(server.app, customer.token, '/plans/upgrade', { plan_id: planId })

    expect(refusal(await upgrade(999_999), 404)).toEqual({ message: 'Plan not found' })
    expect(refusal(await upgrade(basic), 422).message).toBe('You are already on this plan.')
    expect(refusal(await upgrade('pro'), 422).message).toBe('The given data was invalid.')

    const sent = await upgrade(pro)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toEqual({
      message: 'Your upgrade request has been sent. We will be in touch shortly.',
    })
    expect(refusal(await upgrade(pro), 409).message).toContain('pending plan upgrade request')
    expect(await server.app.db.$count(planUpgradeRequests, eq(planUpgradeRequests.userId, customer.id))).toBe(
      1,
    )

    const channel = await recordChannel(server.baseUrl, pusherKey, customer.token, CHANNELS.user(customer.id))
    const mine = (await adminList('plan_upgrade')).find((request) => request.user_id === customer.id)
    expect(mine).toMatchObject({ status: 'pending', detail: 'Plan: Pro' })
    const pushed = channel.next(PUSH_EVENTS.USER_UPDATED)
    const approved = await post(server.app, adminToken, `/admin/requests/plan_upgrade/${mine?.id}/decision`, {
      decision: 'approve',
    })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(UserUpdatedEventSchema.parse(await pushed).user_id).toBe(customer.id)
    expect((await userOf(server.app, customer.token)).account_type).toMatchObject({
      id: pro,
      title: 'Pro',
      leverage: 200,
    })
    expect(refusal(await upgrade(pro), 422).message).toBe('You are already on this plan.')
  })
})

describe('admin routes', () => {
  const ADMIN_CALLS = [
    { method: 'GET', url: '/api/v1/admin/requests' },
    { method: 'GET', url: '/api/v1/admin/requests?type=plan_upgrade' },
    { method: 'POST', url: '/api/v1/admin/requests/autotrader/1/decision', payload: { decision: 'approve' } },
    {
      method: 'POST',
      url: '/api/v1/admin/requests/plan_upgrade/1/decision',
      payload: { decision: 'approve' },
    },
    {
      method: 'POST',
      url: '/api/v1/admin/notifications',
      payload: { user_id: 1, title: 'Hello', message: 'From a customer' },
    },
  ] as const

  it('refuses a customer with 403 on every one, and anyone without a token with 401', async () => {
    const customer = await newCustomer(server.app)
    for (const call of ADMIN_CALLS) {
      const asCustomer = await server.app.inject({ ...call, headers: bearer(customer.token) })
      expect(refusal(asCustomer, 403), call.url).toEqual({ message: 'This action is unauthorized.' })
      const anonymous = await server.app.inject(call)
      expect(anonymous.statusCode, call.url).toBe(401)
    }
  })
})

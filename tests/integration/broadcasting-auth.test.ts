// POST /broadcasting/auth (docs/product/realtime.md#channel-authorisation, docs/architecture.md#the-server): a
// private channel is signed only for its owner. A customer gets their own user, notification, trade and chat
// channels; an admin gets any customer's chat channel and their own user and notification channels, and the staff's
// presence channel, presence-admin.online, as a member named by name and role (decision 0036); nobody gets anything
// else.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACCOUNT_STATUS_MESSAGES,
  ADMIN_PRESENCE_CHANNEL,
  ApiErrorSchema,
  BroadcastingAuthResponseSchema,
  CHANNELS,
  type UserStatus,
} from '../../src/domain/contract'
import { users } from '../../server/db/schema'
import { channelAuthMatches } from '../../server/realtime/broker/signatures'
import { CHANNEL_FORBIDDEN } from '../../server/routes/broadcasting'
import { bearer, createTestApp, DEMO_ADMIN, DEMO_CUSTOMER, loginToken } from './support/test-server'

const SOCKET_ID = '123456.7890123'

let app: FastifyInstance
let customerToken: string
let adminToken: string
let customerId: number
let adminId: number
let credentials: { key: string; secret: string }

async function idOf(token: string): Promise<number> {
  const me = await app.inject({ url: '/api/v1/user', headers: bearer(token) })
  return (me.json() as { data: { id: number } }).data.id
}

function authorize(token: string | undefined, body: unknown, contentType = 'application/json') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/broadcasting/auth',
    headers: { ...(token === undefined ? {} : bearer(token)), 'content-type': contentType },
    payload: contentType === 'application/json' ? JSON.stringify(body) : String(body),
  })
}

async function expectSigned(token: string, channel: string) {
  const response = await authorize(token, { socket_id: SOCKET_ID, channel_name: channel })
  expect(response.statusCode, `${channel}: ${response.body}`).toBe(200)
  const { auth } = BroadcastingAuthResponseSchema.parse(response.json())
  // The broker accepts exactly this signature for this socket and channel, and no other channel.
  expect(channelAuthMatches(credentials, auth, SOCKET_ID, channel)).toBe(true)
  expect(channelAuthMatches(credentials, auth, SOCKET_ID, `${channel}0`)).toBe(false)
  expect(response.headers['cache-control']).toBe('no-store')
}

async function expectForbidden(token: string, channel: string, message: string = CHANNEL_FORBIDDEN) {
  const response = await authorize(token, { socket_id: SOCKET_ID, channel_name: channel })
  expect(response.statusCode, `${channel}: ${response.body}`).toBe(403)
  expect(ApiErrorSchema.parse(response.json()).message).toBe(message)
}

async function setStatus(userId: number, status: UserStatus) {
  await app.db.update(users).set({ status }).where(eq(users.id, userId))
}

beforeAll(async () => {
  app = await createTestApp({ realtime: { prices: { ticksPerSecond: 0 } } })
  customerToken = await loginToken(app, DEMO_CUSTOMER)
  adminToken = await loginToken(app, DEMO_ADMIN)
  customerId = await idOf(customerToken)
  adminId = await idOf(adminToken)
  const stored = await app.repos.realtimeCredentials.getOrCreate()
  credentials = { key: stored.pusherKey, secret: stored.pusherSecret }
})
afterAll(async () => {
  await app?.close()
})

describe('a customer', () => {
  it('gets their own user, notification, trade and chat channels signed', async () => {
    for (const channel of [
      CHANNELS.user(customerId),
      CHANNELS.notification(customerId),
      CHANNELS.trade(customerId),
      CHANNELS.chatCustomer(customerId),
    ]) {
      await expectSigned(customerToken, channel)
    }
  })

  it("cannot get another customer's channels, or the admin's", async () => {
    const otherId = customerId + 1000
    for (const id of [otherId, adminId]) {
      for (const channel of [
        CHANNELS.user(id),
        CHANNELS.notification(id),
        CHANNELS.trade(id),
        CHANNELS.chatCustomer(id),
      ]) {
        await expectForbidden(customerToken, channel)
      }
    }
  })

  it('cannot get channels outside the private ones the product uses', async () => {
    for (const channel of [
      `presence-chat.customer.${customerId}`,
      `private-encrypted-user.${customerId}`,
      `private-admin.${customerId}`,
      `private-user.${customerId}.extra`,
      `private-user.0${customerId}`,
      `private-chat.customer.0${customerId}`,
      `private-user.${customerId}.`,
      'public-prices',
      `user.${customerId}`,
    ]) {
      await expectForbidden(customerToken, channel)
    }
  })

  it('still gets their own channels while pending approval, so approval reaches them live', async () => {
    await setStatus(customerId, 'pending')
    try {
      await expectSigned(customerToken, CHANNELS.user(customerId))
    } finally {
      await setStatus(customerId, 'active')
    }
  })
})

describe('an admin', () => {
  it("can sign any customer's chat channel, and their own user and notification channels", async () => {
    for (const id of [customerId, customerId + 1, 987_654])
      await expectSigned(adminToken, CHANNELS.chatCustomer(id))
    await expectSigned(adminToken, CHANNELS.user(adminId))
    await expectSigned(adminToken, CHANNELS.notification(adminId))
  })

  it("cannot get a customer's user, notification or trade channel", async () => {
    for (const channel of [
      CHANNELS.user(customerId),
      CHANNELS.notification(customerId),
      CHANNELS.trade(customerId),
      CHANNELS.trade(adminId),
    ]) {
      await expectForbidden(adminToken, channel)
    }
  })

  it('joins presence-admin.online as a member carrying their name and role; a customer gets 403', async () => {
    const response = await authorize(adminToken, {
      socket_id: SOCKET_ID,
      channel_name: ADMIN_PRESENCE_CHANNEL,
    })
    expect(response.statusCode, response.body).toBe(200)
    const { auth, channel_data: channelData } = BroadcastingAuthResponseSchema.parse(response.json())
    const me = await app.inject({ url: '/api/v1/user', headers: bearer(adminToken) })
    const { first_name: first, last_name: last } = (
      me.json() as { data: { first_name: string; last_name: string } }
    ).data
    expect(JSON.parse(channelData ?? '')).toEqual({
      user_id: String(adminId),
      user_info: { name: `${first} ${last}`, role: 'admin' },
    })
    // Signed over the member data: the broker takes exactly this member, and no other.
    expect(channelAuthMatches(credentials, auth, SOCKET_ID, ADMIN_PRESENCE_CHANNEL, channelData)).toBe(true)
    expect(channelAuthMatches(credentials, auth, SOCKET_ID, ADMIN_PRESENCE_CHANNEL)).toBe(false)

    await expectForbidden(customerToken, ADMIN_PRESENCE_CHANNEL)
    // Every other presence channel stays refused, to admins too.
    for (const channel of ['presence-admin', 'presence-admin.online2', 'presence-admin.online.1'])
      await expectForbidden(adminToken, channel)
    await setStatus(adminId, 'deactivated')
    try {
      await expectForbidden(adminToken, ADMIN_PRESENCE_CHANNEL, ACCOUNT_STATUS_MESSAGES.deactivated)
    } finally {
      await setStatus(adminId, 'active')
    }
  })

  it('reads no customer chat while deactivated: the account status is the reason given', async () => {
    await setStatus(adminId, 'deactivated')
    try {
      await expectForbidden(
        adminToken,
        CHANNELS.chatCustomer(customerId),
        ACCOUNT_STATUS_MESSAGES.deactivated,
      )
    } finally {
      await setStatus(adminId, 'active')
    }
  })
})

describe('requests', () => {
  it('refuses a malformed socket_id with 422 before signing anything', async () => {
    for (const socketId of ['', '123', 'abc.def', '1.2.3', '1.2 ', ' 1.2', '-1.2', '1..2', '１.２']) {
      const response = await authorize(customerToken, {
        socket_id: socketId,
        channel_name: CHANNELS.user(customerId),
      })
      expect(response.statusCode, JSON.stringify(socketId)).toBe(422)
      expect(ApiErrorSchema.parse(response.json()).errors).toHaveProperty('socket_id')
    }
  })

  it('refuses a missing or overlong channel name with 422', async () => {
    expect((await authorize(customerToken, { socket_id: SOCKET_ID })).statusCode).toBe(422)
    const long = `private-user.${'1'.repeat(200)}`
    expect((await authorize(customerToken, { socket_id: SOCKET_ID, channel_name: long })).statusCode).toBe(
      422,
    )
  })

  it('refuses a caller without a valid bearer token with 401', async () => {
    const body = { socket_id: SOCKET_ID, channel_name: CHANNELS.user(customerId) }
    expect((await authorize(undefined, body)).statusCode).toBe(401)
    expect((await authorize('not-a-token', body)).statusCode).toBe(401)
  })

  it("takes the form encoding pusher-js's default authoriser posts", async () => {
    const form = new URLSearchParams({ socket_id: SOCKET_ID, channel_name: CHANNELS.trade(customerId) })
    const response = await authorize(customerToken, form.toString(), 'application/x-www-form-urlencoded')
    expect(response.statusCode).toBe(200)
    const { auth } = BroadcastingAuthResponseSchema.parse(response.json())
    expect(channelAuthMatches(credentials, auth, SOCKET_ID, CHANNELS.trade(customerId))).toBe(true)

    const other = new URLSearchParams({ socket_id: SOCKET_ID, channel_name: CHANNELS.trade(adminId) })
    expect(
      (await authorize(customerToken, other.toString(), 'application/x-www-form-urlencoded')).statusCode,
    ).toBe(403)
  })

  it('keeps form encoding to this route: other routes still refuse it with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=demo%40example.com&password=Demo1234!',
    })
    expect(response.statusCode).toBe(415)
  })
})

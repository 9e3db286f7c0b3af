// Notifications (docs/product/data-model.md#chat-message, docs/product/orders-and-alerts.md#notifications and
// docs/product/realtime.md#push-channels-and-events): an admin's notification is stored and pushed as
// notification.message on the customer's private channel, which a real pusher-js client receives; the user object
// lists it unread first; the owner marks it read (user.updated tells their other tabs), and anyone else gets the same
// 404 as for a notification that does not exist.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '../../server/db/schema'
import {
  AdminUsersResponseSchema,
  CHANNELS,
  NotificationEventSchema,
  PUSH_EVENTS,
  SendNotificationResponseSchema,
  UserUpdatedEventSchema,
} from '../../src/domain/contract'
import { post, userOf } from './support/marketplace'
import { closeAllClients, sleep } from './support/realtime-clients'
import { newCustomer, recordChannel, refusal, ROOMY_RATE_LIMITS } from './support/trading'
import { bearer, DEMO_ADMIN, listenTestApp, loginToken, type ListeningServer } from './support/test-server'

let server: ListeningServer
let pusherKey: string
let adminToken: string

beforeAll(async () => {
  server = await listenTestApp({
    realtime: { prices: { ticksPerSecond: 0, seed: 13, historyMinutes: 60 } },
    rateLimits: ROOMY_RATE_LIMITS,
  })
  pusherKey = (await server.app.inject({ url: '/api/v1/settings' })).json().data.realtime.pusher.key
  adminToken = await loginToken(server.app, DEMO_ADMIN)
})
afterAll(async () => {
  closeAllClients()
  await server?.close()
})

const send = (payload: object) => post(server.app, adminToken, '/admin/notifications', payload)

describe('an admin notification', () => {
  it('is stored and pushed as notification.message to that customer only', async () => {
    const customer = await newCustomer(server.app)
    const bystander = await newCustomer(server.app)
    const channel = await recordChannel(
      server.baseUrl,
      pusherKey,
      customer.token,
      CHANNELS.notification(customer.id),
    )
    const otherChannel = await recordChannel(
      server.baseUrl,
      pusherKey,
      bystander.token,
      CHANNELS.notification(bystander.id),
    )

    const pushed = channel.next(PUSH_EVENTS.NOTIFICATION_MESSAGE)
    const response = await send({
      user_id: customer.id,
      title: '  Margin call  ',
      message: 'Your margin level is below 50%.',
      color: 'danger',
    })
    expect(response.statusCode, response.body).toBe(201)
    const { message, data } = SendNotificationResponseSchema.parse(response.json())
    expect(message).toBe('Notification sent')
    expect(data).toMatchObject({
      title: 'Margin call',
      message: 'Your margin level is below 50%.',
      color: 'danger',
    })

    expect(NotificationEventSchema.parse(await pushed)).toEqual(data)
    const user = await userOf(server.app, customer.token)
    expect(user.notifications[0]).toEqual({ ...data, read: false })

    await sleep(200)
    expect(otherChannel.events).toEqual([])
    expect((await userOf(server.app, bystander.token)).notifications).toEqual([])
  })

  it('defaults its colour to info, refuses bad input with 422 and an unknown user with 404', async () => {
    const customer = await newCustomer(server.app)
    const plain = await send({ user_id: customer.id, title: 'Hello', message: 'Welcome aboard.' })
    expect(SendNotificationResponseSchema.parse(plain.json()).data.color).toBe('info')

    expect(refusal(await send({ user_id: customer.id, title: ' ', message: 'x' }), 422).errors).toEqual({
      title: ['A title is required'],
    })
    expect(
      refusal(await send({ user_id: customer.id, title: 'x', message: 'x', color: 'pink' }), 422).errors,
    ).toHaveProperty('color')
    expect(refusal(await send({ user_id: 999_999, title: 'x', message: 'x' }), 404)).toEqual({
      message: 'User not found',
    })
    // Ids beyond int4 are bounded by the contract (decision 0018).
    expect(refusal(await send({ user_id: 2_147_483_648, title: 'x', message: 'x' }), 422).errors).toEqual({
      user_id: ['The id is too large'],
    })
  })
})

describe('POST /notifications/{id}/read', () => {
  it('marks the owner’s notification read, unread ones stay first, and the other tabs are told', async () => {
    const customer = await newCustomer(server.app)
    const sent = []
    for (const title of ['First', 'Second', 'Third']) {
      const response = await send({ user_id: customer.id, title, message: `${title} message` })
      sent.push(SendNotificationResponseSchema.parse(response.json()).data)
    }
    const [first, second, third] = sent
    if (!first || !second || !third) throw new Error('three notifications should have been sent')
    expect((await userOf(server.app, customer.token)).notifications.map((n) => n.title)).toEqual([
      'Third',
      'Second',
      'First',
    ])

    const channel = await recordChannel(server.baseUrl, pusherKey, customer.token, CHANNELS.user(customer.id))
    const pushed = channel.next(PUSH_EVENTS.USER_UPDATED)
    const read = await post(server.app, customer.token, `/notifications/${third.id}/read`)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toEqual({ message: 'Notification marked as read' })
    expect(UserUpdatedEventSchema.parse(await pushed).user_id).toBe(customer.id)

    const after = (await userOf(server.app, customer.token)).notifications
    expect(after.map((n) => [n.title, n.read])).toEqual([
      ['Second', false],
      ['First', false],
      ['Third', true],
    ])
    // The admin's user list shows each user's notifications in the same order.
    const listed = await server.app.inject({ url: '/api/v1/admin/users', headers: bearer(adminToken) })
    const users = AdminUsersResponseSchema.parse(listed.json()).data
    expect(users.find((user) => user.id === customer.id)?.notifications).toEqual(after)

    // A second dismissal (another tab) answers the same and keeps the first read time.
    const [row] = await server.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, Number(third.id)))
    const again = await post(server.app, customer.token, `/notifications/${third.id}/read`)
    expect(again.statusCode).toBe(200)
    const [rowAgain] = await server.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, Number(third.id)))
    expect(rowAgain?.readAt).toEqual(row?.readAt)
  })

  it('answers 404 for another user’s notification, exactly as for one that does not exist', async () => {
    const owner = await newCustomer(server.app)
    const other = await newCustomer(server.app)
    const sent = await send({ user_id: owner.id, title: 'Private', message: 'For the owner only.' })
    const { id } = SendNotificationResponseSchema.parse(sent.json()).data

    const stranger = await post(server.app, other.token, `/notifications/${id}/read`)
    const missing = await post(server.app, other.token, '/notifications/999999/read')
    expect(refusal(stranger, 404)).toEqual({ message: 'Notification not found' })
    expect(stranger.body).toBe(missing.body)
    expect(stranger.statusCode).toBe(missing.statusCode)
    // The admin is no exception: this route is the owner's dismissal, not a back-office tool.
    expect(refusal(await post(server.app, adminToken, `/notifications/${id}/read`), 404).message).toBe(
      'Notification not found',
    )

    const [row] = await server.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, Number(id)))
    expect(row?.readAt).toBeNull()
    expect((await userOf(server.app, owner.token)).notifications[0]).toMatchObject({ id, read: false })
  })

  it('refuses malformed ids and any body with 422', async () => {
    const customer = await newCustomer(server.app)
    for (const id of ['temp-1', 'abc', '0', '-3', '2147483648']) {
      expect((await post(server.app, customer.token, `/notifications/${id}/read`)).statusCode, id).toBe(422)
    }
    const withBody = await post(server.app, customer.token, '/notifications/1/read', { read: true })
    expect(refusal(withBody, 422).message).toBe('The given data was invalid.')
  })
})

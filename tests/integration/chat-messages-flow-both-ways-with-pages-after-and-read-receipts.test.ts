// The support chat between a customer and the admins (docs/product/chat.md#unread-notifier, #admin-console, #messages
// and docs/product/realtime.md#push-channels-and-events; decision 0010): messages both ways, stored before they are
// published on private-chat.customer.{id} (received here by real pusher-js clients), pages of 50 newest first,
// `after` inclusive and ascending, idempotent client_message_id, unread counts, read receipts (message.read), and the
// admin console's user list with real is_online and unread_count.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages } from '../../server/db/schema'
import {
  CHANNELS,
  CHAT_PAGE_SIZE,
  ChatMessagesResponseSchema,
  MessageReadEventSchema,
  MessageSentEventSchema,
  PUSH_EVENTS,
  SendChatMessageResponseSchema,
  type ChatMessage,
} from '../../src/domain/contract'
import {
  getMessages,
  listMessages,
  markRead,
  postMessage,
  sendMessage,
  unreadCount,
  wholeConversation,
} from './support/chat'
import { closeAllClients, eventually, sleep } from './support/realtime-clients'
import {
  bearer,
  DEMO_ADMIN,
  listenTestApp,
  loginToken,
  movableClock,
  type ListeningServer,
} from './support/test-server'
import { newCustomer, recordChannel, type ChannelRecorder } from './support/trading'

const clock = movableClock()
let server: ListeningServer
let adminToken: string
let pusherKey: string

beforeAll(async () => {
  server = await listenTestApp({ now: clock.now })
  adminToken = await loginToken(server.app, DEMO_ADMIN)
  pusherKey = (await server.app.inject({ url: '/api/v1/settings' })).json().data.realtime.pusher.key
})
afterAll(async () => {
  closeAllClients()
  await server?.close()
})

const app = () => server.app
const rowsOf = (customerId: number) =>
  app().db.select().from(chatMessages).where(eq(chatMessages.customerId, customerId)).orderBy(chatMessages.id)

describe('messages both ways', () => {
  let customer: { id: number; token: string }
  let customerChannel: ChannelRecorder
  let adminChannel: ChannelRecorder

  beforeAll(async () => {
    customer = await newCustomer(app())
    const channel = CHANNELS.chatCustomer(customer.id)
    customerChannel = await recordChannel(server.baseUrl, pusherKey, customer.token, channel)
    adminChannel = await recordChannel(server.baseUrl, pusherKey, adminToken, channel)
  })

  it('stores a customer message in their conversation and pushes message.sent to both sides', async () => {
    const toCustomer = customerChannel.next(PUSH_EVENTS.MESSAGE_SENT)
    const toAdmin = adminChannel.next(PUSH_EVENTS.MESSAGE_SENT)
    const sent = await sendMessage(app(), customer.token, { message: 'Hello, I need help with a withdrawal' })
    expect(sent).toMatchObject({
      customer_id: customer.id,
      sender_id: customer.id,
      is_admin: false,
      message: 'Hello, I need help with a withdrawal',
      sender: { first_name: 'Other', name: 'Other Trader', avatar: null },
      read_at: null,
      attachments: [],
    })
    // Stored before it was published: the row exists, and the pushed message is the stored one.
    const [row] = await rowsOf(customer.id)
    expect(row?.id).toBe(sent.id)
    expect(MessageSentEventSchema.parse(await toCustomer).message).toEqual(sent)
    expect(MessageSentEventSchema.parse(await toAdmin).message).toEqual(sent)
  })

  it('lets an admin answer in the conversation they name, and both sides list it', async () => {
    const pushed = customerChannel.next(PUSH_EVENTS.MESSAGE_SENT)
    const reply = await sendMessage(app(), adminToken, { message: 'Happy to help', customer_id: customer.id })
    expect(reply).toMatchObject({
      customer_id: customer.id,
      is_admin: true,
      sender: { first_name: 'Ada', name: 'Ada Admin' },
    })
    expect(MessageSentEventSchema.parse(await pushed).message.id).toBe(reply.id)

    const asCustomer = await listMessages(app(), customer.token)
    const asAdmin = await listMessages(app(), adminToken, { customer_id: customer.id })
    expect(asCustomer).toEqual(asAdmin)
    expect(asCustomer.data.map((message) => message.message)).toEqual([
      'Hello, I need help with a withdrawal',
      'Happy to help',
    ])
    expect(asCustomer.next_page_url).toBeNull()
  })

  it('refuses an empty or blank message, and an admin who names no conversation or an unknown one', async () => {
    for (const body of [{}, { message: '' }, { message: '  \n\t ' }, { message: '', attachments: [] }]) {
      const response = await postMessage(app(), customer.token, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(422)
      expect(response.json().errors.message).toEqual(['Type a message or attach a file.'])
    }
    const unnamed = await postMessage(app(), adminToken, { message: 'to whom?' })
    expect(unnamed.statusCode).toBe(422)
    expect(unnamed.json().errors).toHaveProperty('customer_id')
    expect((await getMessages(app(), adminToken)).statusCode).toBe(422)
    const unknown = await postMessage(app(), adminToken, { message: 'hi', customer_id: 2_000_000 })
    expect(unknown.statusCode).toBe(404)
    expect((await getMessages(app(), adminToken, { customer_id: 2_000_000 })).statusCode).toBe(404)
    // An admin's own id is no customer's conversation.
    const adminId = (await app().inject({ url: '/api/v1/user', headers: bearer(adminToken) })).json().data.id
    expect((await postMessage(app(), adminToken, { message: 'hi', customer_id: adminId })).statusCode).toBe(
      404,
    )
    expect(await rowsOf(customer.id)).toHaveLength(2)
  })

  it('stores a retried client_message_id once and answers the first message again, without a second push', async () => {
    const before = customerChannel.events.length
    const body = { message: 'Sent twice by a flaky network', client_message_id: 'retry-0000000001' }
    const first = await postMessage(app(), customer.token, body)
    expect(first.statusCode).toBe(201)
    const again = await postMessage(app(), customer.token, { ...body, message: 'changed on retry' })
    expect(again.statusCode).toBe(200)
    const original = SendChatMessageResponseSchema.parse(first.json()).data
    expect(SendChatMessageResponseSchema.parse(again.json()).data).toEqual(original)
    // At once, too: five concurrent retries of a new id store one row.
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        postMessage(app(), customer.token, { message: 'burst', client_message_id: 'burst-0000000001' }),
      ),
    )
    expect(burst.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201])
    expect(new Set(burst.map((response) => response.json().data.id)).size).toBe(1)
    const stored = await app()
      .db.select()
      .from(chatMessages)
      .where(
        and(eq(chatMessages.senderId, customer.id), eq(chatMessages.clientMessageId, 'retry-0000000001')),
      )
    expect(stored).toHaveLength(1)
    // Another sender may use the same id: it is unique per sender.
    const adminsOwn = await postMessage(app(), adminToken, {
      message: 'same id, other sender',
      customer_id: customer.id,
      client_message_id: 'retry-0000000001',
    })
    expect(adminsOwn.statusCode).toBe(201)
    await eventually(() => expect(customerChannel.events.length - before).toBe(3))
    await sleep(300)
    const pushedIds = customerChannel.events
      .slice(before)
      .map((event) => MessageSentEventSchema.parse(event.data).message.id)
    expect(new Set(pushedIds).size).toBe(3)
  })
})

describe('pages and after', () => {
  let customer: { id: number; token: string }
  let sent: ChatMessage[]

  beforeAll(async () => {
    customer = await newCustomer(app())
    sent = []
    // 120 messages, both sides, as fast as they come: several share a millisecond of the real clock.
    for (let index = 0; index < 120; index += 1) {
      const fromAdmin = index % 3 === 2
      sent.push(
        await sendMessage(app(), fromAdmin ? adminToken : customer.token, {
          message: `message ${index}`,
          ...(fromAdmin ? { customer_id: customer.id } : {}),
        }),
      )
    }
  })

  it('orders a conversation by id and gives every message its own, strictly later created_at', () => {
    for (let index = 1; index < sent.length; index += 1) {
      const previous = sent[index - 1] as ChatMessage
      const current = sent[index] as ChatMessage
      expect(current.id).toBeGreaterThan(previous.id)
      expect(Date.parse(current.created_at)).toBeGreaterThan(Date.parse(previous.created_at))
    }
  })

  it('pages newest first, each page oldest first, with next_page_url to the older ones', async () => {
    const first = await listMessages(app(), customer.token)
    expect(first.data.map((message) => message.id)).toEqual(
      sent.slice(-CHAT_PAGE_SIZE).map((message) => message.id),
    )
    expect(first.next_page_url).toBe('/api/v1/chat/messages?page=2')
    const asAdmin = await listMessages(app(), adminToken, { customer_id: customer.id })
    expect(asAdmin.next_page_url).toBe(`/api/v1/chat/messages?page=2&customer_id=${customer.id}`)

    const second = await listMessages(app(), customer.token, { page: 2 })
    expect(second.data.map((message) => message.id)).toEqual(
      sent.slice(-100, -50).map((message) => message.id),
    )
    const third = await listMessages(app(), customer.token, { page: 3 })
    expect(third.data).toHaveLength(20)
    expect(third.next_page_url).toBeNull()
    expect((await listMessages(app(), customer.token, { page: 4 })).data).toEqual([])

    expect(await wholeConversation(app(), customer.token)).toEqual(sent)
    expect(await wholeConversation(app(), adminToken, customer.id)).toEqual(sent)
  })

  it('answers `after` inclusively and in ascending order, at most a page, next_page_url for the rest', async () => {
    const from = sent[60] as ChatMessage
    const page = await listMessages(app(), customer.token, { after: from.created_at })
    expect(page.data.map((message) => message.id)).toEqual(sent.slice(60, 110).map((message) => message.id))
    expect(page.next_page_url).not.toBeNull()
    const rest = await app().inject({ url: page.next_page_url ?? '', headers: bearer(customer.token) })
    expect(ChatMessagesResponseSchema.parse(rest.json()).data.map((message) => message.id)).toEqual(
      sent.slice(110).map((message) => message.id),
    )
    expect(ChatMessagesResponseSchema.parse(rest.json()).next_page_url).toBeNull()

    // The newest message's own instant still answers it (inclusive), and other offsets name the same instant.
    const last = sent.at(-1) as ChatMessage
    expect((await listMessages(app(), customer.token, { after: last.created_at })).data).toEqual([last])
    const offset = new Date(Date.parse(last.created_at)).toISOString().replace('Z', '+00:00')
    expect((await listMessages(app(), customer.token, { after: offset })).data).toEqual([last])
    const later = new Date(Date.parse(last.created_at) + 1).toISOString()
    expect((await listMessages(app(), customer.token, { after: later })).data).toEqual([])
  })

  it('refuses a malformed after or page with 422', async () => {
    for (const query of [
      { after: 'yesterday' },
      { after: '2024-13-01T00:00:00Z' },
      { page: 0 },
      { page: 'x' },
    ]) {
      const response = await getMessages(app(), customer.token, query)
      expect(response.statusCode, JSON.stringify(query)).toBe(422)
    }
  })
})

describe('unread counts and read receipts', () => {
  let customer: { id: number; token: string }
  let other: { id: number; token: string }
  let channel: ChannelRecorder

  beforeAll(async () => {
    customer = await newCustomer(app())
    other = await newCustomer(app())
    channel = await recordChannel(server.baseUrl, pusherKey, adminToken, CHANNELS.chatCustomer(customer.id))
  })

  it('counts, for a customer, what support wrote that they have not read; for admins, every customer’s', async () => {
    const adminBefore = await unreadCount(app(), adminToken)
    await sendMessage(app(), customer.token, { message: 'one' })
    await sendMessage(app(), customer.token, { message: 'two' })
    await sendMessage(app(), other.token, { message: 'from someone else' })
    expect(await unreadCount(app(), adminToken)).toBe(adminBefore + 3)
    expect(await unreadCount(app(), customer.token)).toBe(0)

    for (const text of ['a', 'b', 'c']) {
      await sendMessage(app(), adminToken, { message: text, customer_id: customer.id })
    }
    expect(await unreadCount(app(), customer.token)).toBe(3)
    expect(await unreadCount(app(), other.token)).toBe(0)
    // The user object carries the same figure (docs/product/data-model.md#user.unread_count).
    const me = await app().inject({ url: '/api/v1/user', headers: bearer(customer.token) })
    expect(me.json().data.unread_count).toBe(3)
  })

  it('marks support’s messages read up to an id, pushes message.read for each, and counts them no more', async () => {
    const conversation = await wholeConversation(app(), customer.token)
    const fromSupport = conversation.filter((message) => message.is_admin)
    const upTo = fromSupport[1] as ChatMessage
    const readEvents = () =>
      channel.events
        .filter((event) => event.event === PUSH_EVENTS.MESSAGE_READ)
        .map((event) => MessageReadEventSchema.parse(event.data))

    const response = await markRead(app(), customer.token, { up_to_id: upTo.id })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ unread_count: 1 })
    await eventually(() => expect(readEvents()).toHaveLength(2))
    const after = await wholeConversation(app(), adminToken, customer.id)
    const readNow = after.filter((message) => message.is_admin && message.read_at !== null)
    expect(readNow.map((message) => message.id)).toEqual([fromSupport[0]?.id, fromSupport[1]?.id])
    expect(readEvents()).toEqual(
      readNow.map((message) => ({ message_id: message.id, read_at: message.read_at })),
    )
    // The customer's own messages are the admins' to mark, not theirs.
    expect(after.filter((message) => !message.is_admin).every((message) => message.read_at === null)).toBe(
      true,
    )

    // Marking again changes nothing and publishes nothing.
    const again = await markRead(app(), customer.token, { up_to_id: upTo.id })
    expect(again.json()).toEqual({ unread_count: 1 })
    await sleep(200)
    expect(readEvents()).toHaveLength(2)
  })

  it('lets an admin mark a customer’s messages read in the conversation they name', async () => {
    const adminBefore = await unreadCount(app(), adminToken)
    const conversation = await wholeConversation(app(), adminToken, customer.id)
    const last = conversation.at(-1) as ChatMessage
    const unnamed = await markRead(app(), adminToken, { up_to_id: last.id })
    expect(unnamed.statusCode).toBe(422)
    const response = await markRead(app(), adminToken, { customer_id: customer.id, up_to_id: last.id })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ unread_count: adminBefore - 2 })
    const after = await wholeConversation(app(), customer.token)
    expect(after.filter((message) => !message.is_admin).every((message) => message.read_at !== null)).toBe(
      true,
    )
    // The other customer's message is still unread by support.
    expect((await wholeConversation(app(), other.token))[0]?.read_at).toBeNull()
  })
})

describe('the admin console’s user list', () => {
  it('shows each customer’s unread messages and whether a heartbeat came in the last 2 minutes', async () => {
    const quiet = await newCustomer(app())
    const chatty = await newCustomer(app())
    for (const text of ['are you there?', 'hello?', 'anyone?'])
      await sendMessage(app(), chatty.token, { message: text })
    const heartbeat = await app().inject({
      method: 'POST',
      url: '/api/v1/user/heartbeat',
      headers: bearer(chatty.token),
    })
    expect(heartbeat.statusCode).toBe(200)

    const listed = async () => {
      const response = await app().inject({ url: '/api/v1/admin/users', headers: bearer(adminToken) })
      expect(response.statusCode).toBe(200)
      const byId = new Map<number, { is_online: boolean; unread_count: number }>(
        response
          .json()
          .data.map((user: { id: number; is_online: boolean; unread_count: number }) => [user.id, user]),
      )
      return { quiet: byId.get(quiet.id), chatty: byId.get(chatty.id) }
    }
    expect(await listed()).toMatchObject({
      quiet: { is_online: false, unread_count: 0 },
      chatty: { is_online: true, unread_count: 3 },
    })

    const last = (await wholeConversation(app(), adminToken, chatty.id)).at(-1) as ChatMessage
    await markRead(app(), adminToken, { customer_id: chatty.id, up_to_id: last.id })
    clock.advance(2 * 60 * 1000 + 1_000)
    expect(await listed()).toMatchObject({ chatty: { is_online: false, unread_count: 0 } })
    // Customers do not see the list.
    const asCustomer = await app().inject({ url: '/api/v1/admin/users', headers: bearer(chatty.token) })
    expect(asCustomer.statusCode).toBe(403)
  })
})

// Decision 0010, security: a customer cannot read or post into another customer's conversation through any route or
// any parameter: customer_id in the query or the body (ignored: a customer always acts on their own conversation, as
// the contract says), another's upload URL as an attachment, another conversation's file, /chat/read, the chat
// channel, a client_message_id someone else used. Text and file names holding markup are stored and returned as text
// (the client renders them as text).
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatAttachments, chatMessages } from '../../server/db/schema'
import { ATTACHMENT_REFUSAL } from '../../server/repositories/chat'
import { CHANNELS, type ChatMessage } from '../../src/domain/contract'
import {
  getMessages,
  listMessages,
  markRead,
  postMessage,
  sendMessage,
  TINY_PDF,
  TINY_PNG,
  unreadCount,
  upload,
  wholeConversation,
} from './support/chat'
import { bearer, createTestApp, DEMO_ADMIN, loginToken } from './support/test-server'
import { newCustomer } from './support/trading'

let app: FastifyInstance
let adminToken: string
let alice: { id: number; token: string }
let bob: { id: number; token: string }
let bobsMessages: ChatMessage[]
let bobsSentFile: string
let bobsUnsentFile: string

beforeAll(async () => {
  app = await createTestApp()
  adminToken = await loginToken(app, DEMO_ADMIN)
  alice = await newCustomer(app)
  bob = await newCustomer(app)
  bobsSentFile = (await upload(app, bob.token, { fileName: 'passport.png', bytes: TINY_PNG })).url
  bobsUnsentFile = (await upload(app, bob.token, { fileName: 'bank.pdf', bytes: TINY_PDF })).url
  bobsMessages = [
    await sendMessage(app, bob.token, {
      message: 'my account number is 12345',
      attachments: [bobsSentFile],
      client_message_id: 'bob-message-0001',
    }),
    await sendMessage(app, adminToken, { message: 'thanks Bob', customer_id: bob.id }),
  ]
  await sendMessage(app, adminToken, { message: 'hello Alice', customer_id: alice.id })
})
afterAll(async () => {
  await app?.close()
})

const bobsRows = () =>
  app.db.select().from(chatMessages).where(eq(chatMessages.customerId, bob.id)).orderBy(chatMessages.id)

describe('reading', () => {
  it('answers a customer’s own conversation whatever customer_id, page or after they send', async () => {
    const own = await wholeConversation(app, alice.token)
    expect(own.map((message) => message.message)).toEqual(['hello Alice'])
    for (const query of [
      { customer_id: bob.id },
      { customer_id: bob.id, page: 1 },
      { customer_id: bob.id, after: '2000-01-01T00:00:00Z' },
      { customer_id: bob.id, after: bobsMessages[0]?.created_at ?? '' },
    ]) {
      const page = await listMessages(app, alice.token, query)
      expect(
        page.data.every((message) => message.customer_id === alice.id),
        JSON.stringify(query),
      ).toBe(true)
      expect(JSON.stringify(page)).not.toContain('account number')
      // next_page_url never carries a customer's customer_id back.
      expect(page.next_page_url ?? '').not.toContain('customer_id')
    }
    // A malformed customer_id is still a malformed query.
    expect((await getMessages(app, alice.token, { customer_id: 'bob' })).statusCode).toBe(422)
  })

  it('never serves another conversation’s file, sent or unsent, and says it does not exist', async () => {
    for (const url of [bobsSentFile, bobsUnsentFile]) {
      const response = await app.inject({ url, headers: bearer(alice.token) })
      expect(response.statusCode, url).toBe(404)
      expect(response.body).not.toContain('PNG')
      expect((await app.inject({ url, headers: bearer(bob.token) })).statusCode).toBe(200)
      expect((await app.inject({ url, headers: bearer(adminToken) })).statusCode).toBe(200)
    }
  })

  it('never signs another customer’s chat channel', async () => {
    const auth = (token: string, channel: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/broadcasting/auth',
        headers: bearer(token),
        payload: { socket_id: '1234.5678', channel_name: channel },
      })
    expect((await auth(alice.token, CHANNELS.chatCustomer(bob.id))).statusCode).toBe(403)
    expect((await auth(alice.token, CHANNELS.chatCustomer(alice.id))).statusCode).toBe(200)
    expect((await auth(adminToken, CHANNELS.chatCustomer(bob.id))).statusCode).toBe(200)
  })

  it('counts only the customer’s own unread messages', async () => {
    expect(await unreadCount(app, alice.token)).toBe(1)
    expect(await unreadCount(app, bob.token)).toBe(1)
  })
})

describe('writing', () => {
  it('stores a message that names another customer_id in the sender’s own conversation', async () => {
    const before = await bobsRows()
    const sent = await sendMessage(app, alice.token, { message: 'let me in', customer_id: bob.id })
    expect(sent.customer_id).toBe(alice.id)
    expect(await bobsRows()).toEqual(before)
  })

  it('refuses another customer’s upload as an attachment, sent or not, and leaves it as it was', async () => {
    for (const url of [bobsUnsentFile, bobsSentFile, `http://127.0.0.1${bobsUnsentFile}`]) {
      const response = await postMessage(app, alice.token, { message: 'look', attachments: [url] })
      expect(response.statusCode, url).toBe(422)
      expect(response.json().errors.attachments).toEqual([ATTACHMENT_REFUSAL])
    }
    const [unsent] = await app.db
      .select()
      .from(chatAttachments)
      .where(eq(chatAttachments.storageKey, bobsUnsentFile.split('/').pop() ?? ''))
    expect(unsent?.messageId).toBeNull()
    // Not even an admin may send a customer's upload as their own.
    const asAdmin = await postMessage(app, adminToken, { customer_id: bob.id, attachments: [bobsUnsentFile] })
    expect(asAdmin.statusCode).toBe(422)
  })

  it('refuses an upload sent once already, and URLs that are not uploads', async () => {
    const own = await upload(app, alice.token, { fileName: 'id.png', bytes: TINY_PNG })
    await sendMessage(app, alice.token, { attachments: [own.url] })
    const again = await postMessage(app, alice.token, { attachments: [own.url] })
    expect(again.statusCode).toBe(422)
    for (const url of [
      'https://evil.example/x.png',
      '/api/v1/chat/files/../../admin',
      'javascript:alert(1)',
      '',
    ]) {
      const response = await postMessage(app, alice.token, { message: 'x', attachments: [url] })
      expect(response.statusCode, url).toBe(422)
    }
  })

  it('never answers another sender’s message for a client_message_id they used', async () => {
    const mine = await postMessage(app, alice.token, {
      message: 'mine',
      client_message_id: 'bob-message-0001',
    })
    expect(mine.statusCode).toBe(201)
    expect(mine.json().data).toMatchObject({ customer_id: alice.id, message: 'mine' })
  })

  it('marks only the customer’s own messages read, whatever customer_id /chat/read names', async () => {
    const response = await markRead(app, alice.token, { customer_id: bob.id, up_to_id: 2_000_000_000 })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ unread_count: 0 })
    expect(await unreadCount(app, bob.token)).toBe(1)
    const bobs = await wholeConversation(app, bob.token)
    expect(bobs.every((message) => message.read_at === null)).toBe(true)
  })

  it('stores markup in text and file names as given, for the client to render as text', async () => {
    const text = '<img src=x onerror=alert(1)><script>alert(2)</script>'
    const file = await upload(app, alice.token, { fileName: '<svg onload=alert(3)>.pdf', bytes: TINY_PDF })
    const sent = await sendMessage(app, alice.token, { message: text, attachments: [file.url] })
    expect(sent.message).toBe(text)
    expect(sent.attachments[0]?.file_name).toBe('<svg onload=alert(3)>.pdf')
    const listed = await getMessages(app, alice.token)
    expect(listed.headers['content-type']).toContain('application/json')
  })
})

describe('customers are no admins', () => {
  it('refuses the admin list and keeps admin-only parameters meaningless', async () => {
    expect((await app.inject({ url: '/api/v1/admin/users', headers: bearer(alice.token) })).statusCode).toBe(
      403,
    )
    const sent = await sendMessage(app, alice.token, { message: 'am I support now?', customer_id: alice.id })
    expect(sent.is_admin).toBe(false)
  })
})

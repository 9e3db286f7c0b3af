// Support chat (spec 2.9, 2.10, 5 and 7; issue 6): list and send messages, upload and download attachments, unread
// counts and read receipts. One conversation per customer. A customer always acts on their own conversation, whatever
// customer_id they send (the contract says theirs is ignored); an admin must name one. Messages are stored, then
// published on private-chat.customer.{id} in commit order (server/chat/publish-order.ts).
import multipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  API_PREFIX,
  CHANNELS,
  CHAT_PAGE_SIZE,
  CHAT_UPLOAD,
  ChatMessagesQuerySchema,
  ChatMessagesResponseSchema,
  ChatUnreadCountResponseSchema,
  ChatUploadResponseSchema,
  MarkChatReadRequestSchema,
  PUSH_EVENTS,
  SendChatMessageRequestSchema,
  SendChatMessageResponseSchema,
  TextSchema,
  USER_ROLE,
  USER_STATUS,
  type ChatMessage,
} from '../../src/domain/contract'
import { STORAGE_KEY_PATTERN } from '../chat/file-store'
import { readUpload } from '../account/uploads'
import { checkChatFile, contentDisposition } from '../chat/file-types'
import type { PublishSlot } from '../chat/publish-order'
import { authOf } from '../plugins/auth'
import { MESSAGES, sendError } from '../plugins/errors'
import { fileAnswer } from '../plugins/openapi'
import { chatFileUrl, toChatAttachment } from '../repositories/chat'

const CHAT_MESSAGES_PATH = `${API_PREFIX}/chat/messages`

export const CHAT_ERRORS = {
  CUSTOMER_REQUIRED: 'Choose the customer whose conversation this is (customer_id).',
  CUSTOMER_NOT_FOUND: 'Customer not found',
  EMPTY: 'Type a message or attach a file.',
  BAD_ATTACHMENT_URL: 'Attachments must be URLs answered by POST /chat/upload.',
  TOO_LONG_TO_DELIVER: 'This message is too long to deliver. Please split it into shorter messages.',
  FILE_GONE: 'The file is no longer available.',
} as const

/** Pusher's limit for one event's data (the embedded broker enforces the same). */
const DEFAULT_MAX_EVENT_BYTES = 10 * 1024
/** Pusher accepts at most 10 events per batch. */
const BATCH_SIZE = 10
/** A message is at most 5,000 characters and 5 URLs: 64 KiB leaves room for any escaping. */
const SEND_BODY_LIMIT_BYTES = 64 * 1024

const FileParamsSchema = z.object({ key: TextSchema.max(200) })

/** The storage key of an upload URL: `/api/v1/chat/files/{key}`, also absolute (the client may resolve it). */
function storageKeyOf(url: string): string | undefined {
  let path: string
  try {
    path = new URL(url, 'http://chat.invalid').pathname
  } catch {
    return undefined
  }
  const prefix = `${API_PREFIX}/chat/files/`
  if (!path.startsWith(prefix)) return undefined
  const key = path.slice(prefix.length)
  return STORAGE_KEY_PATTERN.test(key) ? key : undefined
}

type Conversation =
  { customerId: number; asAdmin: boolean } | { statusCode: 403 | 404 | 422; message: string }

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so multipart bodies reach this plugin's routes only; every other route stays JSON-only.
  await app.register(multipart, {
    limits: {
      fileSize: CHAT_UPLOAD.MAX_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 20,
      headerPairs: 100,
    },
  })

  const maxEventBytes = app.realtime.broker?.options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES

  /**
   * Whose conversation a request acts on. Customers: their own, always. Admins (active ones; a deactivated admin
   * administers nothing): the customer they name, which must exist and be a customer.
   */
  async function conversationOf(
    request: FastifyRequest,
    customerId: number | undefined,
  ): Promise<Conversation> {
    const { user } = authOf(request)
    if (user.role !== USER_ROLE.ADMIN) return { customerId: user.id, asAdmin: false }
    if (user.status !== USER_STATUS.ACTIVE) return { statusCode: 403, message: MESSAGES.FORBIDDEN }
    if (customerId === undefined) return { statusCode: 422, message: CHAT_ERRORS.CUSTOMER_REQUIRED }
    const customer = await app.repos.users.findById(customerId)
    if (customer?.role !== USER_ROLE.CUSTOMER) {
      return { statusCode: 404, message: CHAT_ERRORS.CUSTOMER_NOT_FOUND }
    }
    return { customerId, asAdmin: true }
  }

  function refuseConversation(
    reply: FastifyReply,
    conversation: Extract<Conversation, { statusCode: number }>,
  ) {
    return sendError(reply, conversation.statusCode, {
      message: conversation.message,
      ...(conversation.statusCode === 422 ? { errors: { customer_id: [conversation.message] } } : {}),
    })
  }

  const eventBytes = (message: ChatMessage) => Buffer.byteLength(JSON.stringify({ message }))

  app.get(
    '/chat/messages',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: "Read the support chat's messages",
        querystring: ChatMessagesQuerySchema,
        response: { 200: ChatMessagesResponseSchema },
      },
    },
    async (request, reply) => {
      const { page, after, customer_id: requested } = request.query
      const conversation = await conversationOf(request, requested)
      if ('statusCode' in conversation) return refuseConversation(reply, conversation)
      const { customerId, asAdmin } = conversation
      const result =
        after === undefined
          ? await app.repos.chat.page(customerId, page, CHAT_PAGE_SIZE)
          : await app.repos.chat.after(customerId, after, page, CHAT_PAGE_SIZE)
      let nextPageUrl: string | null = null
      if (result.hasMore) {
        const query = new URLSearchParams({ page: String(page + 1) })
        if (asAdmin) query.set('customer_id', String(customerId))
        if (after !== undefined) query.set('after', after)
        nextPageUrl = `${CHAT_MESSAGES_PATH}?${query.toString()}`
      }
      return reply
        .header('cache-control', 'no-store')
        .send({ data: result.messages, next_page_url: nextPageUrl })
    },
  )

  app.post(
    '/chat/messages',
    {
      onRequest: [app.authenticate],
      bodyLimit: SEND_BODY_LIMIT_BYTES,
      schema: {
        summary: 'Send a message to support',
        body: SendChatMessageRequestSchema,
        response: { 200: SendChatMessageResponseSchema, 201: SendChatMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body
      const conversation = await conversationOf(request, body.customer_id)
      if ('statusCode' in conversation) return refuseConversation(reply, conversation)
      const { customerId, asAdmin } = conversation

      const keys: string[] = []
      for (const url of body.attachments) {
        const key = storageKeyOf(url)
        if (key === undefined) {
          return sendError(reply, 422, {
            message: CHAT_ERRORS.BAD_ATTACHMENT_URL,
            errors: { attachments: [CHAT_ERRORS.BAD_ATTACHMENT_URL] },
          })
        }
        if (!keys.includes(key)) keys.push(key)
      }
      // A NUL or a lone surrogate was already refused by the contract's TextSchema (decision 0018).
      const text = body.message
      if (text.trim() === '' && keys.length === 0) {
        return sendError(reply, 422, { message: CHAT_ERRORS.EMPTY, errors: { message: [CHAT_ERRORS.EMPTY] } })
      }

      const user = authOf(request).user
      let slot: PublishSlot | undefined
      try {
        const result = await app.repos.chat.send(
          {
            customerId,
            sender: {
              id: user.id,
              isAdmin: asAdmin,
              firstName: user.firstName,
              lastName: user.lastName,
              avatar: user.avatar,
            },
            message: text,
            storageKeys: keys,
            clientMessageId: body.client_message_id,
            now: app.now(),
          },
          {
            // A message whose event the push service would refuse would reach nobody live.
            check: (draft) =>
              eventBytes(draft) > maxEventBytes ? CHAT_ERRORS.TOO_LONG_TO_DELIVER : undefined,
            onLocked: () => {
              slot?.cancel()
              slot = app.chat.publications.reserve(customerId)
            },
          },
        )
        if (result.kind === 'refused') {
          return sendError(reply, 422, {
            message: result.message,
            errors: { [result.field]: [result.message] },
          })
        }
        if (result.kind === 'existing') return reply.code(200).send({ data: result.message })

        const message = result.message
        slot?.publish(() =>
          app.publisher.trigger(CHANNELS.chatCustomer(customerId), PUSH_EVENTS.MESSAGE_SENT, { message }),
        )
        slot = undefined
        request.log.info({ customerId, messageId: message.id, senderId: user.id }, 'chat message sent')
        return reply.code(201).send({ data: message })
      } finally {
        // Refused, replayed or failed: the slot publishes nothing, and later messages are not held back.
        slot?.cancel()
      }
    },
  )

  app.get(
    '/chat/unread-count',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Count the unread support messages',
        response: { 200: ChatUnreadCountResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request)
      if (user.role === USER_ROLE.ADMIN && user.status !== USER_STATUS.ACTIVE) {
        return sendError(reply, 403, { message: MESSAGES.FORBIDDEN })
      }
      const unread =
        user.role === USER_ROLE.ADMIN
          ? await app.repos.chat.unreadForAdmins()
          : await app.repos.chat.unreadForCustomer(user.id)
      return reply.header('cache-control', 'no-store').send({ unread_count: unread })
    },
  )

  app.post(
    '/chat/read',
    {
      onRequest: [app.authenticate],
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Mark the support chat as read',
        body: MarkChatReadRequestSchema,
        response: { 200: ChatUnreadCountResponseSchema },
      },
    },
    async (request, reply) => {
      const conversation = await conversationOf(request, request.body.customer_id)
      if ('statusCode' in conversation) return refuseConversation(reply, conversation)
      const { customerId, asAdmin } = conversation
      const read = await app.repos.chat.markRead(customerId, asAdmin, request.body.up_to_id, app.now())
      if (read.length > 0) {
        const channel = CHANNELS.chatCustomer(customerId)
        // One event per message (the contract's payload names one message), ten to a batch (Pusher's limit).
        for (let start = 0; start < read.length; start += BATCH_SIZE) {
          const events = read.slice(start, start + BATCH_SIZE).map((row) => ({
            channel,
            name: PUSH_EVENTS.MESSAGE_READ,
            data: { message_id: row.id, read_at: row.readAt.toISOString() },
          }))
          app.chat.publications.publish(customerId, () => app.publisher.triggerBatch(events))
        }
      }
      const unread = asAdmin
        ? await app.repos.chat.unreadForAdmins()
        : await app.repos.chat.unreadForCustomer(customerId)
      return { unread_count: unread }
    },
  )

  app.post(
    '/chat/upload',
    {
      onRequest: [app.authenticate],
      schema: { summary: 'Upload a file to the support chat', response: { 201: ChatUploadResponseSchema } },
    },
    async (request, reply) => {
      const upload = await readUpload(request, CHAT_UPLOAD.MAX_BYTES)
      if (!upload.ok) return sendError(reply, upload.statusCode, upload.body)
      const { fileName, bytes } = upload
      const verdict = checkChatFile(fileName, bytes)
      if (!verdict.ok) {
        return sendError(reply, verdict.statusCode, {
          message: verdict.message,
          errors: { file: [verdict.message] },
        })
      }
      const { user } = authOf(request)
      const storageKey = app.chat.files.newKey()
      await app.chat.files.save(storageKey, bytes)
      let row
      try {
        row = await app.repos.chat.createUpload({
          uploaderId: user.id,
          storageKey,
          fileName,
          mimeType: verdict.mime,
          sizeBytes: bytes.length,
          isImage: verdict.isImage,
          now: app.now(),
        })
      } catch (error) {
        await app.chat.files.remove(storageKey)
        throw error
      }
      request.log.info(
        { uploaderId: user.id, attachmentId: row.id, mime: verdict.mime },
        'chat file uploaded',
      )
      return reply.code(201).send({ url: chatFileUrl(storageKey), data: toChatAttachment(row) })
    },
  )

  app.get(
    '/chat/files/:key',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Download a file of the support chat',
        params: FileParamsSchema,
        response: { 200: fileAnswer('The file as it was uploaded.', ['application/octet-stream']) },
      },
    },
    async (request, reply) => {
      const { key } = request.params
      const notFound = () => sendError(reply, 404, { message: MESSAGES.NOT_FOUND })
      if (!STORAGE_KEY_PATTERN.test(key)) return notFound()
      const stored = await app.repos.chat.findUpload(key)
      if (!stored) return notFound()
      const { user } = authOf(request)
      const activeAdmin = user.role === USER_ROLE.ADMIN && user.status === USER_STATUS.ACTIVE
      // Anyone else is told the file does not exist: a 403 would confirm that the key is real.
      const allowed = activeAdmin || stored.upload.uploaderId === user.id || stored.customerId === user.id
      if (!allowed) return notFound()

      const { upload } = stored
      const stream = await app.chat.files.open(key)
      if (!stream) return sendError(reply, 404, { message: CHAT_ERRORS.FILE_GONE })
      return (
        reply
          // The type checked at upload, never the sender's claim; images inline, everything else downloads.
          .type(upload.mimeType)
          .header('content-length', String(upload.sizeBytes))
          .header(
            'content-disposition',
            contentDisposition(upload.isImage ? 'inline' : 'attachment', upload.fileName),
          )
          // Opened directly, the file can run nothing and load nothing, whatever it holds.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cross-origin-resource-policy', 'same-origin')
          .header('cache-control', 'private, max-age=86400')
          .send(stream)
      )
    },
  )
}

// Support chat (docs/product/chat.md#unread-notifier, #composer and docs/product/api.md#calls): list and send
// messages, upload and download attachments, unread counts and read receipts. One conversation per customer. A
// customer always acts on their own conversation, whatever customer_id they send (the contract says theirs is
// ignored); an admin must name one (server/chat/conversations.ts). Sending and read receipts are
// server/chat/messages.ts's, attachments server/chat/attachments.ts's.
import multipart from '@fastify/multipart'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ChatMessagesQuerySchema,
  ChatMessagesResponseSchema,
  ChatUnreadCountResponseSchema,
  ChatUploadResponseSchema,
  MarkChatReadRequestSchema,
  SendChatMessageRequestSchema,
  SendChatMessageResponseSchema,
  TextSchema,
  USER_ROLE,
  USER_STATUS,
} from '../../src/domain/contract'
import {
  CHAT_MULTIPART_LIMITS,
  downloadableUpload,
  downloadHeaders,
  receiveChatFile,
  storeUpload,
} from '../chat/attachments'
import { CHAT_ERRORS, conversationOf, type Conversation } from '../chat/conversations'
import { markChatRead, readChatPage, sendChatMessage, unreadCount } from '../chat/messages'
import { authOf } from '../plugins/auth'
import { MESSAGES, sendError } from '../plugins/errors'
import { fileAnswer } from '../plugins/openapi'
import { chatFileUrl, toChatAttachment } from '../repositories/chat'

export { CHAT_ERRORS }

/** A message is at most 5,000 characters and 5 URLs: 64 KiB leaves room for any escaping. */
const SEND_BODY_LIMIT_BYTES = 64 * 1024

const FileParamsSchema = z.object({ key: TextSchema.check(z.maxLength(200)) })

function refuseConversation(
  reply: FastifyReply,
  conversation: Extract<Conversation, { statusCode: number }>,
) {
  return sendError(reply, conversation.statusCode, {
    message: conversation.message,
    ...(conversation.statusCode === 422 ? { errors: { customer_id: [conversation.message] } } : {}),
  })
}

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so multipart bodies reach this plugin's routes only; every other route stays JSON-only.
  await app.register(multipart, { limits: CHAT_MULTIPART_LIMITS })

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
      const conversation = await conversationOf(app, authOf(request).user, requested)
      if ('statusCode' in conversation) return refuseConversation(reply, conversation)
      const answer = await readChatPage(app, conversation, page, after)
      return reply.header('cache-control', 'no-store').send(answer)
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
      const conversation = await conversationOf(app, authOf(request).user, body.customer_id)
      if ('statusCode' in conversation) return refuseConversation(reply, conversation)
      const { customerId, asAdmin } = conversation
      const user = authOf(request).user
      const result = await sendChatMessage(app, {
        customerId,
        sender: {
          id: user.id,
          isAdmin: asAdmin,
          firstName: user.firstName,
          lastName: user.lastName,
          avatar: user.avatar,
        },
        message: body.message,
        attachments: body.attachments,
        clientMessageId: body.client_message_id,
      })
      if (result.kind === 'refused') {
        return sendError(reply, 422, {
          message: result.message,
          errors: { [result.field]: [result.message] },
        })
      }
      if (result.kind === 'existing') return reply.code(200).send({ data: result.message })
      const message = result.message
      request.log.info({ customerId, messageId: message.id, senderId: user.id }, 'chat message sent')
      return reply.code(201).send({ data: message })
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
      const unread = await unreadCount(app, user.id, user.role === USER_ROLE.ADMIN)
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
      const conversation = await conversationOf(app, authOf(request).user, request.body.customer_id)
      if ('statusCode' in conversation) return refuseConversation(reply, conversation)
      const { customerId, asAdmin } = conversation
      const unread = await markChatRead(app, customerId, asAdmin, request.body.up_to_id)
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
      const file = await receiveChatFile(request)
      if (!file.ok) return sendError(reply, file.statusCode, file.body)
      const { user } = authOf(request)
      const { storageKey, row } = await storeUpload(app, user.id, file)
      request.log.info({ uploaderId: user.id, attachmentId: row.id, mime: file.mime }, 'chat file uploaded')
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
      const stored = await downloadableUpload(app, authOf(request).user, key)
      // Anyone who may not download it is told the file does not exist: a 403 would confirm that the key is real.
      if (!stored) return sendError(reply, 404, { message: MESSAGES.NOT_FOUND })
      const { upload } = stored
      const stream = await app.chat.files.open(key)
      if (!stream) return sendError(reply, 404, { message: CHAT_ERRORS.FILE_GONE })
      return reply.type(upload.mimeType).headers(downloadHeaders(upload)).send(stream)
    },
  )
}

// Support chat (docs/product/chat.md; the message in docs/product/data-model.md#chat-message; the chat calls in
// docs/product/api.md#calls). One conversation per customer, keyed by customer_id; customers never name another
// conversation. In zod/mini: the signed-in layouts load it for the chat's unread notifier on their first render, and
// zod/mini builds schemas at import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import {
  boundedTimestamp,
  dataEnvelope,
  MAX_BIG_SERIAL_ID,
  SerialIdSchema,
  serialIdNumber,
  TextSchema,
} from './common'
import './zod-messages'

export const ChatAttachmentSchema = z.object({
  id: z.int(),
  file_name: z.string(),
  /** Same-origin URL of the file, served as a download with safe headers. */
  download_url: z.string(),
  is_image: z.boolean(),
  mime_type: z.string(),
  size: z.int(),
})
export type ChatAttachment = z.infer<typeof ChatAttachmentSchema>

export const ChatMessageSchema = z.object({
  id: z.int(),
  /** The conversation: the customer's user id. */
  customer_id: z.int(),
  message: z.string(),
  sender_id: z.int(),
  is_admin: z.boolean(),
  sender: z.object({ avatar: z.nullable(z.string()), first_name: z.string(), name: z.string() }),
  created_at: z.string(),
  read_at: z.nullable(z.string()),
  attachments: z.array(ChatAttachmentSchema),
})
export type ChatMessage = z.infer<typeof ChatMessageSchema>

/**
 * GET /chat/messages?page=&customer_id=&after= (docs/product/api.md#calls). Without `after`: page 1 holds the newest
 * messages, next_page_url the page of older ones; each page is in ascending order (oldest first). With `after` (an
 * ISO timestamp, inclusive, so messages sharing that instant are never skipped; the client drops ids it has): the
 * messages from then on in ascending order, at most one page, next_page_url for the rest.
 */
export const ChatMessagesResponseSchema = z.object({
  data: z.array(ChatMessageSchema),
  next_page_url: z.nullable(z.string()),
})
export type ChatMessagesResponse = z.infer<typeof ChatMessagesResponseSchema>
export const ChatMessagesQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  customer_id: z.optional(SerialIdSchema),
  after: z.optional(boundedTimestamp('after must be an ISO timestamp')),
})
export const CHAT_PAGE_SIZE = 50

/** POST /chat/messages. customer_id is for admins only (a customer's is ignored: they write to their own). */
export const SendChatMessageRequestSchema = z.object({
  message: z._default(TextSchema.check(z.maxLength(5_000, 'A message can be at most 5,000 characters')), ''),
  /** URLs answered by POST /chat/upload, uploaded by the sender and not yet sent. */
  attachments: z._default(z.array(TextSchema.check(z.maxLength(500))).check(z.maxLength(5)), []),
  customer_id: z.optional(serialIdNumber('The customer id must be a number')),
  /** Makes a retried send idempotent: the same id from the same sender stores one message. */
  client_message_id: z.optional(TextSchema.check(z.regex(/^[A-Za-z0-9_-]{8,100}$/))),
})
export type SendChatMessageRequest = z.infer<typeof SendChatMessageRequestSchema>
export const SendChatMessageResponseSchema = dataEnvelope(ChatMessageSchema)

/** POST /chat/upload (multipart, field `file`): the URL to send with a message. */
export const ChatUploadResponseSchema = z.object({ url: z.string(), data: ChatAttachmentSchema })
/**
 * docs/product/chat.md#composer: images, PDF, Word docx, Excel xls and xlsx. Never HTML or SVG, whatever the name
 * says.
 */
export const CHAT_UPLOAD = {
  MAX_BYTES: 10 * 1024 * 1024,
  ACCEPT:
    'image/png,image/jpeg,image/gif,image/webp,application/pdf,.pdf,.docx,.xls,.xlsx,.png,.jpg,.jpeg,.gif,.webp',
  EXTENSIONS: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'pdf', 'docx', 'xls', 'xlsx'],
} as const

/** GET /chat/unread-count: messages from the other side not yet read (a customer: from support). */
export const ChatUnreadCountResponseSchema = z.object({
  unread_count: z.number().check(z.int(), z.nonnegative()),
})

/** POST /chat/read: marks the other side's messages up to `up_to_id` read; publishes message.read for each. */
export const MarkChatReadRequestSchema = z.object({
  customer_id: z.optional(serialIdNumber('The customer id must be a number')),
  /** Chat messages have bigserial ids. */
  up_to_id: serialIdNumber('up_to_id must be a message id', MAX_BIG_SERIAL_ID),
})

/** Payloads on private-chat.customer.{id} (docs/product/realtime.md#push-channels-and-events). */
export const MessageSentEventSchema = z.object({ message: ChatMessageSchema })
export const MessageReadEventSchema = z.object({
  message_id: z.int(),
  read_at: z.optional(z.string()),
})

// GET /admin/users (AdminUsersResponseSchema in auth.ts) is the console's user list, refreshed every 30 s: each
// user's is_online (a heartbeat within the last 2 minutes) and unread_count (their messages no admin has read).

/** docs/product/chat.md#unread-notifier, #admin-console and #messages, word for word. */
export const CHAT_MESSAGES = {
  NOT_LOGGED_IN: 'You must be logged in to send messages.',
  CONNECTION_LOST: 'Connection lost. Messages cannot be sent at this time.',
  LOAD_FAILED: 'Failed to load messages.',
  INVALID_RESPONSE: 'Invalid response from server',
  SEND_FAILED: 'Failed to send message.',
  UPLOAD_FAILED: 'Failed to upload file.',
  UPLOAD_ERROR_CHIP: 'Error',
  USERS_FAILED: 'Failed to load users. Retrying...',
  LOADING_USERS: 'Loading users...',
  NO_USERS: 'No users found',
  NO_MESSAGES: 'No messages yet',
  SELECT_USER: 'Select a user to start chatting',
  PLACEHOLDER: 'Type a message...',
  PLACEHOLDER_DISABLED: 'Reconnecting...',
  BACKUP_CONNECTION: 'Using backup connection - messages may be slightly delayed',
  UNREAD_TITLE: 'New Messages',
  unreadBody: (count: number) => `You have ${count} unread message(s), TAP TO VIEW`,
  READ: 'Read',
} as const

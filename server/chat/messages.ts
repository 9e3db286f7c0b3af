// Sending and reading the support chat's messages (decision 0010). A message is stored under the conversation's
// lock (repositories/chat.ts), then published on private-chat.customer.{id} in commit order (publish-order.ts): the
// publication's slot is taken while the lock is held, so a later message can never overtake it. A message whose
// event the push service would refuse is refused before it is stored, since it would reach nobody live. Read
// receipts go out one event per message, ten to a batch (Pusher's limit).
import type { FastifyInstance } from 'fastify'
import {
  API_PREFIX,
  CHANNELS,
  CHAT_PAGE_SIZE,
  PUSH_EVENTS,
  type ChatMessage,
} from '../../src/domain/contract'
import type { ChatSender } from '../repositories/chat'
import { attachmentKeys } from './attachments'
import { CHAT_ERRORS } from './conversations'
import type { PublishSlot } from './publish-order'

/** Pusher's limit for one event's data (the embedded broker enforces the same). */
const DEFAULT_MAX_EVENT_BYTES = 10 * 1024
/** Pusher accepts at most 10 events per batch. */
const BATCH_SIZE = 10

type ChatApp = Pick<FastifyInstance, 'chat' | 'repos' | 'publisher' | 'realtime' | 'now' | 'push'>

export interface OutgoingMessage {
  customerId: number
  sender: ChatSender
  message: string
  attachments: readonly string[]
  clientMessageId: string | undefined
}

export type SendOutcome =
  | { kind: 'refused'; field: string; message: string }
  | { kind: 'existing'; message: ChatMessage }
  | { kind: 'created'; message: ChatMessage }

const CHAT_MESSAGES_PATH = `${API_PREFIX}/chat/messages`

/** GET /chat/messages: a page of the conversation, newest first, or of the messages after one; and the next page's URL. */
export async function readChatPage(
  app: Pick<FastifyInstance, 'repos'>,
  conversation: { customerId: number; asAdmin: boolean },
  page: number,
  after: string | undefined,
): Promise<{ data: ChatMessage[]; next_page_url: string | null }> {
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
  return { data: result.messages, next_page_url: nextPageUrl }
}

const eventBytes = (message: ChatMessage) => Buffer.byteLength(JSON.stringify({ message }))

export async function sendChatMessage(app: ChatApp, outgoing: OutgoingMessage): Promise<SendOutcome> {
  const keys = attachmentKeys(outgoing.attachments)
  if (keys === undefined) {
    return { kind: 'refused', field: 'attachments', message: CHAT_ERRORS.BAD_ATTACHMENT_URL }
  }
  // A NUL or a lone surrogate was already refused by the contract's TextSchema (decision 0018).
  const text = outgoing.message
  if (text.trim() === '' && keys.length === 0) {
    return { kind: 'refused', field: 'message', message: CHAT_ERRORS.EMPTY }
  }
  const { customerId } = outgoing
  const maxEventBytes = app.realtime.broker?.options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES
  let slot: PublishSlot | undefined
  try {
    const result = await app.repos.chat.send(
      {
        customerId,
        sender: outgoing.sender,
        message: text,
        storageKeys: keys,
        clientMessageId: outgoing.clientMessageId,
        now: app.now(),
      },
      {
        // A message whose event the push service would refuse would reach nobody live.
        check: (draft) => (eventBytes(draft) > maxEventBytes ? CHAT_ERRORS.TOO_LONG_TO_DELIVER : undefined),
        onLocked: () => {
          slot?.cancel()
          slot = app.chat.publications.reserve(customerId)
        },
      },
    )
    if (result.kind !== 'created') return result
    const message = result.message
    slot?.publish(() =>
      app.publisher.trigger(CHANNELS.chatCustomer(customerId), PUSH_EVENTS.MESSAGE_SENT, { message }),
    )
    slot = undefined
    // A support reply reaches a customer with no tab open as a Web Push (decision 0037; asked and queued off this path).
    if (outgoing.sender.isAdmin) app.push.events.supportReply(customerId, message)
    return result
  } finally {
    // Refused, replayed or failed: the slot publishes nothing, and later messages are not held back.
    slot?.cancel()
  }
}

/** The unread count of a conversation's reader: every customer's for admins, their own for a customer. */
export function unreadCount(app: Pick<FastifyInstance, 'repos'>, customerId: number, asAdmin: boolean) {
  return asAdmin ? app.repos.chat.unreadForAdmins() : app.repos.chat.unreadForCustomer(customerId)
}

/** Marks the other side's messages read up to `upToId`, tells both sides, and answers the reader's unread count. */
export async function markChatRead(
  app: ChatApp,
  customerId: number,
  asAdmin: boolean,
  upToId: number,
): Promise<number> {
  const read = await app.repos.chat.markRead(customerId, asAdmin, upToId, app.now())
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
  return unreadCount(app, customerId, asAdmin)
}

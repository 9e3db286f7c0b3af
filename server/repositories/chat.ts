// Support chat (docs/product/data-model.md#chat-message): one conversation per customer, keyed by the customer's id.
// What this file guarantees (docs/decisions/0010-support-chat.md):
// - within a conversation, messages are written one at a time (a transaction-scoped advisory lock), so the id order,
//   the created_at order and the commit order are the same, and created_at strictly increases (by at least 1 ms):
//   a reader polling `after=<last created_at>` (inclusive) can never miss a message committed later;
// - a retried send with the same client_message_id finds the first message instead of storing a second;
// - an upload is linked to at most one message, and only by the user who uploaded it.
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm'
import { API_PREFIX, type ChatAttachment, type ChatMessage } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { chatAttachments, chatMessages, users } from '../db/schema'

export type ChatRepository = ReturnType<typeof createChatRepository>
export type ChatAttachmentRow = typeof chatAttachments.$inferSelect

/** Any constant: it only has to differ from the other advisory lock namespaces (db/client.ts: 727_001). */
const CONVERSATION_LOCK_NAMESPACE = 727_010

export const chatFileUrl = (storageKey: string) => `${API_PREFIX}/chat/files/${storageKey}`

export interface ChatSender {
  id: number
  isAdmin: boolean
  firstName: string
  lastName: string
  avatar: string | null
}

export interface NewChatMessage {
  customerId: number
  sender: ChatSender
  message: string
  /** Storage keys of the uploads to attach, already parsed out of their URLs and deduplicated. */
  storageKeys: readonly string[]
  clientMessageId: string | undefined
  now: Date
}

export type SendResult =
  | { kind: 'created'; message: ChatMessage }
  | { kind: 'existing'; message: ChatMessage }
  | { kind: 'refused'; field: 'attachments' | 'message'; message: string }

export interface SendHooks {
  check: (message: ChatMessage) => string | undefined
  onLocked?: () => void
}

export const ATTACHMENT_REFUSAL =
  'Each attachment must be a file you uploaded with POST /chat/upload and have not sent yet.'

export interface NewUpload {
  uploaderId: number
  storageKey: string
  fileName: string
  mimeType: string
  sizeBytes: number
  isImage: boolean
  now: Date
}

export interface StoredUpload {
  upload: ChatAttachmentRow
  /** The conversation it was sent in; null while unsent. */
  customerId: number | null
}

type Executor = Pick<Db, 'select'>

const messageColumns = {
  id: chatMessages.id,
  customerId: chatMessages.customerId,
  senderId: chatMessages.senderId,
  isAdmin: chatMessages.isAdmin,
  message: chatMessages.message,
  readAt: chatMessages.readAt,
  createdAt: chatMessages.createdAt,
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  senderAvatar: users.avatar,
}
interface MessageRow {
  id: number
  customerId: number
  senderId: number
  isAdmin: boolean
  message: string
  readAt: Date | null
  createdAt: Date
  senderFirstName: string
  senderLastName: string
  senderAvatar: string | null
}

function selectMessages(executor: Executor, where: SQL | undefined) {
  return executor
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(where)
}

export function toChatAttachment(row: ChatAttachmentRow): ChatAttachment {
  return {
    id: row.id,
    file_name: row.fileName,
    download_url: chatFileUrl(row.storageKey),
    is_image: row.isImage,
    mime_type: row.mimeType,
    size: row.sizeBytes,
  }
}

function toChatMessage(row: MessageRow, attachments: readonly ChatAttachmentRow[]): ChatMessage {
  return {
    id: row.id,
    customer_id: row.customerId,
    message: row.message,
    sender_id: row.senderId,
    is_admin: row.isAdmin,
    sender: {
      avatar: row.senderAvatar,
      first_name: row.senderFirstName,
      name: `${row.senderFirstName} ${row.senderLastName}`.trim(),
    },
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
    attachments: attachments.map(toChatAttachment),
  }
}

/** The rows as contract messages, each with its attachments (one more query, whatever the number of rows). */
async function withAttachments(executor: Executor, rows: readonly MessageRow[]): Promise<ChatMessage[]> {
  if (rows.length === 0) return []
  const files = await executor
    .select()
    .from(chatAttachments)
    .where(
      inArray(
        chatAttachments.messageId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(chatAttachments.id))
  const byMessage = new Map<number, ChatAttachmentRow[]>()
  for (const file of files) {
    if (file.messageId === null) continue
    const list = byMessage.get(file.messageId)
    if (list) list.push(file)
    else byMessage.set(file.messageId, [file])
  }
  return rows.map((row) => toChatMessage(row, byMessage.get(row.id) ?? []))
}

async function messageById(executor: Executor, id: number): Promise<ChatMessage> {
  const rows = await selectMessages(executor, eq(chatMessages.id, id))
  const [message] = await withAttachments(executor, rows)
  if (!message) throw new Error(`chat message ${id} could not be read back`)
  return message
}

export interface ChatPage {
  messages: ChatMessage[]
  hasMore: boolean
}

/** Read receipts: marking the other side's messages read, and the unread counts either side sees. */
function readReceiptQueries(db: Db) {
  return {
    /**
     * Marks the other side's unread messages up to `upToId` read: a customer reads support's (is_admin), an admin
     * the customer's. Answers the messages it changed, oldest first.
     */
    async markRead(
      customerId: number,
      readerIsAdmin: boolean,
      upToId: number,
      now: Date,
    ): Promise<Array<{ id: number; readAt: Date }>> {
      const rows = await db
        .update(chatMessages)
        .set({ readAt: now })
        .where(
          and(
            eq(chatMessages.customerId, customerId),
            eq(chatMessages.isAdmin, !readerIsAdmin),
            isNull(chatMessages.readAt),
            lte(chatMessages.id, upToId),
          ),
        )
        .returning({ id: chatMessages.id, readAt: chatMessages.readAt })
      return rows.map((row) => ({ id: row.id, readAt: row.readAt ?? now })).sort((a, b) => a.id - b.id)
    },

    /** A customer's unread messages from support. */
    async unreadForCustomer(customerId: number): Promise<number> {
      return db.$count(
        chatMessages,
        and(
          eq(chatMessages.customerId, customerId),
          eq(chatMessages.isAdmin, true),
          isNull(chatMessages.readAt),
        ),
      )
    },

    /** Customers' messages no admin has read, across every conversation. */
    async unreadForAdmins(): Promise<number> {
      return db.$count(chatMessages, and(eq(chatMessages.isAdmin, false), isNull(chatMessages.readAt)))
    },

    /** Per customer, their messages no admin has read: one grouped query for the admin console's list. */
    async unreadByCustomer(): Promise<Map<number, number>> {
      const rows = await db
        .select({ customerId: chatMessages.customerId, unread: count() })
        .from(chatMessages)
        .where(and(eq(chatMessages.isAdmin, false), isNull(chatMessages.readAt)))
        .groupBy(chatMessages.customerId)
      return new Map(rows.map((row) => [row.customerId, row.unread]))
    },
  }
}

/** Attachments: an upload stored before its message, and found again by its storage key. */
function uploadQueries(db: Db) {
  return {
    async createUpload(upload: NewUpload): Promise<ChatAttachmentRow> {
      const [row] = await db
        .insert(chatAttachments)
        .values({
          uploaderId: upload.uploaderId,
          storageKey: upload.storageKey,
          fileName: upload.fileName,
          mimeType: upload.mimeType,
          sizeBytes: upload.sizeBytes,
          isImage: upload.isImage,
          createdAt: upload.now,
        })
        .returning()
      if (!row) throw new Error('insert into chat_attachments returned no row')
      return row
    },

    async findUpload(storageKey: string): Promise<StoredUpload | undefined> {
      const [row] = await db
        .select({ upload: chatAttachments, customerId: chatMessages.customerId })
        .from(chatAttachments)
        .leftJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
        .where(eq(chatAttachments.storageKey, storageKey))
      return row
    },
  }
}

export function createChatRepository(db: Db) {
  return {
    /**
     * Page `page` of the conversation, newest first across pages (page 1 = the newest `perPage`), each page in
     * ascending order. Offsets shift as messages arrive, so a later page may repeat a message (the client drops ids
     * it has); it can never skip one.
     */
    async page(customerId: number, page: number, perPage: number): Promise<ChatPage> {
      const rows = await selectMessages(db, eq(chatMessages.customerId, customerId))
        .orderBy(desc(chatMessages.id))
        .limit(perPage + 1)
        .offset((page - 1) * perPage)
      const hasMore = rows.length > perPage
      const messages = await withAttachments(db, rows.slice(0, perPage).reverse())
      return { messages, hasMore }
    },

    /** The messages created at or after `afterIso` (inclusive), oldest first, `perPage` at a time. */
    async after(customerId: number, afterIso: string, page: number, perPage: number): Promise<ChatPage> {
      const rows = await selectMessages(
        db,
        and(
          eq(chatMessages.customerId, customerId),
          // Compared in the database at full precision, not after a round trip through a JS Date.
          gte(chatMessages.createdAt, sql`cast(${afterIso} as timestamptz)`),
        ),
      )
        .orderBy(asc(chatMessages.id))
        .limit(perPage + 1)
        .offset((page - 1) * perPage)
      const hasMore = rows.length > perPage
      return { messages: await withAttachments(db, rows.slice(0, perPage)), hasMore }
    },

    /**
     * Stores a message and links its uploads, in one transaction holding the conversation's lock, unless the
     * sender's client_message_id was seen before (then the first message is answered) or an upload is not the
     * sender's unsent one. `hooks.check` sees the message as it would be published and may refuse it;
     * `hooks.onLocked` runs once the conversation's lock is held, so its calls come in commit order.
     */
    async send(input: NewChatMessage, hooks: SendHooks): Promise<SendResult> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(cast(${CONVERSATION_LOCK_NAMESPACE} as int), cast(${input.customerId} as int))`,
        )
        hooks.onLocked?.()
        const ownKey =
          input.clientMessageId === undefined
            ? undefined
            : and(
                eq(chatMessages.senderId, input.sender.id),
                eq(chatMessages.clientMessageId, input.clientMessageId),
              )
        if (ownKey) {
          const [seen] = await tx.select({ id: chatMessages.id }).from(chatMessages).where(ownKey)
          if (seen) return { kind: 'existing', message: await messageById(tx, seen.id) }
        }

        const files =
          input.storageKeys.length === 0
            ? []
            : await tx
                .select()
                .from(chatAttachments)
                .where(inArray(chatAttachments.storageKey, [...input.storageKeys]))
                .orderBy(asc(chatAttachments.id))
                .for('update')
        const usable =
          files.length === input.storageKeys.length &&
          files.every((file) => file.uploaderId === input.sender.id && file.messageId === null)
        if (!usable) return { kind: 'refused', field: 'attachments', message: ATTACHMENT_REFUSAL }

        // Strictly later than the conversation's last message, so `after=<created_at>` pages always move on.
        const [last] = await tx
          .select({ createdAt: chatMessages.createdAt })
          .from(chatMessages)
          .where(eq(chatMessages.customerId, input.customerId))
          .orderBy(desc(chatMessages.id))
          .limit(1)
        const createdAt = new Date(Math.max(input.now.getTime(), (last?.createdAt.getTime() ?? 0) + 1))

        const row: MessageRow = {
          // The largest id there could be, so the size check errs on the safe side.
          id: Number.MAX_SAFE_INTEGER,
          customerId: input.customerId,
          senderId: input.sender.id,
          isAdmin: input.sender.isAdmin,
          message: input.message,
          readAt: null,
          createdAt,
          senderFirstName: input.sender.firstName,
          senderLastName: input.sender.lastName,
          senderAvatar: input.sender.avatar,
        }
        const refusal = hooks.check(toChatMessage(row, files))
        if (refusal !== undefined) return { kind: 'refused', field: 'message', message: refusal }

        const [inserted] = await tx
          .insert(chatMessages)
          .values({
            customerId: input.customerId,
            senderId: input.sender.id,
            isAdmin: input.sender.isAdmin,
            message: input.message,
            clientMessageId: input.clientMessageId ?? null,
            createdAt,
          })
          // The same id sent by an admin into two conversations at once: the lock is per conversation.
          .onConflictDoNothing({ target: [chatMessages.senderId, chatMessages.clientMessageId] })
          .returning({ id: chatMessages.id })
        if (!inserted) {
          const [seen] = ownKey
            ? await tx.select({ id: chatMessages.id }).from(chatMessages).where(ownKey)
            : []
          if (!seen) throw new Error('a chat message conflicted without a client_message_id')
          return { kind: 'existing', message: await messageById(tx, seen.id) }
        }
        if (files.length > 0) {
          await tx
            .update(chatAttachments)
            .set({ messageId: inserted.id })
            .where(
              inArray(
                chatAttachments.id,
                files.map((file) => file.id),
              ),
            )
        }
        // Built from what was written rather than read back: sends are the chat's hot path.
        return { kind: 'created', message: toChatMessage({ ...row, id: inserted.id }, files) }
      })
    },

    ...readReceiptQueries(db),
    ...uploadQueries(db),
  }
}

// The conversation as a list (docs/product/chat.md#delivery: duplicates are removed by id; a message-read event sets
// read_at). Messages are kept in ascending id order: ids are the server's insertion order, which is the order the
// database (and both sides) agree on. Everything here is pure, so the list rules are tested without React.
import type { ChatMessage, ChatMessagesResponse } from '../contract/chat'

const byId = (a: ChatMessage, b: ChatMessage) => a.id - b.id

/**
 * The two copies of one message: a message is never edited, so only read_at can differ, and a read message never
 * becomes unread again (a poll may carry a copy older than the message.read event). The existing object is kept
 * when nothing changed, so its row does not re-render.
 */
function combine(existing: ChatMessage, incoming: ChatMessage): ChatMessage {
  const readAt = existing.read_at ?? incoming.read_at
  return readAt === existing.read_at ? existing : { ...existing, read_at: readAt }
}

/** `base` and `incoming` as one ascending list without duplicate ids. Returns `base` itself when nothing changed. */
export function mergeMessages(base: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return base as ChatMessage[]
  const index = new Map<number, number>()
  base.forEach((message, position) => index.set(message.id, position))
  let result: ChatMessage[] | null = null
  const added: ChatMessage[] = []
  for (const message of incoming) {
    const position = index.get(message.id)
    if (position === undefined) {
      index.set(message.id, -1)
      added.push(message)
      continue
    }
    if (position === -1) {
      // Twice in `incoming` itself: keep the later copy's facts.
      const at = added.findIndex((candidate) => candidate.id === message.id)
      if (at >= 0) added[at] = combine(added[at]!, message)
      continue
    }
    const current = (result ?? base)[position]!
    const next = combine(current, message)
    if (next !== current) {
      result ??= [...base]
      result[position] = next
    }
  }
  if (added.length === 0) return result ?? (base as ChatMessage[])
  const merged = [...(result ?? base), ...added]
  // Live messages arrive newest last, so the common case is already sorted: check before paying for a sort.
  return isAscending(merged) ? merged : merged.sort(byId)
}

function isAscending(messages: readonly ChatMessage[]): boolean {
  for (let i = 1; i < messages.length; i += 1) if (messages[i - 1]!.id >= messages[i]!.id) return false
  return true
}

/**
 * The loaded pages of GET /chat/messages as one list. Page 1 holds the newest messages and each later page older
 * ones, each page ascending (the contract). Offset pages shift when messages arrive between two fetches, so
 * neighbouring pages may overlap: the overlap is dropped by id. Linear in the number of messages, however many
 * pages are loaded.
 */
export function flattenPages(
  pages: readonly Pick<ChatMessagesResponse, 'data'>[] | undefined,
): ChatMessage[] {
  if (!pages || pages.length === 0) return []
  const position = new Map<number, number>()
  const result: ChatMessage[] = []
  for (let i = pages.length - 1; i >= 0; i -= 1) {
    for (const message of pages[i]!.data) {
      const at = position.get(message.id)
      if (at === undefined) {
        position.set(message.id, result.length)
        result.push(message)
      } else {
        result[at] = combine(result[at]!, message)
      }
    }
  }
  return isAscending(result) ? result : result.sort(byId)
}

/** Sets read_at on one message (message.read). Returns the same list when the id is unknown or already read. */
export function markMessageRead(messages: readonly ChatMessage[], id: number, readAt: string): ChatMessage[] {
  const position = messages.findIndex((message) => message.id === id)
  const current = messages[position]
  if (!current || current.read_at) return messages as ChatMessage[]
  const next = [...messages]
  next[position] = { ...current, read_at: readAt }
  return next
}

/** A message counts as the viewer's own when it comes from the viewer's side: support for admins, else the customer. */
export const isOwnMessage = (message: Pick<ChatMessage, 'is_admin'>, viewerIsAdmin: boolean) =>
  message.is_admin === viewerIsAdmin

/**
 * POST /chat/read's up_to_id: the newest message from the other side, when any message from the other side is
 * still unread; null when there is nothing to mark.
 */
export function readUpToId(messages: readonly ChatMessage[], viewerIsAdmin: boolean): number | null {
  let newestOther: number | null = null
  let anyUnread = false
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!
    if (isOwnMessage(message, viewerIsAdmin)) continue
    newestOther ??= message.id
    if (!message.read_at) {
      anyUnread = true
      break
    }
  }
  return anyUnread ? newestOther : null
}

/** The created_at of the newest message: where a catch-up fetch (`after=`) starts. */
export const newestCreatedAt = (messages: readonly ChatMessage[]): string | null =>
  messages.length === 0 ? null : messages[messages.length - 1]!.created_at

/** The page number a next_page_url names (`...?page=3&customer_id=...`), or null when there is none. */
export function pageFromUrl(url: string | null): number | null {
  if (!url) return null
  const match = /[?&]page=(\d+)/.exec(url)
  const page = match ? Number(match[1]) : Number.NaN
  return Number.isInteger(page) && page > 0 ? page : null
}

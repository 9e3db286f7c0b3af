// GET /chat/messages?page=&customer_id=&after= (docs/product/api.md#calls) as an infinite query: page 1 holds the
// newest messages, each next page older ones (pages ascending inside, the contract). Live messages (message.sent, our
// own sends) are merged into page 1 of the cache, so the list never refetches 200 pages to show one more message; a
// catch-up fetch of page 1 after a reconnect brings read_at changes and anything missed.
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'
import {
  ChatMessagesResponseSchema,
  type ChatMessage,
  type ChatMessagesResponse,
} from '../../../domain/contract/chat'
import { markMessageRead, mergeMessages, pageFromUrl } from '../../../domain/chat/messages'
import { http, HttpError } from '../../../lib/http'
import { loadErrorMessage } from './errors'

export type ChatPages = InfiniteData<ChatMessagesResponse, number>

/** Admins name the conversation; a customer's is always their own, so they send no customer_id. */
export interface ConversationRef {
  customerId: number
  asAdmin: boolean
  /** Who is looking: part of the cache key, so a conversation cached for one user is never shown to the next. */
  viewerId: number
}

export const chatQueryKey = ['chat'] as const
export const chatMessagesQueryKey = (ref: ConversationRef) =>
  ['chat', 'messages', ref.viewerId, ref.customerId] as const

function messagesPath(ref: ConversationRef, params: Record<string, string>): string {
  const search = new URLSearchParams(params)
  if (ref.asAdmin) search.set('customer_id', String(ref.customerId))
  return `/chat/messages?${search.toString()}`
}

export async function getChatMessagesPage(ref: ConversationRef, page: number): Promise<ChatMessagesResponse> {
  try {
    return await http.get(messagesPath(ref, { page: String(page) }), { schema: ChatMessagesResponseSchema })
  } catch (error) {
    // Still an HttpError (the status decides whether the query retries), with the spec's sentence as message.
    if (!(error instanceof HttpError)) throw new Error(loadErrorMessage(error), { cause: error })
    const { status, statusText, data, url, method } = error
    throw new HttpError({ message: loadErrorMessage(error), status, statusText, data, url, method })
  }
}

export const getChatMessagesQueryOptions = (ref: ConversationRef) =>
  infiniteQueryOptions({
    queryKey: chatMessagesQueryKey(ref),
    queryFn: ({ pageParam }) => getChatMessagesPage(ref, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: ChatMessagesResponse, _all, lastParam: number) =>
      last.next_page_url ? (pageFromUrl(last.next_page_url) ?? lastParam + 1) : undefined,
    // Pushes and catch-up fetches keep the cache current; a refetch would reload every loaded page.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
  })

export const useChatMessages = (ref: ConversationRef | null) =>
  useInfiniteQuery({
    ...getChatMessagesQueryOptions(ref ?? { customerId: 0, asAdmin: false, viewerId: 0 }),
    enabled: ref !== null,
  })

/** Adds messages to a loaded conversation (page 1, the newest); false when nothing is loaded yet. */
export function addMessages(
  queryClient: QueryClient,
  ref: ConversationRef,
  messages: readonly ChatMessage[],
): boolean {
  let applied = false
  queryClient.setQueryData<ChatPages>(chatMessagesQueryKey(ref), (old) => {
    const first = old?.pages[0]
    if (!old || !first) return old
    applied = true
    const data = mergeMessages(first.data, messages)
    return data === first.data ? old : { ...old, pages: [{ ...first, data }, ...old.pages.slice(1)] }
  })
  return applied
}

/** message.read: sets read_at on the message wherever it is loaded. */
export function setMessageRead(
  queryClient: QueryClient,
  ref: ConversationRef,
  messageId: number,
  readAt: string,
): void {
  queryClient.setQueryData<ChatPages>(chatMessagesQueryKey(ref), (old) => {
    if (!old) return old
    let changed = false
    const pages = old.pages.map((page) => {
      const data = markMessageRead(page.data, messageId, readAt)
      if (data === page.data) return page
      changed = true
      return { ...page, data }
    })
    return changed ? { ...old, pages } : old
  })
}

/** After POST /chat/read: the other side's messages up to `upToId` count as read here too. */
export function setReadUpTo(
  queryClient: QueryClient,
  ref: ConversationRef,
  upToId: number,
  readAt: string,
): void {
  const viewerIsAdmin = ref.asAdmin
  queryClient.setQueryData<ChatPages>(chatMessagesQueryKey(ref), (old) => {
    if (!old) return old
    let changed = false
    const pages = old.pages.map((page) => {
      if (!page.data.some((m) => m.id <= upToId && m.is_admin !== viewerIsAdmin && !m.read_at)) return page
      changed = true
      return {
        ...page,
        data: page.data.map((m) =>
          m.id <= upToId && m.is_admin !== viewerIsAdmin && !m.read_at ? { ...m, read_at: readAt } : m,
        ),
      }
    })
    return changed ? { ...old, pages } : old
  })
}

/**
 * Catch-up: fetches page 1 again and merges it. When more arrived meanwhile than a page holds (page 1 no longer
 * reaches what is loaded), the loaded pages would leave a gap: then the conversation starts again from page 1.
 */
export async function refreshNewestMessages(queryClient: QueryClient, ref: ConversationRef): Promise<void> {
  const fresh = await getChatMessagesPage(ref, 1)
  queryClient.setQueryData<ChatPages>(chatMessagesQueryKey(ref), (old) => {
    const first = old?.pages[0]
    if (!old || !first) return { pages: [fresh], pageParams: [1] }
    let newestLoaded = 0
    for (const page of old.pages) for (const m of page.data) if (m.id > newestLoaded) newestLoaded = m.id
    const oldestFresh = fresh.data[0]?.id
    const gap = fresh.next_page_url !== null && oldestFresh !== undefined && oldestFresh > newestLoaded
    if (gap) return { pages: [fresh], pageParams: [1] }
    const readAt = new Map(fresh.data.filter((m) => m.read_at).map((m) => [m.id, m.read_at!]))
    const pages = old.pages.map((page, index) => {
      let data = index === 0 ? mergeMessages(page.data, fresh.data) : page.data
      for (const m of data) {
        const at = readAt.get(m.id)
        if (at && !m.read_at) data = markMessageRead(data, m.id, at)
      }
      return data === page.data ? page : { ...page, data }
    })
    return { ...old, pages }
  })
}

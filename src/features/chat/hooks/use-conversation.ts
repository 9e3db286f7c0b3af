// One conversation as both sides see it: the server's pages, the stored history until the server answers (and
// when it cannot), live messages and read receipts from the realtime events the route subscribes to, the catch-up
// after a reconnect, and marking the other side's messages read once they have been seen.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { toast } from '../../../components/ui/toast'
import { flattenPages, readUpToId } from '../../../domain/chat/messages'
import {
  MessageReadEventSchema,
  MessageSentEventSchema,
  type ChatMessage,
} from '../../../domain/contract/chat'
import { readChatHistory, saveChatHistory } from '../../../lib/db'
import {
  addMessages,
  chatMessagesQueryKey,
  refreshNewestMessages,
  setMessageRead,
  useChatMessages,
  type ConversationRef,
} from '../api/get-messages'
import { useMarkChatRead } from '../api/mark-read'

export interface ChatViewer {
  id: number
  isAdmin: boolean
}

export interface Conversation {
  ref: ConversationRef | null
  viewerIsAdmin: boolean
  messages: ChatMessage[]
  /** The server has answered: what shows is live. Until then (or offline) the stored history shows. */
  live: boolean
  /** Nothing to show yet: neither the server nor the stored history has answered. */
  loading: boolean
  /** Loading failed and there is nothing to show instead. */
  error: string | null
  retry: () => void
  hasOlder: boolean
  loadingOlder: boolean
  loadOlder: () => void
  /**
   * A message the viewer sent, from the server's answer. The composer opens before the first page answers; a message
   * sent meanwhile may be missing from that page and its push may come before the channel is subscribed, so it is
   * held like an early push and merged once the page is in.
   */
  keepSent: (message: ChatMessage) => void
  /** Handlers for message.sent and message.read on the conversation's channel (the route subscribes them). */
  onMessageSent: (data: unknown) => void
  onMessageRead: (data: unknown) => void
  /** The viewer has seen the end of the conversation: mark the other side's messages read. */
  markSeen: () => void
  /** Fetches the newest page again (after a reconnect: read receipts and anything missed). */
  catchUp: () => void
}

const STORE_DELAY_MS = 500
const storedQueryKey = (conversationId: string | null) => ['chat', 'stored', conversationId] as const

export function useConversation(options: {
  customerId: number | null
  viewer: ChatViewer | null
}): Conversation {
  const { customerId, viewer } = options
  const queryClient = useQueryClient()
  const viewerId = viewer?.id ?? null
  const viewerIsAdmin = viewer?.isAdmin ?? false
  const ref = useMemo<ConversationRef | null>(
    () =>
      customerId !== null && viewerId !== null ? { customerId, asAdmin: viewerIsAdmin, viewerId } : null,
    [customerId, viewerId, viewerIsAdmin],
  )
  // The viewer is part of the stored conversation's name: one user's history is never shown to another.
  const conversationId = ref && viewerId !== null ? `${viewerId}:${ref.customerId}` : null

  const query = useChatMessages(ref)
  const stored = useQuery({
    queryKey: storedQueryKey(conversationId),
    queryFn: () => readChatHistory(conversationId ?? ''),
    enabled: conversationId !== null,
    // IndexedDB answers offline too.
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  })

  const serverMessages = useMemo(() => (query.data ? flattenPages(query.data.pages) : null), [query.data])
  const live = serverMessages !== null
  const messages = useMemo(() => serverMessages ?? stored.data ?? [], [serverMessages, stored.data])

  // A conversation opened again (cached from an earlier visit) catches up on what happened meanwhile.
  const catchUp = useCallback(() => {
    if (!ref || !queryClient.getQueryData(chatMessagesQueryKey(ref))) return
    refreshNewestMessages(queryClient, ref).catch((error: unknown) =>
      console.error('Failed to refresh the conversation', error),
    )
  }, [queryClient, ref])
  useEffect(() => {
    catchUp()
  }, [catchUp])

  // Messages pushed before the first page answered: held, then merged, so none is lost in that race.
  const early = useRef<ChatMessage[]>([])
  useEffect(() => {
    early.current = []
  }, [ref])
  useEffect(() => {
    if (!ref || !query.data || early.current.length === 0) return
    const held = early.current
    early.current = []
    addMessages(queryClient, ref, held)
  }, [query.data, queryClient, ref])

  const keepMessage = useCallback(
    (message: ChatMessage) => {
      if (!ref || message.customer_id !== ref.customerId) return
      if (!addMessages(queryClient, ref, [message])) early.current.push(message)
    },
    [queryClient, ref],
  )
  const onMessageSent = useCallback(
    (data: unknown) => {
      const parsed = MessageSentEventSchema.safeParse(data)
      if (parsed.success) keepMessage(parsed.data.message)
    },
    [keepMessage],
  )
  const onMessageRead = useCallback(
    (data: unknown) => {
      const parsed = MessageReadEventSchema.safeParse(data)
      if (!ref || !parsed.success) return
      setMessageRead(
        queryClient,
        ref,
        parsed.data.message_id,
        parsed.data.read_at ?? new Date().toISOString(),
      )
    },
    [queryClient, ref],
  )

  // docs/architecture.md#offline: the newest pages are kept for the next visit and for offline.
  useEffect(() => {
    if (!conversationId || !serverMessages) return
    const timer = setTimeout(() => {
      saveChatHistory(conversationId, serverMessages).catch((error: unknown) =>
        console.error('Failed to store the chat history', error),
      )
    }, STORE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [conversationId, serverMessages])

  // docs/product/api.md#errors: a load failure is a toast (the server's message, or the spec's fallback), once per
  // failure.
  const loadError = query.error
  useEffect(() => {
    if (loadError) toast.error(loadError.message, { id: 'chat-load-failed' })
  }, [loadError])

  // `mutate` is stable across renders (TanStack Query), so markSeen changes only with the messages.
  const { mutate: markRead } = useMarkChatRead()
  const lastMarked = useRef(0)
  useEffect(() => {
    lastMarked.current = 0
  }, [ref])
  const markSeen = useCallback(() => {
    if (!ref || !serverMessages) return
    const upToId = readUpToId(serverMessages, ref.asAdmin)
    if (upToId === null || upToId <= lastMarked.current) return
    lastMarked.current = upToId
    markRead(
      { ref, upToId },
      {
        onError: (error) => {
          // Logged by the http client; the next look at the conversation tries again.
          if (lastMarked.current === upToId) lastMarked.current = 0
          console.error('Failed to mark messages read', error)
        },
      },
    )
  }, [markRead, ref, serverMessages])

  const { fetchNextPage, refetch } = query
  const hasOlder = live && Boolean(query.hasNextPage)
  const loadingOlder = query.isFetchingNextPage
  const loadOlder = useCallback(() => {
    if (hasOlder && !loadingOlder) void fetchNextPage()
  }, [fetchNextPage, hasOlder, loadingOlder])

  return {
    ref,
    viewerIsAdmin,
    messages,
    live,
    loading:
      ref !== null && !live && (stored.isPending || (stored.data?.length ?? 0) === 0) && !query.isError,
    error: !live && (stored.data?.length ?? 0) === 0 && query.error ? query.error.message : null,
    retry: () => void refetch(),
    hasOlder,
    loadingOlder,
    loadOlder,
    keepSent: keepMessage,
    onMessageSent,
    onMessageRead,
    markSeen,
    catchUp,
  }
}

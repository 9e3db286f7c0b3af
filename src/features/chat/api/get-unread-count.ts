// GET /chat/unread-count (docs/product/api.md#calls): the customer's messages from support not yet read. Every tab
// asks the server, so the count agrees across tabs; message.sent and message.read (and reading the chat) refresh it.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { ChatUnreadCountResponseSchema } from '../../../domain/contract/chat'
import { http } from '../../../lib/http'

/** Every user's count (for invalidation); one user's is under their id, so the next user never sees it. */
export const unreadCountQueryKey = ['chat', 'unread-count'] as const
export const unreadCountQueryKeyFor = (userId: number) => [...unreadCountQueryKey, userId] as const

export async function getUnreadCount(): Promise<number> {
  const body = await http.get('/chat/unread-count', { schema: ChatUnreadCountResponseSchema })
  return body.unread_count
}

export const getUnreadCountQueryOptions = (userId: number) =>
  queryOptions({ queryKey: unreadCountQueryKeyFor(userId), queryFn: getUnreadCount, staleTime: 0 })

/** `pollMs`: while the push connection is down, ask this often (message.read is not delivered by polling). */
export const useUnreadCount = (options: { userId: number; pollMs?: number | false }) =>
  useQuery({
    ...getUnreadCountQueryOptions(options.userId),
    refetchInterval: options.pollMs ?? false,
    // docs/product/api.md#errors: unread count failures are logged only (the http client logs them); no retry storm
    // either.
    retry: 1,
  })

export const refreshUnreadCount = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: unreadCountQueryKey })

// GET /admin/users (docs/product/api.md#calls): the console's user list with is_online and unread_count, refreshed
// every 30 s (docs/product/api.md#data-caching). A failure keeps the last list and says 'Failed to load users.
// Retrying...' (docs/product/chat.md#admin-console) until a refresh succeeds.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { AdminUsersResponseSchema } from '../../../domain/contract/clients'
import type { User } from '../../../domain/contract/user'
import { http } from '../../../lib/http'

export const ADMIN_USERS_REFRESH_MS = 30_000
export const adminUsersQueryKey = ['chat', 'admin-users'] as const

export async function getChatUsers(): Promise<User[]> {
  const body = await http.get('/admin/users', { schema: AdminUsersResponseSchema })
  return body.data
}

export const getChatUsersQueryOptions = () =>
  queryOptions({ queryKey: adminUsersQueryKey, queryFn: getChatUsers, staleTime: 10_000 })

export const useChatUsers = () =>
  useQuery({
    ...getChatUsersQueryOptions(),
    refetchInterval: ADMIN_USERS_REFRESH_MS,
    refetchIntervalInBackground: false,
  })

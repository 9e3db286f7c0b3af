import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { UserGuard, UserResponseGuard } from '../../../domain/contract/sign-in-guards'
import type { User } from '../../../domain/contract/user'
import { http } from '../../../lib/http'
import { keepOfflineCopy } from '../../../lib/offline-copy-meta'
import { sessionStore } from '../../../lib/session-store'

export async function getUser(): Promise<User> {
  const body = await http.get('/user', { schema: UserResponseGuard })
  return body.data
}

export const userQueryKey = ['user'] as const

// Kept for offline use: the account figures show with the time they were fetched (decision 0021).
export const getUserQueryOptions = () =>
  queryOptions({ queryKey: userQueryKey, queryFn: getUser, meta: keepOfflineCopy(UserGuard) })

/**
 * Fetches the current user and stores it in the session. Calls that arrive together (the start-up restore and the
 * account gate's initial load) share one request; `fresh` (Check Status) always asks the server.
 */
export async function loadCurrentUser(
  queryClient: QueryClient,
  options: { fresh?: boolean } = {},
): Promise<User> {
  const query = { ...getUserQueryOptions(), staleTime: options.fresh ? 0 : 2_000 }
  // A fresh load answers with what the server says after this call. fetchQuery joins a request already in flight,
  // and that one may have been answered before the change that prompted this call (Check Status pressed, then the
  // admin reactivates: the user.updated push would get the old 'deactivated' answer and the gate would stay up).
  // So let the one in flight finish, whatever its outcome, then ask again.
  if (options.fresh && queryClient.getQueryState(userQueryKey)?.fetchStatus === 'fetching') {
    await queryClient.fetchQuery(query).catch(() => undefined)
  }
  const user = await queryClient.fetchQuery(query)
  // A sign-out while the request was in flight wins: never resurrect a cleared session.
  if (sessionStore.getState().token) sessionStore.setUser(user)
  return user
}

/**
 * When the current user (balance, account figures) was fetched, 0 when not yet: read from the cache, never asking
 * the server (the session's own loads do). A time before the page started means a stored copy (decision 0021).
 */
export function useUserUpdatedAt(): number {
  return useQuery({ ...getUserQueryOptions(), enabled: false }).dataUpdatedAt
}

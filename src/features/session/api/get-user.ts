import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { UserResponseSchema, type User } from '../../../domain/contract/user'
import { http } from '../../../lib/http'
import { sessionStore } from '../../../lib/session-store'

export async function getUser(): Promise<User> {
  const body = await http.get('/user', { schema: UserResponseSchema })
  return body.data
}

export const userQueryKey = ['user'] as const

export const getUserQueryOptions = () => queryOptions({ queryKey: userQueryKey, queryFn: getUser })

/**
 * Fetches the current user and stores it in the session. Calls that arrive together (the start-up restore and the
 * account gate's initial load) share one request; `fresh` (Check Status) always asks the server.
 */
export async function loadCurrentUser(
  queryClient: QueryClient,
  options: { fresh?: boolean } = {},
): Promise<User> {
  const user = await queryClient.fetchQuery({
    ...getUserQueryOptions(),
    staleTime: options.fresh ? 0 : 2_000,
  })
  // A sign-out while the request was in flight wins: never resurrect a cleared session.
  if (sessionStore.getState().token) sessionStore.setUser(user)
  return user
}

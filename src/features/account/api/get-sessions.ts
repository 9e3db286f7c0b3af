// GET /user/sessions (decision 0020): every signed-in device of the caller, its own first (`current`).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { SessionsResponseSchema, type Session } from '../../../domain/contract/sessions'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export async function getSessions(): Promise<Session[]> {
  const body = await http.get('/user/sessions', { schema: SessionsResponseSchema })
  return body.data
}

export const getSessionsQueryOptions = () =>
  queryOptions({ queryKey: ACCOUNT_KEYS.sessions, queryFn: getSessions, staleTime: 10_000 })

export const useSessions = () => useQuery(getSessionsQueryOptions())

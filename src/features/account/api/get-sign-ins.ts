// GET /user/sign-ins: the last 50 sign-in attempts, newest first, with their result, address and device.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { SignInsResponseSchema, type SignInEvent } from '../../../domain/contract/sign-ins'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export async function getSignIns(): Promise<SignInEvent[]> {
  const body = await http.get('/user/sign-ins', { schema: SignInsResponseSchema })
  return body.data
}

export const getSignInsQueryOptions = () =>
  queryOptions({ queryKey: ACCOUNT_KEYS.signIns, queryFn: getSignIns, staleTime: 30_000 })

export const useSignIns = () => useQuery(getSignInsQueryOptions())

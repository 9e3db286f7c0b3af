// GET /user/two-factor: whether sign-in asks for a code, since when, and how many recovery codes are left.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { TwoFactorStatusResponseSchema, type TwoFactorStatus } from '../../../domain/contract/two-factor'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export async function getTwoFactor(): Promise<TwoFactorStatus> {
  const body = await http.get('/user/two-factor', { schema: TwoFactorStatusResponseSchema })
  return body.data
}

// Fresh for 10 s, as the sessions are: the settings page's loader asks for it as the page's code loads, and its
// mount does not ask again; the changes made here invalidate it.
export const getTwoFactorQueryOptions = () =>
  queryOptions({ queryKey: ACCOUNT_KEYS.twoFactor, queryFn: getTwoFactor, staleTime: 10_000 })

export const useTwoFactor = () => useQuery(getTwoFactorQueryOptions())

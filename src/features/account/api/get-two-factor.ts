// GET /user/two-factor: whether sign-in asks for a code, since when, and how many recovery codes are left.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { TwoFactorStatusResponseSchema, type TwoFactorStatus } from '../../../domain/contract/two-factor'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export async function getTwoFactor(): Promise<TwoFactorStatus> {
  const body = await http.get('/user/two-factor', { schema: TwoFactorStatusResponseSchema })
  return body.data
}

export const getTwoFactorQueryOptions = () =>
  queryOptions({ queryKey: ACCOUNT_KEYS.twoFactor, queryFn: getTwoFactor })

export const useTwoFactor = () => useQuery(getTwoFactorQueryOptions())

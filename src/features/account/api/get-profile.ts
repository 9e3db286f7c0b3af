// GET /user/profile: the personal details the user object does not carry (phone, address, date of birth, a
// pending e-mail change).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ProfileResponseSchema, type Profile } from '../../../domain/contract/profile'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export async function getProfile(): Promise<Profile> {
  const body = await http.get('/user/profile', { schema: ProfileResponseSchema })
  return body.data
}

export const getProfileQueryOptions = () =>
  queryOptions({ queryKey: ACCOUNT_KEYS.profile, queryFn: getProfile })

export const useProfile = () => useQuery(getProfileQueryOptions())

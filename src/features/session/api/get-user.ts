import { queryOptions } from '@tanstack/react-query'
import { UserResponseSchema, type User } from '../../../domain/contract/user'
import { http } from '../../../lib/http'

export async function getUser(): Promise<User> {
  const body = await http.get('/user', { schema: UserResponseSchema })
  return body.data
}

export const getUserQueryOptions = () => queryOptions({ queryKey: ['user'] as const, queryFn: getUser })

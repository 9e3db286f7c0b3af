// POST /user/password: current, new and confirmation. Every other session is signed out, so the list refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ChangePasswordResponseSchema, type ChangePasswordRequest } from '../../../domain/contract/password'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export async function changePassword(request: ChangePasswordRequest) {
  return http.post('/user/password', request, { schema: ChangePasswordResponseSchema })
}

export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.sessions }),
  })
}

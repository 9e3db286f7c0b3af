// DELETE /user/sessions/{id}: signs one device out. Its tabs hear session.revoked and go to / at once.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { RevokeSessionResponseSchema } from '../../../domain/contract/sessions'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export async function revokeSession(id: number) {
  return http.delete(`/user/sessions/${id}`, { schema: RevokeSessionResponseSchema })
}

export function useRevokeSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.sessions }),
  })
}

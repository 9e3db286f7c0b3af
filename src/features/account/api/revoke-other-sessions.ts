// DELETE /user/sessions?others=true: signs out every device but this one.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { RevokeSessionsResponseSchema } from '../../../domain/contract/sessions'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export async function revokeOtherSessions() {
  return http.delete('/user/sessions?others=true', { schema: RevokeSessionsResponseSchema })
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.sessions }),
  })
}

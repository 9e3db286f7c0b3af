// POST /user/email: a new address and the password. Nothing changes until the link mailed to the new address is
// opened (/confirm-email); the profile shows the address as pending meanwhile.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ChangeEmailRequestSchema } from '../../../domain/contract/email-change'
import { MessageResponseSchema } from '../../../domain/contract/user'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequestSchema>

export async function changeEmail(request: ChangeEmailRequest) {
  return http.post('/user/email', request, { schema: MessageResponseSchema })
}

export function useChangeEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.profile }),
  })
}

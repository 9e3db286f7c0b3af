// POST /user/two-factor/disable: the password and a code (from the app or a recovery code).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import type { TwoFactorConfirmRequestSchema } from '../../../domain/contract/two-factor'
import { MessageResponseSchema } from '../../../domain/contract/user'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export type TwoFactorConfirmRequest = z.infer<typeof TwoFactorConfirmRequestSchema>

export async function disableTwoFactor(request: TwoFactorConfirmRequest) {
  return http.post('/user/two-factor/disable', request, { schema: MessageResponseSchema })
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.twoFactor }),
  })
}

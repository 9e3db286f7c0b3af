// POST /user/two-factor/recovery-codes: ten new recovery codes (the old ones stop working), shown once.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { RecoveryCodesResponseSchema } from '../../../domain/contract/two-factor'
import { http } from '../../../lib/http'
import type { TwoFactorConfirmRequest } from './disable-two-factor'
import { ACCOUNT_KEYS } from './query-keys'

export async function renewRecoveryCodes(request: TwoFactorConfirmRequest) {
  return http.post('/user/two-factor/recovery-codes', request, { schema: RecoveryCodesResponseSchema })
}

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: renewRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.twoFactor }),
  })
}

// POST /user/two-factor/enable: the first code proves the app holds the secret; answers the 10 recovery codes once.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { RecoveryCodesResponseSchema } from '../../../domain/contract/two-factor'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export async function enableTwoFactor(code: string) {
  return http.post('/user/two-factor/enable', { code }, { schema: RecoveryCodesResponseSchema })
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.twoFactor }),
  })
}

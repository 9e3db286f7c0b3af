// POST /funds/deposits/{id}/three-ds { approve }: the simulated bank step of a card asking for 3-D Secure. The answer
// is the deposit, completed or failed.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { DepositResponseSchema } from '../../../domain/contract/deposits'
import { http } from '../../../lib/http'
import { invalidateFunds } from './invalidate-funds'

export interface ThreeDsInput {
  depositId: number
  approve: boolean
}

export async function confirmThreeDs({ depositId, approve }: ThreeDsInput) {
  return http.post(`/funds/deposits/${depositId}/three-ds`, { approve }, { schema: DepositResponseSchema })
}

export function useConfirmThreeDs() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: confirmThreeDs, onSettled: () => invalidateFunds(queryClient) })
}

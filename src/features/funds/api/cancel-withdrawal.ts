// POST /funds/withdrawals/{id}/cancel: the customer takes back a withdrawal still in review; the reserved amount is
// released in the same transaction. Once decided it answers 409 'This withdrawal can no longer be cancelled.'.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { WithdrawalResponseSchema } from '../../../domain/contract/withdrawals'
import { http } from '../../../lib/http'
import { invalidateFunds } from './invalidate-funds'

export async function cancelWithdrawal(id: number) {
  return http.post(`/funds/withdrawals/${id}/cancel`, {}, { schema: WithdrawalResponseSchema })
}

/** `onBalanceChanged` reloads the signed-in user (their balance), which the session feature owns. */
export function useCancelWithdrawal(onBalanceChanged?: () => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSettled: () => Promise.all([invalidateFunds(queryClient), onBalanceChanged?.()]),
  })
}

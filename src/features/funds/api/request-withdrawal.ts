// POST /funds/withdrawals with an Idempotency-Key header: the amount is reserved at once (only if free margin covers
// it) and the request waits in review. The key is made per submission attempt by the form and resent by any retry
// of that attempt, so a lost answer cannot reserve the money twice.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { WithdrawalResponseSchema, type WithdrawalRequest } from '../../../domain/contract/withdrawals'
import { IDEMPOTENCY_KEY_HEADER } from '../../../domain/contract/trades'
import { http } from '../../../lib/http'
import { invalidateFunds } from './invalidate-funds'

export interface WithdrawalInput {
  withdrawal: WithdrawalRequest
  idempotencyKey: string
}

export async function requestWithdrawal({ withdrawal, idempotencyKey }: WithdrawalInput) {
  return http.post('/funds/withdrawals', withdrawal, {
    schema: WithdrawalResponseSchema,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  })
}

/** `onBalanceChanged` reloads the signed-in user (their balance), which the session feature owns. */
export function useRequestWithdrawal(onBalanceChanged?: () => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: requestWithdrawal,
    onSettled: () => Promise.all([invalidateFunds(queryClient), onBalanceChanged?.()]),
  })
}

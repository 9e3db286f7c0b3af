// POST /funds/savings/transfers { direction, amount } with an Idempotency-Key header: 'in' from the free margin to
// savings, 'out' back (unpaid interest is credited with it). One ledger transfer, at once; the key is made per
// submission attempt by the dialog and resent by any retry of that attempt.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { SavingsTransferResponseSchema } from '../../../domain/contract/savings'
import { IDEMPOTENCY_KEY_HEADER } from '../../../domain/contract/trades'
import type { SavingsDirection } from '../../../domain/funds/savings-transfer'
import { http } from '../../../lib/http'
import { invalidateFunds } from './invalidate-funds'
import { fundsKeys } from './query-keys'

export interface SavingsTransferInput {
  direction: SavingsDirection
  amount: string
  idempotencyKey: string
}

export async function transferSavings({ direction, amount, idempotencyKey }: SavingsTransferInput) {
  return http.post(
    '/funds/savings/transfers',
    { direction, amount },
    { schema: SavingsTransferResponseSchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
  )
}

/** `onBalanceChanged` reloads the signed-in user (their balance), which the session feature owns. */
export function useTransferSavings(onBalanceChanged?: () => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: transferSavings,
    onSuccess: (body) => queryClient.setQueryData(fundsKeys.savings, body.data),
    onSettled: () => Promise.all([invalidateFunds(queryClient), onBalanceChanged?.()]),
  })
}

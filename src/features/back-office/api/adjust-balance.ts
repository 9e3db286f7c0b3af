// POST /admin/users/{id}/adjustments { amount, kind, reason } with an Idempotency-Key header. The key is made once
// per dialog opening and sent again by every retry, so a timed-out request that did land cannot move the balance
// twice: the server answers the first result again (200) for the same key and body, 409 for another body.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { AdjustmentResponseSchema, type AdjustmentKind } from '../../../domain/contract/ledger'
import { IDEMPOTENCY_KEY_HEADER } from '../../../domain/contract/trades'
import { http } from '../../../lib/http'
import { invalidateClient } from './invalidate-client'

export interface AdjustBalanceInput {
  userId: number
  /** Signed, two decimals: '500.00', '-120.50'. */
  amount: string
  kind: AdjustmentKind
  reason: string
  idempotencyKey: string
}

export async function adjustBalance({ userId, amount, kind, reason, idempotencyKey }: AdjustBalanceInput) {
  const body = await http.post(
    `/admin/users/${userId}/adjustments`,
    { amount, kind, reason },
    { schema: AdjustmentResponseSchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
  )
  return body
}

export function useAdjustBalance() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: adjustBalance,
    onSettled: (_result, _error, input) => invalidateClient(queryClient, input.userId),
  })
}

// POST /funds/deposits/card with an Idempotency-Key header: the number and CVC go to the payment provider and
// nowhere else. The answer is the deposit: completed, failed (declined) or pending with next_action 'three_ds'.
// The key is made per submission attempt by the form and resent by any retry of that attempt.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { DepositResponseSchema } from '../../../domain/contract/deposits'
import { type CardDepositRequest } from '../../../domain/contract/card-deposits'
import { IDEMPOTENCY_KEY_HEADER } from '../../../domain/contract/trades'
import { http } from '../../../lib/http'
import { invalidateFunds } from './invalidate-funds'

export interface CardDepositInput {
  card: CardDepositRequest
  idempotencyKey: string
}

export async function depositByCard({ card, idempotencyKey }: CardDepositInput) {
  return http.post('/funds/deposits/card', card, {
    schema: DepositResponseSchema,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  })
}

export function useDepositByCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: depositByCard,
    onSettled: () => invalidateFunds(queryClient),
  })
}

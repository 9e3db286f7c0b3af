// POST /funds/deposits/wire { reference, amount }: 'I have sent the transfer'. A pending deposit the back office
// approves when the money arrives; the reference is single-use, so a repeat is refused rather than doubled.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { DepositResponseSchema } from '../../../domain/contract/deposits'
import { http } from '../../../lib/http'
import { invalidateFunds } from './invalidate-funds'

export interface WireDepositInput {
  reference: string
  amount: string
}

export async function depositByWire(input: WireDepositInput) {
  return http.post('/funds/deposits/wire', input, { schema: DepositResponseSchema })
}

export function useDepositByWire() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: depositByWire, onSettled: () => invalidateFunds(queryClient) })
}

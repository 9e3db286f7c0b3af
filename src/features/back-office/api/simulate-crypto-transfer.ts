// POST /admin/users/{id}/crypto-transfers { coin, network, coin_amount }: the sandbox chain's "Simulate incoming
// transfer" (decision 0019), for demos and tests. The transfer lands on the customer's deposit address and confirms
// on its own; the customer's deposit page counts the confirmations up, the client page follows through
// client.updated.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import type { SimulatedTransferRequestSchema } from '../../../domain/contract/crypto-deposits'
import { http } from '../../../lib/http'
import { invalidateClient } from './invalidate-client'

export type SimulatedTransfer = z.input<typeof SimulatedTransferRequestSchema>

// The server's sentence is all this dialog shows; the deposit it made is the customer's page's business.
const SimulatedTransferResponseSchema = z.object({ message: z.string() })

export interface SimulateTransferInput {
  userId: number
  transfer: SimulatedTransfer
}

export async function simulateCryptoTransfer({ userId, transfer }: SimulateTransferInput) {
  return http.post(`/admin/users/${userId}/crypto-transfers`, transfer, {
    schema: SimulatedTransferResponseSchema,
  })
}

export function useSimulateCryptoTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: simulateCryptoTransfer,
    onSettled: (_result, _error, input) => invalidateClient(queryClient, input.userId),
  })
}

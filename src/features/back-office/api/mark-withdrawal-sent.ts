// POST /admin/withdrawals/{id}/sent { payout_reference }: an approved withdrawal was paid out (decision 0019). The
// customer's withdrawal page shows 'Sent' with the reference at once (funds.updated on their channel); a withdrawal
// not approved (still in review, already sent, rejected) answers 409 with the server's sentence.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { WithdrawalResponseSchema } from '../../../domain/contract/withdrawals'
import { http } from '../../../lib/http'
import { BACK_OFFICE_KEYS } from './query-keys'

export interface MarkWithdrawalSentInput {
  id: number
  payoutReference: string
}

export async function markWithdrawalSent({ id, payoutReference }: MarkWithdrawalSentInput) {
  return http.post(
    `/admin/withdrawals/${id}/sent`,
    { payout_reference: payoutReference },
    { schema: WithdrawalResponseSchema },
  )
}

export function useMarkWithdrawalSent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markWithdrawalSent,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.requests }),
        queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.clients }),
        queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.audit }),
      ]),
  })
}

// POST /admin/requests/{type}/{id}/decision: approve, or reject with the reason the customer will read. Exactly
// one admin's decision wins; a later one answers 409 'This request has already been decided.', which the caller
// shows as it is. Afterwards the queue, its count and the client refetch.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  RequestDecisionResponseSchema,
  type QueueRequest,
  type RequestDecision,
} from '../../../domain/contract/request-queue'
import { http } from '../../../lib/http'
import { BACK_OFFICE_KEYS } from './query-keys'

export interface DecideRequestInput extends RequestDecision {
  type: string
  id: number
}

export async function decideRequest({ type, id, decision, reason }: DecideRequestInput) {
  const body = await http.post(
    `/admin/requests/${encodeURIComponent(type)}/${id}/decision`,
    reason ? { decision, reason } : { decision },
    { schema: RequestDecisionResponseSchema },
  )
  return body
}

export function useDecideRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: decideRequest,
    onSettled: (_result, _error, input: DecideRequestInput) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.requests }),
        queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.clients }),
      ]).then(() => input),
  })
}

export type { QueueRequest }

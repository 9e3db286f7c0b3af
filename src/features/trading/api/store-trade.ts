// POST /trades/store (docs/product/api.md#calls) with an Idempotency-Key per attempt (docs/product/api.md#calls): the
// mutation retries a request that never got an answer with the same key, so a flaky network can never open two
// positions. The key is made by the caller once per submit and regenerated after each attempt
// (docs/product/orders-and-alerts.md#positions, "the id is regenerated after each attempt").
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  IDEMPOTENCY_KEY_HEADER,
  StoreTradeResponseSchema,
  type StoreTradeRequest,
  type Trade,
} from '../../../domain/contract/trades'
import { http, isNetworkError } from '../../../lib/http'
import { allTradesQueryKey } from './get-trades'

export interface StoreTradeVariables {
  payload: StoreTradeRequest
  idempotencyKey: string
}

export async function storeTrade({ payload, idempotencyKey }: StoreTradeVariables): Promise<Trade> {
  const body = await http.post('/trades/store', payload, {
    schema: StoreTradeResponseSchema,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  })
  return body.data
}

export function useStoreTrade() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: storeTrade,
    // Only an unanswered request is retried: the server may have opened the position, and the same key makes the
    // retry return it instead of opening another. A refusal (4xx) is final.
    retry: (failureCount, error) => failureCount < 2 && isNetworkError(error),
    retryDelay: 1_000,
    onSettled: () => queryClient.invalidateQueries({ queryKey: allTradesQueryKey }),
  })
}

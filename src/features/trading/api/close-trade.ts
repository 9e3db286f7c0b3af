// POST /trade/{id}/close (docs/product/api.md#calls): the server closes at its own price; afterwards open and closed
// trades refetch. With a volume (units) it closes that part and the remainder keeps the position's id (decision
// 0034).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CloseTradeResponseSchema, type Trade } from '../../../domain/contract/trades'
import { http } from '../../../lib/http'
import { allTradesQueryKey } from './get-trades'

export interface CloseTradeVariables {
  tradeId: number
  /** Units to close; undefined closes the whole position. */
  volume?: number
}

export async function closeTrade({ tradeId, volume }: CloseTradeVariables): Promise<Trade> {
  const body = await http.post(`/trade/${tradeId}/close`, volume === undefined ? undefined : { volume }, {
    schema: CloseTradeResponseSchema,
  })
  return body.data
}

export function useCloseTrade() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: closeTrade,
    onSettled: () => queryClient.invalidateQueries({ queryKey: allTradesQueryKey }),
  })
}

// POST /trade/{id}/close (spec 7): the server closes at its own price; afterwards open and closed trades refetch.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CloseTradeResponseSchema, type Trade } from '../../../domain/contract/trades'
import { http } from '../../../lib/http'
import { allTradesQueryKey } from './get-trades'

export async function closeTrade(tradeId: number): Promise<Trade> {
  const body = await http.post(`/trade/${tradeId}/close`, undefined, { schema: CloseTradeResponseSchema })
  return body.data
}

export function useCloseTrade() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: closeTrade,
    onSettled: () => queryClient.invalidateQueries({ queryKey: allTradesQueryKey }),
  })
}

// An open position's levels (PATCH /trade/{id}) and closing every position at once (POST /trades/close-all),
// decision 0034. Both refetch the trades afterwards, as a close does.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  CloseAllResponseSchema,
  ModifyTradeResponseSchema,
  type CloseAllResult,
  type ModifyTradeRequest,
} from '../../../domain/contract/orders'
import type { Trade } from '../../../domain/contract/trades'
import { http } from '../../../lib/http'
import { allTradesQueryKey } from './get-trades'

export async function modifyTrade(tradeId: number, changes: ModifyTradeRequest): Promise<Trade> {
  const body = await http.patch(`/trade/${tradeId}`, changes, { schema: ModifyTradeResponseSchema })
  return body.data
}

/** Every open position, or those of one asset (Trade.asset_id). */
export async function closeAllTrades(assetId?: string): Promise<CloseAllResult> {
  const body = await http.post('/trades/close-all', assetId === undefined ? {} : { asset_id: assetId }, {
    schema: CloseAllResponseSchema,
  })
  return body.data
}

export function useModifyTrade() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ tradeId, changes }: { tradeId: number; changes: ModifyTradeRequest }) =>
      modifyTrade(tradeId, changes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: allTradesQueryKey }),
  })
}

export function useCloseAllTrades() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: closeAllTrades,
    onSettled: () => queryClient.invalidateQueries({ queryKey: allTradesQueryKey }),
  })
}

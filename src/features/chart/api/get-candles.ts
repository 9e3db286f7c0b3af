import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import {
  CandleSchema,
  CandlesResponseSchema,
  type Candle,
  type CandleTimeframe,
} from '../../../domain/contract/assets'
import { http } from '../../../lib/http'
import { keepOfflineCopy } from '../../../lib/offline-copy-meta'

/** Charts kept for offline use: the last few looked at (a day of one-minute candles is about 100 KB). */
export const OFFLINE_CHARTS_KEPT = 3

/** The chart's history, oldest first; the server names the asset by its feed id (asset_id) or its numeric id. */
export async function getCandles(
  assetId: string,
  timeframe: CandleTimeframe,
  signal?: AbortSignal,
): Promise<Candle[]> {
  const path = `/assets/${encodeURIComponent(assetId)}/candles?tf=${timeframe}`
  const body = await http.get(path, { schema: CandlesResponseSchema, signal })
  return body.data
}

export const getCandlesQueryOptions = (assetId: string, timeframe: CandleTimeframe) =>
  queryOptions({
    queryKey: ['candles', assetId, timeframe] as const,
    queryFn: ({ signal }) => getCandles(assetId, timeframe, signal),
    // Live ticks extend the newest candle between loads; a refetch only corrects what the ticks missed.
    staleTime: 60_000,
    meta: keepOfflineCopy(z.array(CandleSchema), { keep: OFFLINE_CHARTS_KEPT }),
  })

export const useCandles = (assetId: string, timeframe: CandleTimeframe) =>
  useQuery(getCandlesQueryOptions(assetId, timeframe))

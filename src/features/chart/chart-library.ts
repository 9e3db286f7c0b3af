// lightweight-charts arrives in its own chunk, on demand: the workspace paints before it. preloadChart lets a page
// start that download (and the active asset's candles) as it opens, instead of when the chart mounts.
import type { QueryClient } from '@tanstack/react-query'
import type { CandleTimeframe } from '../../domain/contract/assets'
import { getCandlesQueryOptions } from './api/get-candles'

export const loadChartLibrary = () => import('lightweight-charts')

/** The time frame a chart opens on. */
export const DEFAULT_TIMEFRAME: CandleTimeframe = '1m'

/**
 * Starts what a chart will need before it mounts: the library and, when the asset is known, its candles, so
 * neither waits for the asset list that decides when the chart mounts.
 */
export function preloadChart(queryClient: QueryClient, assetId: string | null) {
  loadChartLibrary().catch(() => {
    // Nothing to do here: the chart's own load reports the failure and offers a retry.
  })
  if (assetId) void queryClient.prefetchQuery(getCandlesQueryOptions(assetId, DEFAULT_TIMEFRAME))
}

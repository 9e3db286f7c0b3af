// GET /open/trades?page= and /closed/trades?page= (docs/product/api.md#calls), as infinite queries: the positions
// drawer loads the next page when its sentinel scrolls into view
// (docs/product/trading-workspace.md#positions-drawer). One file for both lists: they differ only in path and failure
// message (docs/product/orders-and-alerts.md#positions).
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { TradesPageSchema, type Trade, type TradesPage } from '../../../domain/contract/trades'
import { http } from '../../../lib/http'
import { keepOfflineCopy } from '../../../lib/offline-copy-meta'

export const TRADE_LISTS = {
  open: { path: '/open/trades', failure: 'Failed to fetch open trades. Please try again.' },
  closed: { path: '/closed/trades', failure: 'Failed to fetch closed trades. Please try again.' },
} as const
export type TradeList = keyof typeof TRADE_LISTS

export const tradesQueryKey = (list: TradeList) => ['trades', list] as const
/** Everything trade-related, for invalidation after a trade.updated push or a trade of our own. */
export const allTradesQueryKey = ['trades'] as const

export async function getTradesPage(list: TradeList, page: number): Promise<TradesPage> {
  try {
    return await http.get(`${TRADE_LISTS[list].path}?page=${page}`, { schema: TradesPageSchema })
  } catch (error) {
    throw new Error(TRADE_LISTS[list].failure, { cause: error })
  }
}

/** The open trades as the infinite query holds them, for the offline copy. */
const OpenTradesDataSchema = z.object({ pages: z.array(TradesPageSchema), pageParams: z.array(z.number()) })

export const getTradesQueryOptions = (list: TradeList) =>
  infiniteQueryOptions({
    queryKey: tradesQueryKey(list),
    queryFn: ({ pageParam }) => getTradesPage(list, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: TradesPage) => (last.links.next ? last.meta.current_page + 1 : undefined),
    // Positions change only by trades and pushes, both of which invalidate: no refetch on every focus.
    staleTime: 30_000,
    // The open positions are shown offline, with their P/L at the last known prices (decision 0021).
    meta: list === 'open' ? keepOfflineCopy(OpenTradesDataSchema) : undefined,
  })

export const useTrades = (list: TradeList, enabled = true) =>
  useInfiniteQuery({ ...getTradesQueryOptions(list), enabled })

/** The trades of every loaded page, without duplicates (a trade may shift pages between two fetches). */
export function flattenTrades(pages: readonly TradesPage[] | undefined): Trade[] {
  if (!pages) return []
  const seen = new Set<number>()
  const trades: Trade[] = []
  for (const page of pages) {
    for (const trade of page.data) {
      if (seen.has(trade.id)) continue
      seen.add(trade.id)
      trades.push(trade)
    }
  }
  return trades
}

/**
 * docs/product/api.md#calls: trade.updated reloads open and closed trades. Rejects when a refetch failed, so the
 * caller can retry.
 */
export async function refreshTrades(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: allTradesQueryKey }, { throwOnError: true })
}

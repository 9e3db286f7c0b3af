// TanStack Query with the defaults of docs/product/api.md#data-caching: 3 retries, delay doubling from 1 s up to
// 30 s, cache lifetime 5 minutes; and an invalidation that a query's first fetch cannot swallow.
import {
  QueryClient,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type QueryKey,
} from '@tanstack/react-query'
import { HttpError } from './http'

export const QUERY_RETRIES = 3
export const CACHE_LIFETIME_MS = 5 * 60_000

export const retryDelayMs = (attemptIndex: number) => Math.min(1000 * 2 ** attemptIndex, 30_000)

/** A 4xx answer will not change by asking again; only network failures and 5xx are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false
  return failureCount < QUERY_RETRIES
}

/**
 * An invalidation reaches a query that is still on its first fetch too. TanStack joins that fetch instead of starting
 * another (it cancels one in flight only when the query already has data), and its answer may predate what the
 * invalidation was for: a chat message's event that arrived while a tab's first unread count was queued behind
 * /mt4's requests left that tab one message short. Such a query is invalidated again once its fetch has settled.
 */
export class FreshQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const firstFetches = this.getQueryCache()
      .findAll(filters)
      .filter((query) => query.state.fetchStatus === 'fetching' && query.state.data === undefined)
    await super.invalidateQueries(filters, options)
    await Promise.all(
      firstFetches.map((query) =>
        super.invalidateQueries({ queryKey: query.queryKey, exact: true }, options),
      ),
    )
  }
}

export function createQueryClient() {
  return new FreshQueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay: retryDelayMs, gcTime: CACHE_LIFETIME_MS },
      mutations: { retry: false },
    },
  })
}

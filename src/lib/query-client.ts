// TanStack Query with the spec's defaults (section 9): 3 retries, delay doubling from 1 s up to 30 s,
// cache lifetime 5 minutes.
import { QueryClient } from '@tanstack/react-query'
import { HttpError } from './http'

export const QUERY_RETRIES = 3
export const CACHE_LIFETIME_MS = 5 * 60_000

export const retryDelayMs = (attemptIndex: number) => Math.min(1000 * 2 ** attemptIndex, 30_000)

/** A 4xx answer will not change by asking again; only network failures and 5xx are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false
  return failureCount < QUERY_RETRIES
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay: retryDelayMs, gcTime: CACHE_LIFETIME_MS },
      mutations: { retry: false },
    },
  })
}

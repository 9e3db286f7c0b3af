import { QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../../../src/lib/http'
import {
  CACHE_LIFETIME_MS,
  createQueryClient,
  retryDelayMs,
  shouldRetry,
} from '../../../src/lib/query-client'

const httpError = (status: number) =>
  new HttpError({ message: 'x', status, statusText: '', data: null, url: '/x', method: 'GET' })

describe('query defaults (docs/product/api.md#data-caching)', () => {
  it('retries three times', () => {
    expect([0, 1, 2].map((count) => shouldRetry(count, new Error('network')))).toEqual([true, true, true])
    expect(shouldRetry(3, new Error('network'))).toBe(false)
    expect(shouldRetry(0, httpError(503))).toBe(true)
  })
  it('does not retry a 4xx answer', () => {
    expect(shouldRetry(0, httpError(404))).toBe(false)
    expect(shouldRetry(0, httpError(401))).toBe(false)
  })
  it('doubles the delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })
  it('keeps unused data 5 minutes', () => {
    expect(CACHE_LIFETIME_MS).toBe(300_000)
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(300_000)
  })
})

describe('invalidation', () => {
  /** A count on the server, answered 20 ms after it was read, as a request queued behind others would be. */
  function slowCounter() {
    const server = { count: 1, reads: 0 }
    const queryFn = () => {
      const answer = server.count
      server.reads += 1
      return new Promise<number>((resolve) => setTimeout(() => resolve(answer), 20))
    }
    return { server, queryFn }
  }

  it('fetches again after a first fetch that was already on its way when the data changed', async () => {
    const client = createQueryClient()
    const { server, queryFn } = slowCounter()
    const observer = new QueryObserver(client, { queryKey: ['unread'], queryFn })
    const stop = observer.subscribe(() => {})
    // The first fetch read 1; a message arrives and its event invalidates while that answer is on its way.
    server.count = 2
    await client.invalidateQueries({ queryKey: ['unread'] })
    expect(client.getQueryData(['unread'])).toBe(2)
    expect(server.reads).toBe(2)
    stop()
  })

  it('cancels a refetch in flight and asks once more when the query already has data', async () => {
    const client = createQueryClient()
    const { server, queryFn } = slowCounter()
    const observer = new QueryObserver(client, { queryKey: ['unread'], queryFn })
    const stop = observer.subscribe(() => {})
    await observer.refetch()
    server.count = 2
    void client.invalidateQueries({ queryKey: ['unread'] })
    server.count = 3
    await client.invalidateQueries({ queryKey: ['unread'] })
    expect(client.getQueryData(['unread'])).toBe(3)
    stop()
  })
})

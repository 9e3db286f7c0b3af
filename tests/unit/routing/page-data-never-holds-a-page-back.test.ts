import { infiniteQueryOptions, onlineManager, QueryClient, queryOptions } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { loadPageData } from '../../../src/routes/-page-data'

// Decision 0042: a page's loader fills the cache its components read, and never waits on what the page already
// shows a state for: a failing request that retries, or one paused offline.

const client = () =>
  new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 60_000, gcTime: 60_000 } } })

afterEach(() => onlineManager.setOnline(true))

describe('loadPageData', () => {
  it('fills the cache with what the page reads, plain and paged queries alike', async () => {
    const queryClient = client()
    await loadPageData(queryClient, [
      queryOptions({ queryKey: ['plain'], queryFn: () => Promise.resolve(1) }),
      infiniteQueryOptions({
        queryKey: ['paged'],
        queryFn: () => Promise.resolve(['a']),
        initialPageParam: 1,
        getNextPageParam: () => undefined,
      }),
    ])
    expect(queryClient.getQueryData(['plain'])).toBe(1)
    expect(queryClient.getQueryData(['paged'])).toEqual({ pages: [['a']], pageParams: [1] })
  })

  it('resolves at the first failure while the query retries, and never rejects', async () => {
    const queryClient = client()
    await expect(
      loadPageData(queryClient, [
        queryOptions({
          queryKey: ['failing'],
          queryFn: (): Promise<number> => Promise.reject(new Error('down')),
        }),
      ]),
    ).resolves.toBeUndefined()
    // Still retrying in the background, for the page to show its own state.
    expect(queryClient.getQueryState(['failing'])?.fetchStatus).toBe('fetching')
  })

  it('resolves at once offline, the fetch paused', async () => {
    onlineManager.setOnline(false)
    const queryClient = client()
    await expect(
      loadPageData(queryClient, [queryOptions({ queryKey: ['offline'], queryFn: () => Promise.resolve(1) })]),
    ).resolves.toBeUndefined()
    expect(queryClient.getQueryState(['offline'])?.fetchStatus).toBe('paused')
  })

  it('answers from the cache without asking again', async () => {
    const queryClient = client()
    queryClient.setQueryData(['cached'], 7)
    let calls = 0
    await loadPageData(queryClient, [
      queryOptions({ queryKey: ['cached'], queryFn: () => Promise.resolve(++calls) }),
    ])
    expect(calls).toBe(0)
  })

  it('asks for the queries below the fold at once, and does not wait for them', async () => {
    const queryClient = client()
    let answer: (value: number) => void = () => undefined
    const slow = new Promise<number>((resolve) => (answer = resolve))
    await loadPageData(
      queryClient,
      [queryOptions({ queryKey: ['first'], queryFn: () => Promise.resolve(1) })],
      {
        belowTheFold: [queryOptions({ queryKey: ['below'], queryFn: () => slow })],
      },
    )
    // The page's own query is in; the one below the fold is on its way, not waited for.
    expect(queryClient.getQueryData(['first'])).toBe(1)
    expect(queryClient.getQueryState(['below'])?.fetchStatus).toBe('fetching')
    answer(2)
    await slow
    await Promise.resolve()
    expect(queryClient.getQueryData(['below'])).toBe(2)
  })
})

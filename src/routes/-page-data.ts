// What a page's loader asks for (decision 0042): the page's queries, with the options its components read them with,
// so the router fetches them as the page's code loads, or when a link to it is hovered (`defaultPreload: 'intent'`),
// and the components find the cache filled.
import type {
  EnsureInfiniteQueryDataOptions,
  EnsureQueryDataOptions,
  QueryClient,
} from '@tanstack/react-query'

// The options objects of the features' api/ files, as ensureQueryData and ensureInfiniteQueryData take them.
/* eslint-disable @typescript-eslint/no-explicit-any -- any query's options, whatever its data */
type PageQuery =
  EnsureQueryDataOptions<any, any, any, any> | EnsureInfiniteQueryDataOptions<any, any, any, any, any>
/* eslint-enable @typescript-eslint/no-explicit-any */

const isInfinite = (
  query: PageQuery,
): query is EnsureInfiniteQueryDataOptions<unknown, Error, unknown, readonly unknown[], unknown> =>
  'initialPageParam' in query

/**
 * Resolves once each query has its data, or has failed once, or is paused: a page already shows its own loading,
 * error and offline states (the stored copies of decision 0021), so a loader never holds the page back for a request
 * that retries (up to 7 s, docs/product/api.md#data-caching) or waits for the network. It never rejects.
 *
 * `belowTheFold` are queries of parts that a phone's first screen does not show: they are asked for now, beside the
 * page's code, and not waited for, so the page paints its first screen without them and those parts show their own
 * loading state until they arrive (docs/decisions/0043-the-signed-in-start-on-a-phone.md, "Eleventh pass").
 */
export function loadPageData(
  queryClient: QueryClient,
  queries: readonly PageQuery[],
  { belowTheFold = [] }: { belowTheFold?: readonly PageQuery[] } = {},
): Promise<void> {
  for (const query of belowTheFold) void settled(queryClient, query)
  return Promise.all(queries.map((query) => settled(queryClient, query))).then(() => undefined)
}

function settled(queryClient: QueryClient, options: PageQuery): Promise<void> {
  const fetch = (
    isInfinite(options)
      ? queryClient.ensureInfiniteQueryData(options)
      : queryClient.ensureQueryData(options as EnsureQueryDataOptions)
  ).then(
    () => undefined,
    () => undefined,
  )
  const cache = queryClient.getQueryCache()
  const query = cache.find({ queryKey: options.queryKey, exact: true })
  if (!query) return fetch
  const gaveUp = () => query.state.fetchFailureCount > 0 || query.state.fetchStatus === 'paused'
  if (gaveUp()) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = cache.subscribe((event) => {
      if (event.query === query && gaveUp()) done()
    })
    function done() {
      unsubscribe()
      resolve()
    }
    void fetch.then(done)
  })
}

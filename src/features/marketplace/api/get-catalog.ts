// GET /catalog: the spec's "shared query" (docs/product/api.md#calls): currencies, plans with their comparison rows
// and the expert advisors as the caller sees them (owned, available for their plan, running).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { CatalogResponseSchema, type Catalog } from '../../../domain/contract/catalog'
import { http } from '../../../lib/http'

export async function getCatalog(): Promise<Catalog> {
  const body = await http.get('/catalog', { schema: CatalogResponseSchema })
  return body.data
}

export const catalogQueryKey = ['catalog'] as const

export const getCatalogQueryOptions = () =>
  queryOptions({ queryKey: catalogQueryKey, queryFn: getCatalog, staleTime: 60_000 })

export const useCatalog = () => useQuery(getCatalogQueryOptions())

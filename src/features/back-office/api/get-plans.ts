// The plans an admin can move a client to: the catalogue's plans (GET /catalog, the spec's shared query). Only the
// plans are read here; the rest of the catalogue is the customer's view.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { CatalogResponseSchema, type Plan } from '../../../domain/contract/catalog'
import { http } from '../../../lib/http'
import { BACK_OFFICE_KEYS } from './query-keys'

export async function getPlans(): Promise<Plan[]> {
  const body = await http.get('/catalog', { schema: CatalogResponseSchema })
  return body.data.plans
}

export const getPlansQueryOptions = () =>
  queryOptions({
    queryKey: [...BACK_OFFICE_KEYS.all, 'plans'] as const,
    queryFn: getPlans,
    staleTime: 60_000,
  })

export const usePlans = (options?: { enabled?: boolean }) =>
  useQuery({ ...getPlansQueryOptions(), enabled: options?.enabled ?? true })

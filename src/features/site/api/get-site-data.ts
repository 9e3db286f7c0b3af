import { queryOptions, useQuery } from '@tanstack/react-query'
import { SiteDataResponseSchema, type SiteData } from '../../../domain/contract/site'
import { leverageFromSiteData } from '../../../domain/site/site-state'
import { http } from '../../../lib/http'

export const SITE_DATA_FETCH_FAILED = 'Failed to fetch site data. Please try again later.'

export async function getSiteData(): Promise<SiteData> {
  try {
    const body = await http.get('/data', { schema: SiteDataResponseSchema })
    return body.data
  } catch (error) {
    throw new Error(SITE_DATA_FETCH_FAILED, { cause: error })
  }
}

export const getSiteDataQueryOptions = () =>
  queryOptions({ queryKey: ['site-data'] as const, queryFn: getSiteData, staleTime: 5 * 60_000 })

/** The per-class leverage map: the server's values where present, else 100 (docs/product/site-and-gates.md#site-settings). */
export function useLeverageMap() {
  const { data } = useQuery(getSiteDataQueryOptions())
  return leverageFromSiteData(data)
}

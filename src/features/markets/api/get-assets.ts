import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { AssetSchema, AssetsResponseSchema, type Asset } from '../../../domain/contract/assets'
import { http } from '../../../lib/http'
import { keepOfflineCopy } from '../../../lib/offline-copy-meta'

export const ASSETS_FETCH_FAILED = 'Failed to fetch assets. Please try again later.'

export async function getAssets(): Promise<Asset[]> {
  try {
    const body = await http.get('/assets', { schema: AssetsResponseSchema })
    return body.data
  } catch (error) {
    throw new Error(ASSETS_FETCH_FAILED, { cause: error })
  }
}

export const getAssetsQueryOptions = () =>
  queryOptions({
    queryKey: ['assets'] as const,
    queryFn: getAssets,
    staleTime: 60_000,
    // Shown offline, at the last prices this browser saw (decision 0021).
    meta: keepOfflineCopy(z.array(AssetSchema), { withLastPrices: true }),
  })

export const useAssets = () => useQuery(getAssetsQueryOptions())

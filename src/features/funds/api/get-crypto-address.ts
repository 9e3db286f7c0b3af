// GET /funds/crypto/{coin}/{network}/address: the caller's stable deposit address for this coin on this network,
// with the minimum and the confirmations needed. Stable per user, so cached for the session.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { CryptoAddressResponseSchema } from '../../../domain/contract/crypto-deposits'
import { http } from '../../../lib/http'
import { fundsKeys } from './query-keys'

export async function getCryptoAddress(coin: string, network: string) {
  const body = await http.get(
    `/funds/crypto/${encodeURIComponent(coin)}/${encodeURIComponent(network)}/address`,
    { schema: CryptoAddressResponseSchema },
  )
  return body.data
}

export const getCryptoAddressQueryOptions = (coin: string, network: string) =>
  queryOptions({
    queryKey: fundsKeys.cryptoAddress(coin, network),
    queryFn: () => getCryptoAddress(coin, network),
    staleTime: Infinity,
  })

export const useCryptoAddress = (coin: string, network: string) =>
  useQuery(getCryptoAddressQueryOptions(coin, network))

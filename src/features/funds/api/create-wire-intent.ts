// POST /funds/wire/intents: a fresh unique reference for the transfer the customer is about to make, with the
// broker's bank details. A query, not a mutation, so the wire page keeps one reference while open (no refetch on
// focus or reconnect); leaving and coming back asks for a new one, which is harmless: an unused intent expires.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { WireIntentResponseSchema } from '../../../domain/contract/wire-deposits'
import { http } from '../../../lib/http'
import { fundsKeys } from './query-keys'

export async function createWireIntent() {
  const body = await http.post('/funds/wire/intents', {}, { schema: WireIntentResponseSchema })
  return body.data
}

export const getWireIntentQueryOptions = () =>
  queryOptions({
    queryKey: fundsKeys.wireIntent,
    queryFn: createWireIntent,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // A POST: one attempt; the page offers "Try again".
    retry: false,
  })

export const useWireIntent = () => useQuery(getWireIntentQueryOptions())

// GET /verification: the level, what each level takes and unlocks, and each document type's latest document and
// status. The route refetches it when an admin decides (user.updated on the user's channel).
import { queryOptions, useQuery } from '@tanstack/react-query'
import {
  VerificationSummaryResponseSchema,
  type VerificationSummary,
} from '../../../domain/contract/verification'
import { http } from '../../../lib/http'

export const verificationQueryKey = ['verification'] as const

export async function getVerification(): Promise<VerificationSummary> {
  const body = await http.get('/verification', { schema: VerificationSummaryResponseSchema })
  return body.data
}

export const getVerificationQueryOptions = () =>
  queryOptions({ queryKey: verificationQueryKey, queryFn: getVerification })

export const useVerification = () => useQuery(getVerificationQueryOptions())

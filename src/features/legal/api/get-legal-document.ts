// GET /legal/{document} (decision 0022): one legal or help page's text, the operator's, from the site settings.
import { queryOptions, useQuery } from '@tanstack/react-query'
import {
  LegalDocumentResponseSchema,
  type LegalDocument,
  type LegalDocumentKey,
} from '../../../domain/contract/legal'
import { http } from '../../../lib/http'

export async function getLegalDocument(document: LegalDocumentKey): Promise<LegalDocument> {
  const body = await http.get(`/legal/${document}`, { schema: LegalDocumentResponseSchema })
  return body.data
}

export const getLegalDocumentQueryOptions = (document: LegalDocumentKey) =>
  queryOptions({
    queryKey: ['legal', document] as const,
    queryFn: () => getLegalDocument(document),
    // An operator's edit is rare; a page opened again within a few minutes may show the copy it already has.
    staleTime: 5 * 60_000,
  })

export const useLegalDocument = (document: LegalDocumentKey) =>
  useQuery(getLegalDocumentQueryOptions(document))

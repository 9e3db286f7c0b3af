// POST /verification/documents (multipart: type, kind, issued_on, then file), with upload progress. The document
// arrives pending; the summary refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  VerificationDocumentResponseSchema,
  type DocumentKind,
  type VerificationDocumentType,
} from '../../../domain/contract/verification'
import { uploadChecked } from '../../../lib/files'
import { verificationQueryKey } from './get-verification'

export interface DocumentUpload {
  type: VerificationDocumentType
  kind: DocumentKind
  /** Proof of address: YYYY-MM-DD. */
  issuedOn?: string
  file: File
  onProgress: (fraction: number) => void
  signal?: AbortSignal
}

export async function uploadDocument(upload: DocumentUpload) {
  const uploaded = await uploadChecked(
    '/verification/documents',
    upload.file,
    VerificationDocumentResponseSchema,
    {
      fields: {
        type: upload.type,
        kind: upload.kind,
        ...(upload.issuedOn ? { issued_on: upload.issuedOn } : {}),
      },
      onProgress: (loaded, total) => upload.onProgress(total > 0 ? loaded / total : 0),
      signal: upload.signal,
    },
  )
  return uploaded.data
}

export function useUploadDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationQueryKey }),
  })
}

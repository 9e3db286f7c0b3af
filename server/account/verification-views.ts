// Verification documents as the API shows them (decision 0020): the stored review plus what the clock says (an old
// proof of address is `expired`), the advice for a refused one, and the level summary of GET /verification.
import {
  documentStatus,
  typeStatus,
  VERIFICATION_LEVELS,
  verificationLevel,
  type DocumentFacts,
} from '../../src/domain/account/verification-levels'
import {
  API_PREFIX,
  VERIFICATION_ADVICE,
  VERIFICATION_DOCUMENT_TYPES,
  type DocumentKind,
  type VerificationDocument,
  type VerificationSummary,
} from '../../src/domain/contract'
import type { VerificationDocumentRow } from '../repositories/verification'

export const documentFileUrl = (id: number) => `${API_PREFIX}/verification/documents/${id}/file`
export const adminDocumentFileUrl = (id: number) => `${API_PREFIX}/admin/verification/documents/${id}/file`

export const factsOf = (row: VerificationDocumentRow): DocumentFacts => ({
  type: row.type,
  status: row.status,
  issuedOn: row.issuedOn,
  createdAt: row.createdAt,
})

export function toVerificationDocument(row: VerificationDocumentRow, now: Date): VerificationDocument {
  const status = documentStatus(factsOf(row), now)
  return {
    id: row.id,
    type: row.type,
    kind: (row.kind as DocumentKind | null) ?? null,
    status,
    file_name: row.fileName,
    mime_type: row.mimeType,
    size: row.sizeBytes,
    issued_on: row.issuedOn,
    reason: row.status === 'rejected' ? row.decisionReason : null,
    advice: status === 'rejected' || status === 'expired' ? VERIFICATION_ADVICE[row.type] : null,
    file_url: documentFileUrl(row.id),
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  }
}

export function verificationSummary(
  user: { email: string; phone: string | null },
  rows: readonly VerificationDocumentRow[],
  now: Date,
): VerificationSummary {
  const facts = rows.map(factsOf)
  const level = verificationLevel({ email: user.email, phone: user.phone, documents: facts }, now)
  const byType = (type: VerificationDocumentRow['type']) => {
    // rows are newest first: the latest of the type is the one shown.
    const latest = rows.find((row) => row.type === type)
    return {
      status: typeStatus(facts, type, now),
      document: latest ? toVerificationDocument(latest, now) : null,
    }
  }
  return {
    level,
    email: user.email,
    phone: user.phone,
    levels: VERIFICATION_LEVELS.map((description) => ({
      ...description,
      requirements: [...description.requirements],
      unlocks: [...description.unlocks],
      reached: level >= description.level,
    })),
    documents: {
      identity: byType(VERIFICATION_DOCUMENT_TYPES.IDENTITY),
      identity_back: byType(VERIFICATION_DOCUMENT_TYPES.IDENTITY_BACK),
      address: byType(VERIFICATION_DOCUMENT_TYPES.ADDRESS),
    },
  }
}

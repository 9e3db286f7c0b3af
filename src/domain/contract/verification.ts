// Verification (KYC, decision 0020): the documents, their review and the levels they reach. In zod/mini: the account
// pages load it for their first render (the verification level in the settings and the account details), and zod/mini
// builds schemas at import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import { CalendarDateSchema, IsoTimeSchema } from './account-common'
import { dataEnvelope, SerialIdSchema } from './common'
import './zod-messages'

export const VERIFICATION_DOCUMENT_TYPES = {
  IDENTITY: 'identity',
  IDENTITY_BACK: 'identity_back',
  ADDRESS: 'address',
} as const
export const VerificationDocumentTypeSchema = z.enum(
  [
    VERIFICATION_DOCUMENT_TYPES.IDENTITY,
    VERIFICATION_DOCUMENT_TYPES.IDENTITY_BACK,
    VERIFICATION_DOCUMENT_TYPES.ADDRESS,
  ],
  { message: 'The type must be identity, identity_back or address' },
)
export type VerificationDocumentType = z.infer<typeof VerificationDocumentTypeSchema>

/** Which document it is: passport, ID card or driving licence (identity); utility bill or bank statement (address). */
export const DOCUMENT_KINDS = {
  identity: ['passport', 'id_card', 'driving_licence'],
  identity_back: ['passport', 'id_card', 'driving_licence'],
  address: ['utility_bill', 'bank_statement'],
} as const satisfies Record<VerificationDocumentType, readonly string[]>
export const DocumentKindSchema = z.enum(
  ['passport', 'id_card', 'driving_licence', 'utility_bill', 'bank_statement'],
  { message: 'Unknown document kind' },
)
export type DocumentKind = z.infer<typeof DocumentKindSchema>
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  passport: 'Passport',
  id_card: 'ID card',
  driving_licence: 'Driving licence',
  utility_bill: 'Utility bill',
  bank_statement: 'Bank statement',
}
export const DOCUMENT_TYPE_LABELS: Record<VerificationDocumentType, string> = {
  identity: 'Identity document (front)',
  identity_back: 'Identity document (back)',
  address: 'Proof of address',
}

/** `none`: nothing uploaded for that type (only in GET /verification); a proof of address becomes `expired`. */
export const VERIFICATION_STATUSES = {
  NONE: 'none',
  PENDING: 'pending',
  APPROVED: 'approved',
  REJECTED: 'rejected',
  EXPIRED: 'expired',
} as const
export const VerificationStatusSchema = z.enum([
  VERIFICATION_STATUSES.NONE,
  VERIFICATION_STATUSES.PENDING,
  VERIFICATION_STATUSES.APPROVED,
  VERIFICATION_STATUSES.REJECTED,
  VERIFICATION_STATUSES.EXPIRED,
])
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>

/** A proof of address counts while issued within this many months (and is `expired` after). */
export const ADDRESS_PROOF_MAX_AGE_MONTHS = 3

/** What the customer should do next, shown with a rejected or expired document. */
export const VERIFICATION_ADVICE: Record<VerificationDocumentType, string> = {
  identity:
    'Upload a sharp colour photo or scan of the front of your passport, ID card or driving licence, with all four ' +
    'corners visible, not expired, and your name matching your account.',
  identity_back:
    'Upload a sharp colour photo or scan of the back of the same document, with all four corners visible. For a ' +
    'passport, upload the page with your signature.',
  address:
    'Upload a utility bill or bank statement issued within the last 3 months, showing your full name and address.',
}

export const VerificationDocumentSchema = z.object({
  id: z.int(),
  type: VerificationDocumentTypeSchema,
  kind: z.nullable(DocumentKindSchema),
  status: VerificationStatusSchema,
  file_name: z.string(),
  mime_type: z.string(),
  size: z.int(),
  /** Proof of address: the day it was issued (YYYY-MM-DD); null for identity documents. */
  issued_on: z.nullable(z.string()),
  /** Why it was rejected (the reviewer's words); null unless rejected. */
  reason: z.nullable(z.string()),
  /** What to do next (VERIFICATION_ADVICE) when rejected or expired; else null. */
  advice: z.nullable(z.string()),
  /** GET with the bearer token, like chat files: the client shows a blob URL. */
  file_url: z.string(),
  created_at: IsoTimeSchema,
  decided_at: z.nullable(IsoTimeSchema),
})
export type VerificationDocument = z.infer<typeof VerificationDocumentSchema>
/**
 * GET /verification/documents: the caller's documents, newest first. GET /verification/documents/{id}/file: the
 * file, to its owner only (404 for anyone else); admins preview it at GET /admin/verification/documents/{id}/file.
 * Both are served with nosniff and `Content-Security-Policy: default-src 'none'; sandbox`.
 */
export const VerificationDocumentsResponseSchema = dataEnvelope(z.array(VerificationDocumentSchema))
export const VerificationDocumentResponseSchema = dataEnvelope(VerificationDocumentSchema)
export const VerificationDocumentParamsSchema = z.object({ id: SerialIdSchema })

/**
 * POST /verification/documents, multipart: `type` (identity, identity_back, address), `file`, optionally `kind`
 * (DocumentKindSchema) and, for `address`, `issued_on` (YYYY-MM-DD, required, not in the future). Images (JPEG, PNG,
 * WebP) and PDF, the extension and the first bytes agreeing (an HTML file named .jpg is refused), at most 8 MB.
 * 201 `{ data: VerificationDocument }` (pending; it appears in the back office queue as type `verification`); 415
 * refused type; 413 too large; 422 missing or bad fields; 409 a document of that type is already waiting; 429.
 * Text fields must come before the file in the form data.
 */
export const VERIFICATION_UPLOAD = {
  MAX_BYTES: 8 * 1024 * 1024,
  ACCEPT: 'image/png,image/jpeg,image/webp,application/pdf,.png,.jpg,.jpeg,.webp,.pdf',
  EXTENSIONS: ['png', 'jpg', 'jpeg', 'webp', 'pdf'],
} as const
export const VerificationUploadFieldsSchema = z.object({
  type: VerificationDocumentTypeSchema,
  kind: z.optional(DocumentKindSchema),
  issued_on: z.optional(CalendarDateSchema),
})
export const VERIFICATION_MESSAGES = {
  DOCUMENT_NOT_FOUND: 'Document not found',
  ALREADY_PENDING: 'A document of this type is already waiting for review.',
  ISSUED_ON_REQUIRED: 'Enter the date the document was issued.',
  ISSUED_ON_FUTURE: 'The issue date cannot be in the future.',
  ISSUED_ON_TOO_OLD: 'The document must have been issued within the last 3 months.',
  KIND_MISMATCH: 'This kind of document does not prove that.',
  UPLOADED: 'Your document was uploaded and will be reviewed shortly.',
  APPROVED_TITLE: 'Document approved',
  REJECTED_TITLE: 'Document rejected',
} as const

/** Levels 0-3 (src/domain/account/verification-levels.ts computes them). */
export const VerificationLevelSchema = z.int().check(z.minimum(0), z.maximum(3))
export const VerificationLevelInfoSchema = z.object({
  level: z.int(),
  title: z.string(),
  /** What it takes, for people. */
  requirements: z.array(z.string()),
  /** What it unlocks, for people. */
  unlocks: z.array(z.string()),
  reached: z.boolean(),
})
/** GET /verification: the level, each level's requirements and unlocks, and each document type's status. */
export const VerificationSummarySchema = z.object({
  level: VerificationLevelSchema,
  email: z.string(),
  phone: z.nullable(z.string()),
  levels: z.array(VerificationLevelInfoSchema),
  documents: z.record(
    VerificationDocumentTypeSchema,
    z.object({ status: VerificationStatusSchema, document: z.nullable(VerificationDocumentSchema) }),
  ),
})
export type VerificationSummary = z.infer<typeof VerificationSummarySchema>
export const VerificationSummaryResponseSchema = dataEnvelope(VerificationSummarySchema)
/** Withdrawals need this level (the funds routes check it with the user's verification_level). */
export const WITHDRAWAL_MIN_VERIFICATION_LEVEL = 2

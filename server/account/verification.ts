// A verification document's upload (decision 0039: the rules here, the answers in routes/verification.ts): the kind
// must be one of the type's, a proof of address needs a recent issue date, and the file must be an image or a PDF by
// its content. It is kept in the one file store and becomes a request of the back-office queue.
import type { FastifyInstance } from 'fastify'
import { isAddressProofCurrent } from '../../src/domain/account/verification-levels'
import {
  DOCUMENT_KINDS,
  VERIFICATION_MESSAGES,
  type VerificationUploadFieldsSchema,
} from '../../src/domain/contract'
import { checkFileOfKinds } from '../chat/file-types'
import { publishClientUpdated, publishRequestsChanged } from '../realtime/user-events'
import type { VerificationDocumentRow } from '../repositories/verification'
import { accepted, refused, type AccountOutcome } from './outcomes'

const DOCUMENT_NOT_ALLOWED = 'Only images (JPEG, PNG, WebP) and PDF files can be uploaded.'

type UploadFields = ReturnType<typeof VerificationUploadFieldsSchema.parse>

const todayOf = (now: Date) => now.toISOString().slice(0, 10)

export async function uploadVerificationDocument(
  app: FastifyInstance,
  userId: number,
  fields: UploadFields,
  upload: { fileName: string; bytes: Uint8Array },
  now: Date,
): Promise<AccountOutcome<VerificationDocumentRow>> {
  const { type, kind, issued_on: issuedOn } = fields
  if (kind !== undefined && !(DOCUMENT_KINDS[type] as readonly string[]).includes(kind)) {
    return refused(422, VERIFICATION_MESSAGES.KIND_MISMATCH, 'kind')
  }
  if (type === 'address') {
    if (!issuedOn) return refused(422, VERIFICATION_MESSAGES.ISSUED_ON_REQUIRED, 'issued_on')
    if (issuedOn > todayOf(now)) return refused(422, VERIFICATION_MESSAGES.ISSUED_ON_FUTURE, 'issued_on')
    if (!isAddressProofCurrent(issuedOn, now)) {
      return refused(422, VERIFICATION_MESSAGES.ISSUED_ON_TOO_OLD, 'issued_on')
    }
  }

  const verdict = checkFileOfKinds(
    upload.fileName,
    upload.bytes,
    ['png', 'jpeg', 'webp', 'pdf'],
    DOCUMENT_NOT_ALLOWED,
  )
  if (!verdict.ok) return refused(verdict.statusCode, verdict.message, 'file')

  const storageKey = app.chat.files.newKey()
  await app.chat.files.save(storageKey, upload.bytes)
  let created
  try {
    created = await app.repos.verification.create({
      userId,
      type,
      kind: kind ?? null,
      storageKey,
      fileName: upload.fileName,
      mimeType: verdict.mime,
      sizeBytes: upload.bytes.length,
      issuedOn: type === 'address' ? (issuedOn ?? null) : null,
      now,
    })
  } catch (error) {
    await app.chat.files.remove(storageKey)
    throw error
  }
  if (created === 'pending') {
    await app.chat.files.remove(storageKey)
    return refused(409, VERIFICATION_MESSAGES.ALREADY_PENDING)
  }
  publishRequestsChanged(app.publisher)
  publishClientUpdated(app.publisher, userId)
  return accepted(created)
}

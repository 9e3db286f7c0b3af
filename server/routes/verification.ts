// Verification (KYC, decision 0020): the caller's level and documents, uploads (images and PDF, checked by content
// like chat files, in the one file store), the owner's download, and the admins' preview. Each upload is a request of
// the back-office queue (type `verification`, back-office/request-types.ts); its decision reaches the customer live
// through the queue's own notification and user.updated. An upload's rules are account/verification.ts's (decision
// 0039).
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  VERIFICATION_MESSAGES,
  VERIFICATION_UPLOAD,
  VerificationDocumentParamsSchema,
  VerificationDocumentResponseSchema,
  VerificationDocumentsResponseSchema,
  VerificationSummaryResponseSchema,
  VerificationUploadFieldsSchema,
} from '../../src/domain/contract'
import { readUpload, sendStoredFile } from '../account/uploads'
import { uploadVerificationDocument } from '../account/verification'
import { toVerificationDocument, verificationSummary } from '../account/verification-views'
import { contentDisposition } from '../chat/file-types'
import { authOf } from '../plugins/auth'
import { sendError } from '../plugins/errors'
import { fileAnswer } from '../plugins/openapi'
import { sendRefusal } from './account-answers'
import type { VerificationDocumentRow } from '../repositories/verification'

const DOCUMENT_FILE = fileAnswer('The document as it was uploaded.', [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
])

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: VERIFICATION_UPLOAD.MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
  })

  const sendDocumentFile = (reply: Parameters<typeof sendStoredFile>[1], row: VerificationDocumentRow) =>
    sendStoredFile(app, reply, {
      key: row.storageKey,
      mimeType: row.mimeType,
      sizeBytes: row.sizeBytes,
      disposition: contentDisposition(
        row.mimeType.startsWith('image/') ? 'inline' : 'attachment',
        row.fileName,
      ),
      cacheControl: 'private, no-store',
    })

  app.get(
    '/verification',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Read the verification level and what it still needs',
        response: { 200: VerificationSummaryResponseSchema },
      },
    },
    async (request) => {
      const { user } = authOf(request)
      const rows = await app.repos.verification.listForUser(user.id)
      return { data: verificationSummary(user, rows, app.now()) }
    },
  )

  app.get(
    '/verification/documents',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'List the uploaded verification documents',
        response: { 200: VerificationDocumentsResponseSchema },
      },
    },
    async (request) => {
      const now = app.now()
      const rows = await app.repos.verification.listForUser(authOf(request).user.id)
      return { data: rows.map((row) => toVerificationDocument(row, now)) }
    },
  )

  app.post(
    '/verification/documents',
    {
      onRequest: [app.authenticate, app.rateLimit('accountUpload')],
      schema: {
        summary: 'Upload a verification document',
        response: { 201: VerificationDocumentResponseSchema },
      },
    },
    async (request, reply) => {
      const now = app.now()
      const upload = await readUpload(request, VERIFICATION_UPLOAD.MAX_BYTES)
      if (!upload.ok) return sendError(reply, upload.statusCode, upload.body)

      const parsed = VerificationUploadFieldsSchema.safeParse(upload.fields)
      if (!parsed.success) {
        const errors: Record<string, string[]> = {}
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'type')
          ;(errors[field] ??= []).push(issue.message)
        }
        return sendError(reply, 422, { message: Object.values(errors)[0]?.[0] ?? 'Invalid form', errors })
      }
      const { user } = authOf(request)
      const answer = await uploadVerificationDocument(app, user.id, parsed.data, upload, now)
      if (!answer.ok) return sendRefusal(reply, answer)
      const created = answer.value
      request.log.info(
        { userId: user.id, documentId: created.id, type: created.type },
        'verification document uploaded',
      )
      return reply.code(201).send({ data: toVerificationDocument(created, now) })
    },
  )

  app.get(
    '/verification/documents/:id/file',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: "Download one of the customer's verification documents",
        params: VerificationDocumentParamsSchema,
        response: { 200: DOCUMENT_FILE },
      },
    },
    async (request, reply) => {
      const row = await app.repos.verification.findForUser(request.params.id, authOf(request).user.id)
      // Another customer's document is answered as a missing one.
      if (!row) return sendError(reply, 404, { message: VERIFICATION_MESSAGES.DOCUMENT_NOT_FOUND })
      return sendDocumentFile(reply, row)
    },
  )

  app.get(
    '/admin/verification/documents/:id/file',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        summary: "Download a client's verification document",
        params: VerificationDocumentParamsSchema,
        response: { 200: DOCUMENT_FILE },
      },
    },
    async (request, reply) => {
      const row = await app.repos.verification.findById(request.params.id)
      if (!row) return sendError(reply, 404, { message: VERIFICATION_MESSAGES.DOCUMENT_NOT_FOUND })
      return sendDocumentFile(reply, row)
    },
  )
}

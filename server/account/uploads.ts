// Reading one uploaded file from a multipart request, for every upload (verification documents, avatars, the
// chat's attachments): 415 when the body is not multipart, 413 past the size limit, 422 without a file or with a
// broken form. Text fields must come before the file (busboy hands them over in order); they are answered too.
import type { MultipartFile } from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ApiError } from '../../src/domain/contract'
import { cleanFileName } from '../chat/file-types'
import { MESSAGES, sendError } from '../plugins/errors'

export const UPLOAD_FORM_MESSAGES = {
  NOT_MULTIPART: 'Send the file as multipart/form-data, in the field "file".',
  NO_FILE: 'Choose a file to upload.',
  WRONG_FIELD: 'Send the file in the field "file".',
  MALFORMED_FORM: 'The upload is not a valid multipart form.',
  TOO_LARGE: (maxBytes: number) => `The file is larger than ${maxBytes / (1024 * 1024)} MB.`,
} as const

export interface ReadUpload {
  ok: true
  fileName: string
  bytes: Buffer
  /** The text fields sent before the file. */
  fields: Record<string, string>
}

/** Why the form was refused, for the route to send (`sendError(reply, refusal.statusCode, refusal.body)`). */
export interface UploadRefusal {
  ok: false
  statusCode: 413 | 415 | 422
  body: ApiError
}

const refuse = (statusCode: UploadRefusal['statusCode'], message: string, field = true): UploadRefusal => ({
  ok: false,
  statusCode,
  body: field ? { message, errors: { file: [message] } } : { message },
})

/**
 * The file and the fields before it, or why the form was refused. A refusal is data, never the reply: a sent reply
 * is a thenable, so an async function that returned it resolved to undefined once the answer had gone out.
 */
export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<ReadUpload | UploadRefusal> {
  if (!request.isMultipart()) return refuse(415, UPLOAD_FORM_MESSAGES.NOT_MULTIPART, false)
  let part: MultipartFile | undefined
  let bytes: Buffer
  try {
    part = await request.file({ limits: { fileSize: maxBytes } })
    if (!part) return refuse(422, UPLOAD_FORM_MESSAGES.NO_FILE)
    if (part.fieldname !== 'file') {
      part.file.resume()
      return refuse(422, UPLOAD_FORM_MESSAGES.WRONG_FIELD)
    }
    bytes = await part.toBuffer()
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') return refuse(413, UPLOAD_FORM_MESSAGES.TOO_LARGE(maxBytes))
    const statusCode = (error as { statusCode?: unknown }).statusCode
    if (statusCode === 413) return refuse(413, MESSAGES.TOO_LARGE, false)
    // Busboy's own errors (no boundary, a truncated form) carry no status: they are the sender's.
    return refuse(422, UPLOAD_FORM_MESSAGES.MALFORMED_FORM)
  }
  const fields: Record<string, string> = {}
  for (const [name, field] of Object.entries(part.fields)) {
    const value = Array.isArray(field) ? field[0] : field
    if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value
  }
  return { ok: true, fileName: cleanFileName(part.filename), bytes, fields }
}

/**
 * Sends a file of the one store with the headers every stored file gets
 * (docs/architecture.md#money-requests-files-and-mail): the type checked at upload, nosniff (security-headers), a
 * sandboxing CSP, same-origin only. 404 when the file is gone from the store.
 */
export async function sendStoredFile(
  app: FastifyInstance,
  reply: FastifyReply,
  file: { key: string; mimeType: string; sizeBytes: number; disposition: string; cacheControl: string },
): Promise<FastifyReply> {
  const stream = await app.chat.files.open(file.key)
  if (!stream) return sendError(reply, 404, { message: MESSAGES.NOT_FOUND })
  return reply
    .type(file.mimeType)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', file.disposition)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', file.cacheControl)
    .send(stream)
}

// A chat message's attachments and the uploads behind them (decision 0010): the storage keys named by a message's
// upload URLs, an upload stored (bytes first, then its row; the bytes go again when the row cannot be written), and
// who may download one. The file's type was checked first (file-types.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API_PREFIX, CHAT_UPLOAD, USER_ROLE, USER_STATUS } from '../../src/domain/contract'
import { readUpload, type UploadRefusal } from '../account/uploads'
import type { ChatAttachmentRow, StoredUpload } from '../repositories/chat'
import type { UserRow } from '../repositories/users'
import { STORAGE_KEY_PATTERN } from './file-store'
import { checkChatFile, contentDisposition } from './file-types'

/** What a chat upload's multipart form may hold: one file of at most CHAT_UPLOAD.MAX_BYTES, a few small fields. */
export const CHAT_MULTIPART_LIMITS = {
  fileSize: CHAT_UPLOAD.MAX_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 20,
  headerPairs: 100,
} as const

/** The storage key of an upload URL: `/api/v1/chat/files/{key}`, also absolute (the client may resolve it). */
export function storageKeyOf(url: string): string | undefined {
  let path: string
  try {
    path = new URL(url, 'http://chat.invalid').pathname
  } catch {
    return undefined
  }
  const prefix = `${API_PREFIX}/chat/files/`
  if (!path.startsWith(prefix)) return undefined
  const key = path.slice(prefix.length)
  return STORAGE_KEY_PATTERN.test(key) ? key : undefined
}

/** The storage keys of a message's attachment URLs, each once; undefined when one is not an upload URL. */
export function attachmentKeys(urls: readonly string[]): string[] | undefined {
  const keys: string[] = []
  for (const url of urls) {
    const key = storageKeyOf(url)
    if (key === undefined) return undefined
    if (!keys.includes(key)) keys.push(key)
  }
  return keys
}

export interface CheckedUpload {
  fileName: string
  bytes: Buffer
  mime: string
  isImage: boolean
}

/**
 * The uploaded file once its form is read and its type checked (extension and first bytes agree), or why it is
 * refused, for the route to send (`sendError(reply, refusal.statusCode, refusal.body)`).
 */
export async function receiveChatFile(
  request: FastifyRequest,
): Promise<({ ok: true } & CheckedUpload) | UploadRefusal> {
  const upload = await readUpload(request, CHAT_UPLOAD.MAX_BYTES)
  if (!upload.ok) return upload
  const { fileName, bytes } = upload
  const verdict = checkChatFile(fileName, bytes)
  if (!verdict.ok) {
    return {
      ok: false,
      statusCode: verdict.statusCode,
      body: { message: verdict.message, errors: { file: [verdict.message] } },
    }
  }
  return { ok: true, fileName, bytes, mime: verdict.mime, isImage: verdict.isImage }
}

/** Stores the bytes under a new random key, then the upload's row; answers the row and its key. */
export async function storeUpload(
  app: Pick<FastifyInstance, 'chat' | 'repos' | 'now'>,
  uploaderId: number,
  file: CheckedUpload,
): Promise<{ storageKey: string; row: ChatAttachmentRow }> {
  const storageKey = app.chat.files.newKey()
  await app.chat.files.save(storageKey, file.bytes)
  try {
    const row = await app.repos.chat.createUpload({
      uploaderId,
      storageKey,
      fileName: file.fileName,
      mimeType: file.mime,
      sizeBytes: file.bytes.length,
      isImage: file.isImage,
      now: app.now(),
    })
    return { storageKey, row }
  } catch (error) {
    await app.chat.files.remove(storageKey)
    throw error
  }
}

/**
 * The upload under `key` when this user may download it: an active admin, its uploader, or the customer whose
 * conversation it was sent in. Anyone else is told it does not exist: a 403 would confirm that the key is real.
 */
export async function downloadableUpload(
  app: Pick<FastifyInstance, 'repos'>,
  user: Pick<UserRow, 'id' | 'role' | 'status'>,
  key: string,
): Promise<StoredUpload | undefined> {
  if (!STORAGE_KEY_PATTERN.test(key)) return undefined
  const stored = await app.repos.chat.findUpload(key)
  if (!stored) return undefined
  const activeAdmin = user.role === USER_ROLE.ADMIN && user.status === USER_STATUS.ACTIVE
  const allowed = activeAdmin || stored.upload.uploaderId === user.id || stored.customerId === user.id
  return allowed ? stored : undefined
}

/** A download's headers besides its type (the type checked at upload, never the sender's claim). */
export function downloadHeaders(upload: ChatAttachmentRow): Record<string, string> {
  return {
    'content-length': String(upload.sizeBytes),
    // Images inline, everything else downloads.
    'content-disposition': contentDisposition(upload.isImage ? 'inline' : 'attachment', upload.fileName),
    // Opened directly, the file can run nothing and load nothing, whatever it holds.
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'private, max-age=86400',
  }
}

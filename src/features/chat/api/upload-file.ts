// POST /chat/upload (docs/product/api.md#calls): multipart with the file, upload progress tracked; the answer's url
// goes with the next message. The request itself is src/lib/files.ts (XMLHttpRequest: fetch reports no upload
// progress).
import { ChatUploadResponseSchema } from '../../../domain/contract/chat'
import { uploadErrorMessage } from './errors'
import { uploadFile } from '../../../lib/files'

export interface UploadedChatFile {
  url: string
  fileName: string
}

export class ChatUploadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ChatUploadError'
  }
}

export async function uploadChatFile(
  file: File,
  options: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedChatFile> {
  let body: unknown
  try {
    body = await uploadFile('/chat/upload', file, options)
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ChatUploadError(uploadErrorMessage(error), { cause: error })
  }
  const parsed = ChatUploadResponseSchema.safeParse(body)
  if (!parsed.success) throw new ChatUploadError(uploadErrorMessage(null))
  return { url: parsed.data.url, fileName: parsed.data.data.file_name }
}

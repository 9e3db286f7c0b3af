// What a chat upload may be (docs/product/chat.md#composer: images, PDF, Word docx, Excel xls and xlsx; never HTML or
// SVG). A file is accepted only when its extension AND its first bytes agree on one of those types; the browser's
// Content-Type is never trusted, and the type served back is the one checked here. Pure: bytes and a name in, a
// verdict out.
import { CHAT_UPLOAD } from '../../src/domain/contract'

export type ChatFileKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'pdf' | 'docx' | 'xlsx' | 'xls'

interface KindInfo {
  mime: string
  isImage: boolean
  extensions: readonly string[]
}

export const CHAT_FILE_KINDS: Record<ChatFileKind, KindInfo> = {
  png: { mime: 'image/png', isImage: true, extensions: ['png'] },
  jpeg: { mime: 'image/jpeg', isImage: true, extensions: ['jpg', 'jpeg'] },
  gif: { mime: 'image/gif', isImage: true, extensions: ['gif'] },
  webp: { mime: 'image/webp', isImage: true, extensions: ['webp'] },
  pdf: { mime: 'application/pdf', isImage: false, extensions: ['pdf'] },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    isImage: false,
    extensions: ['docx'],
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    isImage: false,
    extensions: ['xlsx'],
  },
  xls: { mime: 'application/vnd.ms-excel', isImage: false, extensions: ['xls'] },
}

export const UPLOAD_MESSAGES = {
  NOT_ALLOWED:
    'Only images (PNG, JPEG, GIF, WebP), PDF, Word (.docx) and Excel (.xls, .xlsx) files can be sent.',
  MARKUP: 'HTML and SVG files cannot be sent.',
  MISMATCH: (extension: string) => `The file's content is not what its .${extension} name says.`,
  EMPTY: 'The file is empty.',
} as const

/** Names that are markup whatever their content: refused with their own sentence. */
const MARKUP_EXTENSIONS = new Set([
  'html',
  'htm',
  'xhtml',
  'xht',
  'shtml',
  'mht',
  'mhtml',
  'svg',
  'svgz',
  'xml',
])

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false
  return signature.every((byte, index) => bytes[offset + index] === byte)
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

/** The container the first bytes announce; docx and xlsx are both ZIP files, told apart below. */
function sniff(bytes: Uint8Array): ChatFileKind | 'zip' | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf'
  if (startsWith(bytes, ZIP)) return 'zip'
  if (startsWith(bytes, OLE)) return 'xls'
  return undefined
}

/**
 * Markup sniffing as a browser might do it: after a byte-order mark and white space, a '<' (HTML, SVG, XML). None
 * of the accepted signatures starts that way, so this only chooses the clearer refusal.
 */
function looksLikeMarkup(bytes: Uint8Array): boolean {
  let index = 0
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) index = 3
  else if (startsWith(bytes, [0xfe, 0xff]) || startsWith(bytes, [0xff, 0xfe])) index = 2
  while (index < bytes.length && index < 1024) {
    const byte = bytes[index]
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x00) index += 1
    else return byte === 0x3c
  }
  return false
}

/** An Office Open XML package names its parts in plain text in the ZIP's local headers: `word/...`, `xl/...`. */
function zipHasPart(bytes: Uint8Array, prefix: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(prefix, 0, 'latin1')
}

/** The lower-cased extension after the last dot, or '' when the name has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  return dot < 0
    ? ''
    : base
        .slice(dot + 1)
        .trim()
        .toLowerCase()
}

export type FileVerdict =
  | { ok: true; kind: ChatFileKind; mime: string; isImage: boolean }
  | { ok: false; statusCode: 415 | 422; message: string }

/** Checks a whole upload: its name's extension and its content must name the same accepted type. */
export function checkChatFile(fileName: string, bytes: Uint8Array): FileVerdict {
  const extension = extensionOf(fileName)
  if (MARKUP_EXTENSIONS.has(extension) || looksLikeMarkup(bytes)) {
    return { ok: false, statusCode: 415, message: UPLOAD_MESSAGES.MARKUP }
  }
  if (!(CHAT_UPLOAD.EXTENSIONS as readonly string[]).includes(extension)) {
    return { ok: false, statusCode: 415, message: UPLOAD_MESSAGES.NOT_ALLOWED }
  }
  if (bytes.length === 0) return { ok: false, statusCode: 422, message: UPLOAD_MESSAGES.EMPTY }

  const sniffed = sniff(bytes)
  let kind: ChatFileKind | undefined
  if (sniffed === 'zip') {
    if (extension === 'docx' && zipHasPart(bytes, 'word/')) kind = 'docx'
    else if (extension === 'xlsx' && zipHasPart(bytes, 'xl/')) kind = 'xlsx'
  } else {
    kind = sniffed
  }
  if (!kind || !CHAT_FILE_KINDS[kind].extensions.includes(extension)) {
    return { ok: false, statusCode: 415, message: UPLOAD_MESSAGES.MISMATCH(extension) }
  }
  const info = CHAT_FILE_KINDS[kind]
  return { ok: true, kind, mime: info.mime, isImage: info.isImage }
}

/** Longest file name kept; longer ones keep their start and their extension. */
export const MAX_FILE_NAME_CHARS = 200

/**
 * Control characters (PostgreSQL text cannot hold NUL) and the bidirectional controls: embeddings and overrides
 * (U+202A-U+202E), isolates (U+2066-U+2069) and the marks (U+200E, U+200F, U+061C). An override makes
 * 'invoice\u202Efdp.exe' read 'invoiceexe.pdf' wherever the name is shown
 * (docs/decisions/0033-hardening-second-round.md).
 */
// eslint-disable-next-line no-control-regex
const UNSHOWABLE_IN_NAMES = /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/**
 * The name as the sender gave it, trimmed, without control or bidirectional control characters and at most
 * MAX_FILE_NAME_CHARS long. It is only ever shown as text and sent in an encoded header, never used as a path.
 */
export function cleanFileName(fileName: string): string {
  const cleaned = fileName.replace(UNSHOWABLE_IN_NAMES, '').trim()
  const chars = [...cleaned]
  if (chars.length <= MAX_FILE_NAME_CHARS) return cleaned || 'file'
  const extension = extensionOf(cleaned)
  const tail = extension ? `.${extension}` : ''
  return `${chars.slice(0, MAX_FILE_NAME_CHARS - [...tail].length).join('')}${tail}`
}

/**
 * `Content-Disposition` for a download (RFC 6266): an ASCII fallback in `filename` with every risky character
 * replaced, and the exact name UTF-8 percent-encoded in `filename*` (RFC 5987 attr-chars only).
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/**
 * The same check for an upload that may only be some of the kinds (verification documents: images and PDF; avatars:
 * PNG, JPEG and WebP). One store, one rule (docs/architecture.md#money-requests-files-and-mail): markup is refused
 * first with its own sentence, then a name outside `kinds`, then content that does not match its name.
 */
export function checkFileOfKinds(
  fileName: string,
  bytes: Uint8Array,
  kinds: readonly ChatFileKind[],
  notAllowedMessage: string,
): FileVerdict {
  const extension = extensionOf(fileName)
  const extensions = kinds.flatMap((kind) => CHAT_FILE_KINDS[kind].extensions)
  const markup = MARKUP_EXTENSIONS.has(extension) || looksLikeMarkup(bytes)
  if (!markup && !extensions.includes(extension)) {
    return { ok: false, statusCode: 415, message: notAllowedMessage }
  }
  const verdict = checkChatFile(fileName, bytes)
  if (verdict.ok && !kinds.includes(verdict.kind)) {
    return { ok: false, statusCode: 415, message: notAllowedMessage }
  }
  return verdict
}

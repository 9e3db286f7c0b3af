// Helpers for the support chat's tests: the calls as the client makes them, multipart uploads built by hand, and
// tiny but real files of every accepted type (and of some refused ones).
import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import {
  ChatMessagesResponseSchema,
  ChatUploadResponseSchema,
  SendChatMessageResponseSchema,
  type ChatMessage,
} from '../../../src/domain/contract'
import { bearer } from './test-server'

export function postMessage(
  app: FastifyInstance,
  token: string,
  body: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/chat/messages',
    headers: bearer(token),
    payload: body as object,
  })
}

/** Sends and returns the stored message, failing the test with the server's answer if it was refused. */
export async function sendMessage(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  const response = await postMessage(app, token, body)
  expect(response.statusCode, response.body).toBe(201)
  return SendChatMessageResponseSchema.parse(response.json()).data
}

type Query = Record<string, string | number | undefined>

export function getMessages(
  app: FastifyInstance,
  token: string,
  query: Query = {},
): Promise<LightMyRequestResponse> {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  )
  const suffix = search.size > 0 ? `?${search.toString()}` : ''
  return app.inject({ url: `/api/v1/chat/messages${suffix}`, headers: bearer(token) })
}

export async function listMessages(app: FastifyInstance, token: string, query: Query = {}) {
  const response = await getMessages(app, token, query)
  expect(response.statusCode, response.body).toBe(200)
  return ChatMessagesResponseSchema.parse(response.json())
}

/** Follows next_page_url from page 1 to the oldest page; answers every message, oldest first. */
export async function wholeConversation(app: FastifyInstance, token: string, customerId?: number) {
  const pages: ChatMessage[][] = []
  let url: string | null =
    `/api/v1/chat/messages${customerId === undefined ? '' : `?customer_id=${customerId}`}`
  while (url !== null) {
    const response = await app.inject({ url, headers: bearer(token) })
    expect(response.statusCode, response.body).toBe(200)
    const page = ChatMessagesResponseSchema.parse(response.json())
    pages.unshift(page.data)
    url = page.next_page_url
  }
  return pages.flat()
}

export async function unreadCount(app: FastifyInstance, token: string): Promise<number> {
  const response = await app.inject({ url: '/api/v1/chat/unread-count', headers: bearer(token) })
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { unread_count: number }).unread_count
}

export function markRead(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/chat/read', headers: bearer(token), payload: body })
}

export interface MultipartPart {
  field?: string
  fileName: string
  bytes: Uint8Array
  /** What the browser claims; the server never believes it. */
  contentType?: string
}

/** A multipart/form-data body as a browser's FormData would send it (file names as raw UTF-8). */
export function multipart(parts: readonly MultipartPart[]) {
  const boundary = `----chat-test-${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.fileName}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
      Buffer.from(part.bytes),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

export function postUpload(
  app: FastifyInstance,
  token: string,
  part: MultipartPart | readonly MultipartPart[],
): Promise<LightMyRequestResponse> {
  const body = multipart(Array.isArray(part) ? part : [part as MultipartPart])
  return app.inject({
    method: 'POST',
    url: '/api/v1/chat/upload',
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  })
}

/** Uploads and answers the URL and attachment, failing the test if the server refused. */
export async function upload(app: FastifyInstance, token: string, part: MultipartPart) {
  const response = await postUpload(app, token, part)
  expect(response.statusCode, response.body).toBe(201)
  return ChatUploadResponseSchema.parse(response.json())
}

// ---- tiny real files ------------------------------------------------------------------------------------------

/** A 1x1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
/** A 1x1 GIF. */
export const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
/** The start of a JPEG (SOI, APP0 JFIF): what the check reads. */
export const TINY_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
])
/** A RIFF/WEBP header with an empty VP8L chunk. */
export const TINY_WEBP = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([0x0c, 0x00, 0x00, 0x00]),
  Buffer.from('WEBPVP8L', 'latin1'),
  Buffer.from([0x00, 0x00, 0x00, 0x00]),
])
/** A one-page PDF with no content. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
)

/** A ZIP holding one stored (uncompressed) entry: enough of an Office Open XML package for the check. */
export function zipWith(entryName: string, content = '<x/>'): Buffer {
  const name = Buffer.from(entryName, 'latin1')
  const data = Buffer.from(content, 'utf8')
  const header = Buffer.alloc(30)
  header.writeUInt32LE(0x04034b50, 0)
  header.writeUInt16LE(20, 4)
  header.writeUInt32LE(data.length, 18)
  header.writeUInt32LE(data.length, 22)
  header.writeUInt16LE(name.length, 26)
  return Buffer.concat([header, name, data])
}
export const TINY_DOCX = zipWith('word/document.xml')
export const TINY_XLSX = zipWith('xl/workbook.xml')
/** The OLE compound file signature of a legacy .xls, then zeros. */
export const TINY_XLS = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(504),
])

export const HTML_PAGE = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
)
export const SVG_IMAGE = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
)

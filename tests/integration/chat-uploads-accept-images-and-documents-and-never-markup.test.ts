// POST /chat/upload and GET /chat/files/{key} (docs/product/chat.md#composer: images, PDF, docx, xls, xlsx; decision
// 0010: never HTML or SVG). A file is accepted only when its extension and its first bytes agree; what the browser
// claims as its type is ignored. Files come back with the checked type, nosniff, a sandboxing CSP, and as downloads
// unless images, their names encoded per RFC 5987; refusals leave neither a row nor a file behind.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_MESSAGES } from '../../server/chat/file-types'
import { chatAttachments } from '../../server/db/schema'
import { ApiErrorSchema, CHAT_UPLOAD } from '../../src/domain/contract'
import {
  HTML_PAGE,
  postUpload,
  sendMessage,
  SVG_IMAGE,
  TINY_DOCX,
  TINY_GIF,
  TINY_JPEG,
  TINY_PDF,
  TINY_PNG,
  TINY_WEBP,
  TINY_XLS,
  TINY_XLSX,
  upload,
  zipWith,
} from './support/chat'
import { bearer, createTestApp, DEMO_ADMIN, loginToken } from './support/test-server'
import { newCustomer } from './support/trading'

let app: FastifyInstance
let customer: { id: number; token: string }
let adminToken: string

beforeAll(async () => {
  app = await createTestApp()
  customer = await newCustomer(app)
  adminToken = await loginToken(app, DEMO_ADMIN)
})
afterAll(async () => {
  await app?.close()
})

const download = (url: string, token: string) => app.inject({ url, headers: bearer(token) })
const keyOf = (url: string) => url.split('/').pop() ?? ''
/** On PGlite uploads are files under the data directory (on PostgreSQL: uploads-shared-on-postgresql.test.ts). */
function uploadDir(): string {
  const { dir } = app.chat.files
  if (dir === undefined) throw new Error('uploads are not on disk')
  return dir
}

describe('accepted files', () => {
  it.each([
    ['photo.png', TINY_PNG, 'image/png', true],
    ['photo.JPG', TINY_JPEG, 'image/jpeg', true],
    ['photo.jpeg', TINY_JPEG, 'image/jpeg', true],
    ['anim.gif', TINY_GIF, 'image/gif', true],
    ['pic.webp', TINY_WEBP, 'image/webp', true],
    ['statement.pdf', TINY_PDF, 'application/pdf', false],
    [
      'letter.docx',
      TINY_DOCX,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      false,
    ],
    ['sheet.xlsx', TINY_XLSX, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
    ['old.xls', TINY_XLS, 'application/vnd.ms-excel', false],
  ] as const)(
    'accepts %s as %s and serves exactly its bytes back',
    async (fileName, bytes, mime, isImage) => {
      const { url, data } = await upload(app, customer.token, { fileName, bytes })
      expect(url).toMatch(/^\/api\/v1\/chat\/files\/[A-Za-z0-9_-]{32}$/)
      expect(data).toMatchObject({
        file_name: fileName,
        download_url: url,
        is_image: isImage,
        mime_type: mime,
      })
      expect(data.size).toBe(bytes.length)
      // Stored under the data directory by its random key, never by its name.
      expect(await readFile(join(uploadDir(), keyOf(url)))).toEqual(Buffer.from(bytes))

      const response = await download(url, customer.token)
      expect(response.statusCode).toBe(200)
      expect(response.rawPayload).toEqual(Buffer.from(bytes))
      expect(response.headers['content-type']).toBe(mime)
    },
  )

  it('ignores the type the browser claims and keeps the one it checked', async () => {
    const { url, data } = await upload(app, customer.token, {
      fileName: 'innocent.png',
      bytes: TINY_PNG,
      contentType: 'text/html',
    })
    expect(data.mime_type).toBe('image/png')
    expect((await download(url, customer.token)).headers['content-type']).toBe('image/png')
  })
})

describe('refused files', () => {
  const refusals = [
    ['an HTML page', 'page.html', HTML_PAGE, 415, 'HTML and SVG files cannot be sent.'],
    ['an .htm page', 'page.htm', HTML_PAGE, 415, 'HTML and SVG files cannot be sent.'],
    ['an SVG image', 'logo.svg', SVG_IMAGE, 415, 'HTML and SVG files cannot be sent.'],
    ['an SVG renamed .png', 'logo.png', SVG_IMAGE, 415, 'HTML and SVG files cannot be sent.'],
    ['HTML renamed .pdf', 'statement.pdf', HTML_PAGE, 415, 'HTML and SVG files cannot be sent.'],
    [
      'HTML after a byte-order mark, renamed .jpg',
      'x.jpg',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('  \n'), HTML_PAGE]),
      415,
      'HTML and SVG files cannot be sent.',
    ],
    ['a PNG with an SVG name', 'logo.svg', TINY_PNG, 415, 'HTML and SVG files cannot be sent.'],
    ['a PNG named .pdf', 'photo.pdf', TINY_PNG, 415, "The file's content is not what its .pdf name says."],
    [
      'a PDF named .png',
      'statement.png',
      TINY_PDF,
      415,
      "The file's content is not what its .png name says.",
    ],
    [
      'a program named .png',
      'setup.png',
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      415,
      "The file's content is not what its .png name says.",
    ],
    [
      'a plain ZIP named .docx',
      'archive.docx',
      zipWith('payload/evil.js'),
      415,
      "The file's content is not what its .docx name says.",
    ],
    [
      'a Word package named .xlsx',
      'letter.xlsx',
      TINY_DOCX,
      415,
      "The file's content is not what its .xlsx name says.",
    ],
    ['a script', 'run.js', Buffer.from('alert(1)'), 415, UPLOAD_MESSAGES.NOT_ALLOWED],
    ['a name without an extension', 'README', TINY_PDF, 415, UPLOAD_MESSAGES.NOT_ALLOWED],
    ['a double extension ending in .exe', 'photo.png.exe', TINY_PNG, 415, UPLOAD_MESSAGES.NOT_ALLOWED],
    ['an empty file', 'empty.png', Buffer.alloc(0), 422, 'The file is empty.'],
  ] as const

  it.each(refusals)('refuses %s', async (_label, fileName, bytes, status, message) => {
    const response = await postUpload(app, customer.token, { fileName, bytes, contentType: 'image/png' })
    expect(response.statusCode, response.body).toBe(status)
    expect(response.headers['content-type']).toContain('application/json')
    expect(ApiErrorSchema.parse(response.json())).toEqual({ message, errors: { file: [message] } })
  })

  it('refuses a file over the size limit with 413', async () => {
    const oversize = Buffer.concat([TINY_PNG, Buffer.alloc(CHAT_UPLOAD.MAX_BYTES)])
    const response = await postUpload(app, customer.token, { fileName: 'huge.png', bytes: oversize })
    expect(response.statusCode).toBe(413)
    expect(response.json().message).toBe('The file is larger than 10 MB.')
    // Exactly at the limit is fine.
    const atLimit = Buffer.concat([TINY_PNG, Buffer.alloc(CHAT_UPLOAD.MAX_BYTES - TINY_PNG.length)])
    expect((await postUpload(app, customer.token, { fileName: 'big.png', bytes: atLimit })).statusCode).toBe(
      201,
    )
  })

  it('refuses what is not a multipart form with a file in the field "file"', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/api/v1/chat/upload',
      headers: bearer(customer.token),
      payload: { file: TINY_PNG.toString('base64') },
    })
    expect(json.statusCode).toBe(415)
    const wrongField = await postUpload(app, customer.token, {
      field: 'attachment',
      fileName: 'a.png',
      bytes: TINY_PNG,
    })
    expect(wrongField.statusCode).toBe(422)
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/api/v1/chat/upload',
      headers: { ...bearer(customer.token), 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    })
    expect(noBoundary.statusCode).toBe(422)
    const anonymous = await app.inject({ method: 'POST', url: '/api/v1/chat/upload' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('left no row and no file behind for any refusal', async () => {
    const rows = await app.db.select({ key: chatAttachments.storageKey }).from(chatAttachments)
    expect((await readdir(uploadDir())).sort()).toEqual(rows.map((row) => row.key).sort())
  })
})

describe('downloads', () => {
  it('serves images inline and documents as attachments, with nosniff and a sandboxing CSP', async () => {
    const image = await upload(app, customer.token, { fileName: 'photo.png', bytes: TINY_PNG })
    const pdf = await upload(app, customer.token, { fileName: 'statement.pdf', bytes: TINY_PDF })
    const imageResponse = await download(image.url, customer.token)
    expect(imageResponse.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `inline; filename="photo.png"; filename*=UTF-8''photo.png`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    })
    const pdfResponse = await download(pdf.url, customer.token)
    expect(pdfResponse.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="statement.pdf"; filename*=UTF-8''statement.pdf`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    })
  })

  it('keeps a file name as given but encodes it safely in the header', async () => {
    // Browsers send a name's double quotes as %22, so none arrives; single quotes, ';' and '<' do.
    const name = "relevé 'mars' €; <script>.pdf"
    const { url, data } = await upload(app, customer.token, { fileName: name, bytes: TINY_PDF })
    expect(data.file_name).toBe(name)
    const disposition = (await download(url, customer.token)).headers['content-disposition']
    expect(disposition).toBe(
      `attachment; filename="relev_ 'mars' __ <script>.pdf"; filename*=UTF-8''` +
        `relev%C3%A9%20%27mars%27%20%E2%82%AC%3B%20%3Cscript%3E.pdf`,
    )
  })

  it('keeps only the last part of a path-like name and never writes outside the upload directory', async () => {
    const { url, data } = await upload(app, customer.token, {
      fileName: '../../etc/passwd.pdf',
      bytes: TINY_PDF,
    })
    expect(data.file_name).toBe('passwd.pdf')
    expect(await readFile(join(uploadDir(), keyOf(url)))).toEqual(TINY_PDF)
  })

  it('answers 404 for a key that does not exist or is not a key, and 401 without a token', async () => {
    expect(
      (await download('/api/v1/chat/files/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', customer.token)).statusCode,
    ).toBe(404)
    expect((await download('/api/v1/chat/files/..%2F..%2Fetc%2Fpasswd', customer.token)).statusCode).toBe(404)
    const { url } = await upload(app, customer.token, { fileName: 'photo.png', bytes: TINY_PNG })
    expect((await app.inject({ url })).statusCode).toBe(401)
  })

  it('serves an attachment sent in a conversation to its customer, its uploader and any admin', async () => {
    const { url } = await upload(app, adminToken, { fileName: 'terms.pdf', bytes: TINY_PDF })
    // Unsent, an admin's upload is the admins' only.
    expect((await download(url, customer.token)).statusCode).toBe(404)
    const message = await sendMessage(app, adminToken, { customer_id: customer.id, attachments: [url] })
    expect(message.attachments).toMatchObject([
      { file_name: 'terms.pdf', download_url: url, is_image: false },
    ])
    expect(message.message).toBe('')
    expect((await download(url, customer.token)).statusCode).toBe(200)
    expect((await download(url, adminToken)).statusCode).toBe(200)
  })
})

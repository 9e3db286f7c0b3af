// A file name is shown to people (the chat's attachment, the back office's document preview): a right-to-left
// override makes 'invoice\u202Efdp.exe' read 'invoiceexe.pdf'. Every upload that keeps a name stores it without
// the bidirectional controls (embeddings, overrides, isolates and marks), and serves it without them. Avatars keep
// no name (stored and served by a random key).
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX, VerificationDocumentResponseSchema } from '../../src/domain/contract'
import { customerWithPassword, ROOMY_ACCOUNT_RATE_LIMITS, signedIn, uploadDocument } from './support/account'
import { call } from './support/back-office'
import { TINY_PDF, TINY_PNG, upload } from './support/chat'
import { bearer, createTestApp } from './support/test-server'

/** Every bidirectional control: LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI; LRM, RLM; the Arabic letter mark. */
const BIDI_CONTROLS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
]
const LETTERS = 'abcdefghijkl'
/** 'a\u202Ab\u202Bc…': each control between two letters, so a removed one leaves the letters joined. */
const LACED = [...LETTERS].map((letter, index) => `${letter}${BIDI_CONTROLS[index]}`).join('')

let app: FastifyInstance
let token: string

beforeAll(async () => {
  app = await createTestApp({ rateLimits: ROOMY_ACCOUNT_RATE_LIMITS })
  token = await signedIn(app, await customerWithPassword(app))
})
afterAll(async () => {
  await app?.close()
})

describe('upload names', () => {
  it('a chat attachment is stored and served without bidirectional controls', async () => {
    const { url, data } = await upload(app, token, { fileName: `photo\u202Egnp.png`, bytes: TINY_PNG })
    expect(data.file_name).toBe('photognp.png')

    const laced = await upload(app, token, { fileName: `${LACED}.png`, bytes: TINY_PNG })
    expect(laced.data.file_name).toBe(`${LETTERS}.png`)
    const download = await app.inject({ url: laced.url, headers: bearer(token) })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="${LETTERS}.png"; filename*=UTF-8''${LETTERS}.png`,
    )
    expect(url).toContain(`${API_PREFIX}/chat/files/`)
  })

  it('a verification document is stored and listed without bidirectional controls', async () => {
    const response = await uploadDocument(
      app,
      token,
      { type: 'identity' },
      { fileName: `${LACED}\u202Egnp.pdf`, bytes: TINY_PDF, contentType: 'application/pdf' },
    )
    expect(response.statusCode, response.body).toBe(201)
    const stored = VerificationDocumentResponseSchema.parse(response.json()).data
    expect(stored.file_name).toBe(`${LETTERS}gnp.pdf`)

    const listed = await call(app, token, 'GET', '/verification/documents')
    expect(listed.json()).toMatchObject({ data: [{ id: stored.id, file_name: `${LETTERS}gnp.pdf` }] })
  })
})

// A refused upload is the sender's mistake: it answers 413, 415 or 422 with its sentence and leaves nothing in the
// log at level error. The account's uploads once returned the already-sent reply from an async reader; awaiting
// that thenable gave undefined, and every refusal of /verification/documents and /user/avatar then logged a
// TypeError at level error after answering. The chat's upload reads the file the same way.
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX, AVATAR_UPLOAD, CHAT_UPLOAD, VERIFICATION_UPLOAD } from '../../src/domain/contract'
import { UPLOAD_FORM_MESSAGES } from '../../server/account/uploads'
import { UPLOAD_MESSAGES } from '../../server/chat/file-types'
import { customerWithPassword, ROOMY_ACCOUNT_RATE_LIMITS, signedIn, uploadDocument } from './support/account'
import { HTML_PAGE, TINY_PNG, type MultipartPart } from './support/chat'
import { bearer, createTestApp } from './support/test-server'

const PINO_ERROR_LEVEL = 50

const logLines: string[] = []
let app: FastifyInstance
let token: string

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk))
      done()
    },
  })
  app = await createTestApp({ rateLimits: ROOMY_ACCOUNT_RATE_LIMITS, logger: { level: 'info', stream } })
  token = await signedIn(app, await customerWithPassword(app))
})
afterAll(async () => {
  await app?.close()
})

/** The log lines at level error or above written since `from`, parsed. */
function errorLinesSince(from: number): Array<{ level: number; msg?: string; err?: unknown }> {
  return logLines
    .slice(from)
    .flatMap((chunk) => chunk.split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { level: number; msg?: string; err?: unknown })
    .filter((line) => line.level >= PINO_ERROR_LEVEL)
}

const post = (url: string, fields: Record<string, string>, file: MultipartPart) =>
  uploadDocument(app, token, fields, file, url)

const ENDPOINTS = [
  { url: '/verification/documents', fields: { type: 'identity' }, maxBytes: VERIFICATION_UPLOAD.MAX_BYTES },
  { url: '/user/avatar', fields: {}, maxBytes: AVATAR_UPLOAD.MAX_BYTES },
  { url: '/chat/upload', fields: {}, maxBytes: CHAT_UPLOAD.MAX_BYTES },
] as const

describe.each(ENDPOINTS)('a refused upload to $url', ({ url, fields, maxBytes }) => {
  it('answers each refusal with its status and sentence, and logs nothing at level error', async () => {
    const from = logLines.length
    const answers = {
      notMultipart: await app.inject({
        method: 'POST',
        url: `${API_PREFIX}${url}`,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: { file: 'not a file' },
      }),
      wrongField: await post(url, fields, { field: 'photo', fileName: 'me.png', bytes: TINY_PNG }),
      tooLarge: await post(url, fields, {
        fileName: 'big.png',
        bytes: Buffer.concat([TINY_PNG, Buffer.alloc(maxBytes)]),
      }),
      wrongType: await post(url, fields, { fileName: 'page.html', bytes: HTML_PAGE }),
      empty: await post(url, fields, { fileName: 'empty.png', bytes: Buffer.alloc(0) }),
    }
    expect(answers.notMultipart.statusCode, answers.notMultipart.body).toBe(415)
    expect(answers.notMultipart.json()).toHaveProperty('message')
    expect(answers.wrongField.statusCode, answers.wrongField.body).toBe(422)
    expect(answers.wrongField.json()).toMatchObject({ errors: { file: [UPLOAD_FORM_MESSAGES.WRONG_FIELD] } })
    expect(answers.tooLarge.statusCode, answers.tooLarge.body).toBe(413)
    expect(answers.tooLarge.json()).toMatchObject({ message: UPLOAD_FORM_MESSAGES.TOO_LARGE(maxBytes) })
    expect(answers.wrongType.statusCode, answers.wrongType.body).toBe(415)
    expect(answers.empty.statusCode, answers.empty.body).toBe(422)
    expect(answers.empty.json()).toMatchObject({ errors: { file: [UPLOAD_MESSAGES.EMPTY] } })

    // What a handler throws after its answer is logged once the request's promise settles.
    await new Promise((resolve) => setImmediate(resolve))
    expect(errorLinesSince(from)).toEqual([])
  })
})

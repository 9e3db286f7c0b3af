// Beyond one machine (decision 0024): on PostgreSQL uploads are kept in the database, so a file received by one
// instance downloads, byte for byte, from any other: chat files, verification documents and avatars alike. Two apps
// on one throwaway database; skipped with a warning when no PostgreSQL answers (support/postgres.ts).
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  API_PREFIX,
  AvatarResponseSchema,
  VerificationDocumentResponseSchema,
} from '../../src/domain/contract'
import { storedFiles } from '../../server/db/schema'
import { CHAT_ERRORS } from '../../server/routes/chat'
import {
  customerWithPassword,
  formWithFile,
  ROOMY_ACCOUNT_RATE_LIMITS,
  signedIn,
  uploadDocument,
} from './support/account'
import { TINY_JPEG, TINY_PDF, TINY_PNG, upload } from './support/chat'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { bearer, createTestApp } from './support/test-server'

const reachable = await postgresReachable('uploads-shared-on-postgresql')

describe.runIf(reachable)('uploads on PostgreSQL', () => {
  let database: ThrowawayDatabase | undefined
  let first: FastifyInstance
  let second: FastifyInstance
  let token: string

  beforeAll(async () => {
    database = await createThrowawayDatabase()
    const options = { databaseUrl: database.url, rateLimits: ROOMY_ACCOUNT_RATE_LIMITS }
    first = await createTestApp(options)
    second = await createTestApp(options)
    // A session token is a database row: it holds on both instances.
    token = await signedIn(first, await customerWithPassword(first))
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
    await database?.drop()
  })

  const download = (app: FastifyInstance, url: string) => app.inject({ url, headers: bearer(token) })

  it('keeps no upload directory: the bytes are rows', () => {
    expect(first.chat.files.dir).toBeUndefined()
  })

  it('serves a chat file received by one instance from the other, byte for byte', async () => {
    const { url } = await upload(first, token, { fileName: 'statement.pdf', bytes: TINY_PDF })
    const response = await download(second, url)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-length']).toBe(String(TINY_PDF.length))
    expect(response.rawPayload).toEqual(TINY_PDF)
  })

  it('serves a verification document and an avatar received by one instance from the other', async () => {
    const sent = await uploadDocument(
      first,
      token,
      { type: 'identity' },
      { fileName: 'passport.jpg', bytes: TINY_JPEG },
    )
    expect(sent.statusCode, sent.body).toBe(201)
    const document = VerificationDocumentResponseSchema.parse(sent.json()).data
    const documentFile = await download(second, document.file_url)
    expect(documentFile.statusCode, documentFile.body).toBe(200)
    expect(documentFile.rawPayload).toEqual(TINY_JPEG)

    const form = formWithFile({}, { fileName: 'me.png', bytes: TINY_PNG })
    const avatarSent = await first.inject({
      method: 'POST',
      url: `${API_PREFIX}/user/avatar`,
      headers: { ...bearer(token), 'content-type': form.contentType },
      payload: form.payload,
    })
    expect(avatarSent.statusCode, avatarSent.body).toBe(201)
    const { avatar } = AvatarResponseSchema.parse(avatarSent.json()).data
    if (!avatar) throw new Error('no avatar url')
    const [fromFirst, fromSecond] = await Promise.all([
      first.inject({ url: avatar }),
      second.inject({ url: avatar }),
    ])
    expect(fromSecond.statusCode).toBe(200)
    expect(fromSecond.headers['content-type']).toBe('image/webp')
    expect(fromSecond.rawPayload).toEqual(fromFirst.rawPayload)
  })

  it('answers the file-gone 404 when the bytes are missing', async () => {
    const { url } = await upload(first, token, { fileName: 'photo.png', bytes: TINY_PNG })
    const key = url.split('/').pop() ?? ''
    await first.db.delete(storedFiles).where(eq(storedFiles.key, key))
    const response = await download(second, url)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: CHAT_ERRORS.FILE_GONE })
  })
})

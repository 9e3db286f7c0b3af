// Helpers for the account and security centre's tests (decision 0020): customers who sign in with a real password,
// the sign-in call with a user agent, the mails of the dev outbox, and multipart uploads of verification documents.
import { randomBytes } from 'node:crypto'
import { desc } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { mailOutbox, users } from '../../../server/db/schema'
import { hashPassword } from '../../../server/lib/passwords'
import { scaleRateLimits } from '../../../server/plugins/rate-limit'
import { API_PREFIX, LoginResponseSchema } from '../../../src/domain/contract'
import type { MultipartPart } from './chat'
import { bearer } from './test-server'

/** Every limit a hundred times wider: these tests sign in and upload more often than a person would. */
export const ROOMY_ACCOUNT_RATE_LIMITS = scaleRateLimits(100)

export const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
export const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
export const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0'

let counter = 0

/** An active customer with a real (argon2) password and a phone, straight in the database. */
export async function customerWithPassword(app: FastifyInstance, password = 'Secret1234!') {
  counter += 1
  const tag = `${process.pid}a${counter}`
  const email = `holder${tag}@example.com`
  const [row] = await app.db
    .insert(users)
    .values({
      email,
      username: `holder${tag}`,
      firstName: 'Account',
      lastName: 'Holder',
      phone: '+15550001234',
      passwordHash: await hashPassword(password),
      role: 'customer',
      status: 'active',
      accountId: `CFD${5_000_000 + counter}`,
      balanceUsd: '0.00',
    })
    .returning({ id: users.id })
  if (!row) throw new Error('could not insert a customer')
  return { id: row.id, email, password }
}

export function login(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  userAgent = CHROME_ON_WINDOWS,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${API_PREFIX}/auth/login`,
    payload: credentials,
    headers: { 'user-agent': userAgent },
    remoteAddress,
  })
}

/** Signs in (no two-factor) and answers the token. */
export async function signedIn(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  userAgent = CHROME_ON_WINDOWS,
  remoteAddress = '127.0.0.1',
): Promise<string> {
  const response = await login(app, credentials, userAgent, remoteAddress)
  expect(response.statusCode, response.body).toBe(200)
  return LoginResponseSchema.parse(response.json()).data.token
}

/** GET /user with the token: 200 while the session lives, 401 once signed out. */
export async function userStatus(app: FastifyInstance, token: string): Promise<number> {
  const response = await app.inject({ url: `${API_PREFIX}/user`, headers: bearer(token) })
  return response.statusCode
}

/** The newest outbox mails, newest first, straight from the table. */
export function latestMails(app: FastifyInstance, limit = 20) {
  return app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit)
}

/** The token of the newest link in a mail's text: `...?token=XYZ`. */
export function tokenInMail(text: string): string {
  const match = /[?&]token=([A-Za-z0-9_%-]+)/.exec(text)
  if (!match?.[1]) throw new Error(`no token in mail: ${text}`)
  return decodeURIComponent(match[1])
}

/** A multipart/form-data body with text fields first, then the file, as the verification page's FormData sends it. */
export function formWithFile(fields: Record<string, string>, file: MultipartPart) {
  const boundary = `----account-test-${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.fileName}"\r\n` +
        `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      'utf8',
    ),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  )
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

export function uploadDocument(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string>,
  file: MultipartPart,
  url = '/verification/documents',
): Promise<LightMyRequestResponse> {
  const body = formWithFile(fields, file)
  return app.inject({
    method: 'POST',
    url: `${API_PREFIX}${url}`,
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  })
}

// Verification (decision 0020): documents are uploaded as multipart `type` + `file`, accepted only when the name and
// the first bytes agree on an image or a PDF (an HTML page named .jpg is refused), appear in the back office's one
// queue as type `verification`, and are decided there: a rejection carries its reason and what to do, approvals raise
// the level (identity front and back: 2; a recent proof of address: 3). Only the owner reads their documents; admins
// preview them; anyone else gets 404.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AdminRequestsResponseSchema,
  VERIFICATION_ADVICE,
  VERIFICATION_MESSAGES,
  VerificationDocumentResponseSchema,
  VerificationDocumentsResponseSchema,
  VerificationSummaryResponseSchema,
} from '../../src/domain/contract'
import { customerWithPassword, ROOMY_ACCOUNT_RATE_LIMITS, signedIn, uploadDocument } from './support/account'
import { call, decide } from './support/back-office'
import { HTML_PAGE, TINY_JPEG, TINY_PDF, TINY_PNG } from './support/chat'
import { bearer, createTestApp, DEMO_ADMIN, loginToken } from './support/test-server'
import { refusal } from './support/trading'

let app: FastifyInstance
let adminToken: string
let customer: { id: number; token: string }
let stranger: { id: number; token: string }

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

async function upload(token: string, fields: Record<string, string>, fileName: string, bytes: Uint8Array) {
  return uploadDocument(app, token, fields, { fileName, bytes, contentType: 'image/jpeg' })
}

async function uploaded(token: string, fields: Record<string, string>, fileName: string, bytes: Uint8Array) {
  const response = await upload(token, fields, fileName, bytes)
  expect(response.statusCode, response.body).toBe(201)
  return VerificationDocumentResponseSchema.parse(response.json()).data
}

async function levelOf(token: string) {
  const response = await call(app, token, 'GET', '/verification')
  expect(response.statusCode, response.body).toBe(200)
  return VerificationSummaryResponseSchema.parse(response.json()).data
}

beforeAll(async () => {
  app = await createTestApp({ rateLimits: ROOMY_ACCOUNT_RATE_LIMITS })
  adminToken = await loginToken(app, DEMO_ADMIN)
  const holder = await customerWithPassword(app)
  customer = { id: holder.id, token: await signedIn(app, holder) }
  const other = await customerWithPassword(app)
  stranger = { id: other.id, token: await signedIn(app, other) }
})
afterAll(async () => {
  await app?.close()
})

describe('uploads', () => {
  it('refuses an HTML page named .jpg, and files that are neither images nor PDF', async () => {
    const disguised = await upload(customer.token, { type: 'identity' }, 'passport.jpg', HTML_PAGE)
    expect([415, 422]).toContain(disguised.statusCode)
    expect(refusal(disguised, disguised.statusCode).errors).toHaveProperty('file')

    const mismatch = await upload(customer.token, { type: 'identity' }, 'passport.jpg', TINY_PNG)
    expect(mismatch.statusCode).toBe(415)
    const gif = await upload(customer.token, { type: 'identity' }, 'passport.gif', Buffer.from('GIF89a....'))
    expect(gif.statusCode).toBe(415)
    const noType = await upload(customer.token, {}, 'passport.jpg', TINY_JPEG)
    expect(refusal(noType, 422).errors).toHaveProperty('type')

    const list = await call(app, customer.token, 'GET', '/verification/documents')
    expect(VerificationDocumentsResponseSchema.parse(list.json()).data).toEqual([])
  })

  it('needs a recent issue date on a proof of address', async () => {
    const missing = await upload(customer.token, { type: 'address' }, 'bill.pdf', TINY_PDF)
    expect(refusal(missing, 422).errors?.issued_on).toEqual([VERIFICATION_MESSAGES.ISSUED_ON_REQUIRED])
    const old = await upload(
      customer.token,
      { type: 'address', issued_on: daysAgo(200) },
      'bill.pdf',
      TINY_PDF,
    )
    expect(refusal(old, 422).errors?.issued_on).toEqual([VERIFICATION_MESSAGES.ISSUED_ON_TOO_OLD])
  })

  it('stores an accepted document as pending, one of each type at a time', async () => {
    const document = await uploaded(
      customer.token,
      { type: 'identity', kind: 'passport' },
      'passport.jpg',
      TINY_JPEG,
    )
    expect(document).toMatchObject({
      type: 'identity',
      kind: 'passport',
      status: 'pending',
      mime_type: 'image/jpeg',
    })
    const twice = await upload(customer.token, { type: 'identity' }, 'passport.jpg', TINY_JPEG)
    expect(refusal(twice, 409).message).toBe(VERIFICATION_MESSAGES.ALREADY_PENDING)

    const file = await app.inject({ url: document.file_url, headers: bearer(customer.token) })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/jpeg')
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.headers['content-security-policy']).toContain('sandbox')
    expect(Buffer.from(file.rawPayload).equals(TINY_JPEG)).toBe(true)
  })
})

describe('privacy', () => {
  it("answers 404 for another customer's documents, and lets admins preview them", async () => {
    const [document] = VerificationDocumentsResponseSchema.parse(
      (await call(app, customer.token, 'GET', '/verification/documents')).json(),
    ).data
    if (!document) throw new Error('no document')

    const strangers = await app.inject({ url: document.file_url, headers: bearer(stranger.token) })
    expect(strangers.statusCode).toBe(404)
    const strangerList = await call(app, stranger.token, 'GET', '/verification/documents')
    expect(VerificationDocumentsResponseSchema.parse(strangerList.json()).data).toEqual([])
    const customerPreview = await call(
      app,
      stranger.token,
      'GET',
      `/admin/verification/documents/${document.id}/file`,
    )
    expect(customerPreview.statusCode).toBe(403)

    const preview = await call(app, adminToken, 'GET', `/admin/verification/documents/${document.id}/file`)
    expect(preview.statusCode).toBe(200)
    expect(preview.headers['content-type']).toBe('image/jpeg')
  })
})

describe('review in the back office', () => {
  it('lists documents in GET /admin/requests as type verification', async () => {
    const response = await call(app, adminToken, 'GET', '/admin/requests?type=verification&status=pending')
    const { data } = AdminRequestsResponseSchema.parse(response.json())
    const mine = data.filter((request) => request.user_id === customer.id)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ type: 'verification', status: 'pending' })
    expect(mine[0]?.detail).toContain('Identity document (front)')
  })

  it('shows a rejection with its reason and what to do; approvals raise the level', async () => {
    expect((await levelOf(customer.token)).level).toBe(1)
    const [pending] = VerificationDocumentsResponseSchema.parse(
      (await call(app, customer.token, 'GET', '/verification/documents')).json(),
    ).data
    if (!pending) throw new Error('no document')

    const rejected = await decide(app, adminToken, 'verification', pending.id, {
      decision: 'reject',
      reason: 'The photo is blurred.',
    })
    expect(rejected.statusCode, rejected.body).toBe(200)
    const afterReject = await levelOf(customer.token)
    expect(afterReject.documents.identity).toMatchObject({
      status: 'rejected',
      document: { reason: 'The photo is blurred.', advice: VERIFICATION_ADVICE.identity },
    })

    const front = await uploaded(customer.token, { type: 'identity' }, 'passport-again.jpg', TINY_JPEG)
    const back = await uploaded(customer.token, { type: 'identity_back' }, 'back.pdf', TINY_PDF)
    for (const document of [front, back]) {
      expect(
        (await decide(app, adminToken, 'verification', document.id, { decision: 'approve' })).statusCode,
      ).toBe(200)
    }
    expect((await levelOf(customer.token)).level).toBe(2)
    const user = await call(app, customer.token, 'GET', '/user')
    expect(user.json()).toMatchObject({ data: { verification_level: 2 } })

    const bill = await uploaded(
      customer.token,
      { type: 'address', issued_on: daysAgo(10) },
      'bill.pdf',
      TINY_PDF,
    )
    expect(bill.issued_on).toBe(daysAgo(10))
    await decide(app, adminToken, 'verification', bill.id, { decision: 'approve' })
    const summary = await levelOf(customer.token)
    expect(summary.level).toBe(3)
    expect(summary.levels.map((level) => level.reached)).toEqual([true, true, true])
    expect(summary.documents.address.status).toBe('approved')
  })
})

// The legal and help pages (decision 0022: the sign-up pages' links led to 404). GET /legal/{document} is public and
// answers the operator's text, the code's default until an admin changes it; the texts stay out of the public GET
// /settings; PATCH /admin/settings `{ legal }` replaces the pages it names, refuses an empty page, and writes one
// audit row holding only the pages that changed.
import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_LEGAL_TEXTS } from '../../server/db/seed-data/legal-texts'
import { auditEvents } from '../../server/db/schema'
import {
  AdminSettingsResponseSchema,
  AUDIT_ACTIONS,
  LEGAL_DOCUMENTS,
  LegalDocumentResponseSchema,
} from '../../src/domain/contract'
import { call } from './support/back-office'
import { createTestApp, DEMO_ADMIN, loginToken } from './support/test-server'
import { newCustomer } from './support/trading'

let app: FastifyInstance
let adminToken: string

beforeAll(async () => {
  app = await createTestApp()
  adminToken = await loginToken(app, DEMO_ADMIN)
})
afterAll(async () => {
  await app.close()
})

const page = async (document: string) => app.inject({ url: `/api/v1/legal/${document}` })

describe('GET /legal/{document}', () => {
  it("answers every page's title and the default text to anyone, signed in or not", async () => {
    for (const document of LEGAL_DOCUMENTS) {
      const answer = await page(document)
      expect(answer.statusCode, answer.body).toBe(200)
      const { data } = LegalDocumentResponseSchema.parse(answer.json())
      expect(data.document).toBe(document)
      expect(data.body).toBe(DEFAULT_LEGAL_TEXTS[document])
    }
    expect(LegalDocumentResponseSchema.parse((await page('risk-disclosure')).json()).data.title).toBe(
      'Risk Disclosure',
    )
  })

  it('answers 404 with a message for a page that does not exist', async () => {
    for (const document of ['cookies', 'TERMS', '..%2Fsettings', 'a'.repeat(41)]) {
      const answer = await page(document)
      expect([404, 422]).toContain(answer.statusCode)
      expect(answer.json()).toHaveProperty('message')
    }
    expect((await page('cookies')).json()).toEqual({ message: 'Page not found' })
  })

  it('keeps the texts out of the public settings', async () => {
    const open = (await app.inject({ url: '/api/v1/settings' })).json() as { data: Record<string, unknown> }
    expect(open.data).not.toHaveProperty('legal')
    expect(open.data.terms_url).toBe('/legal/terms')
    expect(open.data.help_url).toBe('/help')
  })
})

describe('PATCH /admin/settings { legal }', () => {
  it('replaces the pages it names, keeps the others, and audits only what changed', async () => {
    const before = AdminSettingsResponseSchema.parse(
      (await call(app, adminToken, 'GET', '/admin/settings')).json(),
    )
    expect(before.data.legal).toEqual(DEFAULT_LEGAL_TEXTS)

    const terms = 'Our terms.\n\nSecond paragraph, <b>as text</b>.'
    const patched = await call(app, adminToken, 'PATCH', '/admin/settings', {
      legal: { terms: `  ${terms}  ` },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    const saved = AdminSettingsResponseSchema.parse(patched.json()).data.legal
    expect(saved.terms).toBe(terms)
    expect(saved.privacy).toBe(DEFAULT_LEGAL_TEXTS.privacy)
    expect(LegalDocumentResponseSchema.parse((await page('terms')).json()).data.body).toBe(terms)

    const [audit] = await app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, AUDIT_ACTIONS.SETTINGS_UPDATED))
      .orderBy(desc(auditEvents.id))
      .limit(1)
    expect(audit?.after).toEqual({ legal: { terms } })
    expect(audit?.before).toEqual({ legal: { terms: DEFAULT_LEGAL_TEXTS.terms } })

    // Another setting keeps the texts.
    expect(
      (await call(app, adminToken, 'PATCH', '/admin/settings', { footer_text: 'Hello' })).statusCode,
    ).toBe(200)
    expect(LegalDocumentResponseSchema.parse((await page('terms')).json()).data.body).toBe(terms)
  })

  it('refuses an empty page, an unknown page and a customer, changing nothing', async () => {
    const empty = await call(app, adminToken, 'PATCH', '/admin/settings', { legal: { help: '   ' } })
    expect(empty.statusCode).toBe(422)
    expect(empty.json().errors).toHaveProperty(['legal.help'])
    const unknown = await call(app, adminToken, 'PATCH', '/admin/settings', { legal: { cookies: 'x' } })
    expect(unknown.statusCode).toBe(422)
    const customer = await newCustomer(app)
    expect(
      (await call(app, customer.token, 'PATCH', '/admin/settings', { legal: { help: 'Mine now' } }))
        .statusCode,
    ).toBe(403)
    expect(LegalDocumentResponseSchema.parse((await page('help')).json()).data.body).toBe(
      DEFAULT_LEGAL_TEXTS.help,
    )
  })
})

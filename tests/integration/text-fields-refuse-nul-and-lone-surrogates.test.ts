// Regression (decision 0018, security probe): a NUL byte (U+0000) or a lone surrogate in a text field gave a 500:
// registration's fields (reachable without signing in), PATCH /admin/settings, POST /admin/notifications. One rule
// now holds for every text field a request carries, in bodies, query strings and paths: the contract's TextSchema
// refuses both with 422 and one message (decision 0018). Chat, which stripped NUL, follows the same rule.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages, notifications, users } from '../../server/db/schema'
import {
  ApiErrorSchema,
  isStorableText,
  TEXT_MESSAGES,
  TextSchema,
  type RegistrationPayload,
} from '../../src/domain/contract'
import {
  describeRoutes,
  fillPath,
  leavesOf,
  plausibleAround,
  plausibleOf,
  plausibleParams,
  plausibleValue,
  queryString,
  withField,
  type DescribedRoute,
  type Leaf,
} from './support/route-schemas'
import { bearer, createTestApp, DEMO_ADMIN, DEMO_CUSTOMER, loginToken } from './support/test-server'

/** Text no field may hold: NUL alone and inside text, both halves of a surrogate pair alone, half an emoji. */
const UNSTORABLE = ['\u0000', 'ab\u0000cd', 'ab\ud800cd', 'ab\udc00cd', 'emoji \ud83d', '\ude00 emoji']

const UNLIMITED = { max: 1_000_000, windowMs: 60_000 }
let app: FastifyInstance
let routes: DescribedRoute[]
let adminToken: string
let customerToken: string

beforeAll(async () => {
  app = await createTestApp({
    rateLimits: {
      login: UNLIMITED,
      register: UNLIMITED,
      checkEmail: UNLIMITED,
      forgotPassword: UNLIMITED,
      // Decision 0020's password, two-factor and e-mail calls: every text field gets its own cases.
      passwordChange: UNLIMITED,
      resetPassword: UNLIMITED,
      twoFactor: UNLIMITED,
      emailChange: UNLIMITED,
      accountUpload: UNLIMITED,
      // Decision 0019's cashier calls.
      cardDeposit: UNLIMITED,
      wireDeposit: UNLIMITED,
      withdrawal: UNLIMITED,
      savingsTransfer: UNLIMITED,
    },
  })
  routes = await describeRoutes(app)
  adminToken = await loginToken(app, DEMO_ADMIN)
  customerToken = await loginToken(app, DEMO_CUSTOMER)
})
afterAll(async () => {
  await app?.close()
})

function expectUnstorableRefused(response: { statusCode: number; body: string }, field: string) {
  expect(response.statusCode, `${field}: ${response.body.slice(0, 300)}`).toBe(422)
  const error = ApiErrorSchema.parse(JSON.parse(response.body))
  expect(error.errors?.[field], `${field}: ${response.body.slice(0, 300)}`).toContain(
    TEXT_MESSAGES.UNSTORABLE,
  )
}

describe('the rule', () => {
  it('refuses NUL and lone surrogates, and keeps every real character, emoji and all', () => {
    for (const text of UNSTORABLE) expect(isStorableText(text), JSON.stringify(text)).toBe(false)
    for (const text of [
      '',
      'Zoë',
      '😀 👩🏽‍💻 🇯🇵',
      '中文',
      'tab\tand\nnewline',
      '\u0001\u001f\u007f',
      '\uffff',
      'a\u200db',
    ]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true)
      expect(TextSchema.parse(text)).toBe(text)
    }
  })

  it('is on every text field of every route’s body, query string and path, with one message', () => {
    let textFields = 0
    for (const route of routes) {
      for (const part of ['params', 'querystring', 'body'] as const) {
        for (const leaf of leavesOf(route.schemas[part])) {
          const where = `${route.name} ${part} ${leaf.path.join('.')}`
          if (leaf.kind === 'formatted-text') {
            // An e-mail or a timestamp has a format no such character fits.
            for (const text of UNSTORABLE) expect(leaf.schema.safeParse(text).success, where).toBe(false)
          }
          if (leaf.kind !== 'text') continue
          textFields += 1
          for (const text of UNSTORABLE) {
            const issues = leaf.schema.safeParse(text).error?.issues.map((issue) => issue.message) ?? []
            expect(issues, `${where} <- ${JSON.stringify(text)}`).toContain(TEXT_MESSAGES.UNSTORABLE)
          }
        }
      }
    }
    expect(textFields).toBeGreaterThan(60)
  })
})

describe('registration, reachable without signing in', () => {
  const REGISTRATION: RegistrationPayload = {
    first_name: 'Nul',
    last_name: 'Tester',
    username: 'nultester',
    email: 'nul.tester@example.com',
    phone: '5550100123',
    country_code: '+1',
    country: 'united-states',
    nationality: 'united-states',
    password: 'Secret123!',
    confirm_password: 'Secret123!',
  }
  const register = (payload: object) => app.inject({ method: 'POST', url: '/api/v1/auth/register', payload })

  it.each(Object.keys(REGISTRATION))(
    'refuses %s holding NUL or a lone surrogate with 422, and stores nobody',
    async (field) => {
      const before = await app.db.$count(users)
      for (const bad of UNSTORABLE) {
        const value = `${REGISTRATION[field as keyof RegistrationPayload]}${bad}`
        const payload = { ...REGISTRATION, [field]: value }
        // A password is refused for what it holds, not for differing from its confirmation.
        if (field === 'password') payload.confirm_password = value
        if (field === 'confirm_password') payload.password = value
        const response = await register(payload)
        if (field === 'email') {
          expect(response.statusCode, response.body).toBe(422)
          continue
        }
        expectUnstorableRefused(response, field)
      }
      expect(await app.db.$count(users)).toBe(before)
    },
  )

  it('still registers names written with emoji and accents', async () => {
    const response = await register({ ...REGISTRATION, first_name: 'Zoë 😀', username: 'zoe-emoji' })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json().data.user.first_name).toBe('Zoë 😀')
  })
})

describe('the admin calls the probe found', () => {
  it('refuses each text field of PATCH /admin/settings, and changes nothing', async () => {
    const before = (await app.inject({ url: '/api/v1/settings' })).json()
    const fields = [
      'name',
      'maintenanceMessage',
      'logo',
      'logo_sm',
      'favicon',
      'r_page',
      'header_text',
      'footer_text',
    ]
    for (const field of [...fields, 'contactEmail', 'website_url', 'terms_url']) {
      for (const bad of UNSTORABLE) {
        const response = await app.inject({
          method: 'PATCH',
          url: '/api/v1/admin/settings',
          headers: bearer(adminToken),
          payload: { [field]: `Fine text ${bad}` },
        })
        if (fields.includes(field)) expectUnstorableRefused(response, field)
        else expect(response.statusCode, `${field}: ${response.body}`).toBe(422)
      }
    }
    expect((await app.inject({ url: '/api/v1/settings' })).json()).toEqual(before)
  })

  it('refuses the title and message of POST /admin/notifications, and stores none', async () => {
    const customer = (await app.inject({ url: '/api/v1/user', headers: bearer(customerToken) })).json().data
    const before = await app.db.$count(notifications)
    for (const field of ['title', 'message']) {
      for (const bad of UNSTORABLE) {
        const payload = { user_id: customer.id, title: 'Hello', message: 'Welcome', [field]: `Hi ${bad}` }
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/admin/notifications',
          headers: bearer(adminToken),
          payload,
        })
        expectUnstorableRefused(response, field)
      }
    }
    expect(await app.db.$count(notifications)).toBe(before)
  })

  it('refuses a NUL in a query string (GET /admin/users?search=)', async () => {
    const response = await app.inject({
      url: '/api/v1/admin/users?search=ab%00cd',
      headers: bearer(adminToken),
    })
    expectUnstorableRefused(response, 'search')
  })

  it('refuses a chat message with a NUL instead of storing it without (one rule, not two)', async () => {
    const before = await app.db.$count(chatMessages)
    for (const bad of UNSTORABLE) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/chat/messages',
        headers: bearer(customerToken),
        payload: { message: `Hello ${bad} support` },
      })
      expectUnstorableRefused(response, 'message')
    }
    expect(await app.db.$count(chatMessages)).toBe(before)
  })
})

describe('every route', () => {
  const tokenFor = (route: DescribedRoute) => (route.url.includes('/admin/') ? adminToken : customerToken)
  // The broker's HTTP API checks its signature before the schema, so an unsigned caller learns nothing about a
  // valid body: 401 or 404 there, and the rule above shows the schema behind it refuses the text too.
  const signedBeforeSchema = (route: DescribedRoute) => route.url.startsWith('/apps/')
  function expectRefused(
    route: DescribedRoute,
    response: { statusCode: number; body: string },
    field: string,
  ) {
    // HEAD answers GET's status without its body.
    if (route.method === 'HEAD') return expect(response.statusCode, `${route.name} ${field}`).toBe(422)
    if (!signedBeforeSchema(route)) return expectUnstorableRefused(response, field)
    expect(response.statusCode, `${route.name} ${field}: ${response.body}`).toBeGreaterThanOrEqual(400)
    expect(response.statusCode, `${route.name} ${field}: ${response.body}`).toBeLessThan(500)
  }
  const textLeaves = (route: DescribedRoute, part: 'params' | 'querystring' | 'body'): Leaf[] =>
    leavesOf(route.schemas[part]).filter((leaf) => leaf.kind === 'text')

  it('answers 422, never 5xx, to NUL or a lone surrogate in any text field of its body', async () => {
    let sent = 0
    for (const route of routes.filter((candidate) => textLeaves(candidate, 'body').length > 0)) {
      const schema = route.schemas.body
      if (!schema) continue
      const url = fillPath(route, plausibleParams(route))
      for (const leaf of textLeaves(route, 'body')) {
        // The field's own option of a union of objects (a withdrawal's method) around it.
        const base = plausibleAround(schema, leaf)
        for (const bad of ['ab\u0000cd', 'ab\ud800cd']) {
          const payload = JSON.stringify(withField(base, leaf.path, bad))
          const response = await app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...bearer(tokenFor(route)), 'content-type': 'application/json' },
            payload,
          })
          sent += 1
          expectRefused(route, response, leaf.path.join('.'))
        }
      }
    }
    expect(sent).toBeGreaterThan(80)
  })

  it('answers 422, never 5xx, to a NUL in any text field of its query string or path', async () => {
    let sent = 0
    for (const route of routes) {
      const params = plausibleParams(route)
      const query = plausibleOf(route.schemas.querystring)
      for (const leaf of textLeaves(route, 'querystring')) {
        const url = `${fillPath(route, params)}?${queryString(withField(query, leaf.path, 'ab\u0000cd'))}`
        const response = await app.inject({
          method: route.method as 'GET',
          url,
          headers: bearer(tokenFor(route)),
        })
        sent += 1
        expectRefused(route, response, leaf.path.join('.'))
      }
      for (const leaf of textLeaves(route, 'params')) {
        const url = fillPath(route, { ...params, [String(leaf.path[0])]: 'ab\u0000cd' })
        const response = await app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...bearer(tokenFor(route)), 'content-type': 'application/json' },
          ...(route.schemas.body ? { payload: JSON.stringify(plausibleValue(route.schemas.body)) } : {}),
        })
        sent += 1
        expectRefused(route, response, leaf.path.join('.'))
      }
    }
    expect(sent).toBeGreaterThan(8)
  })
})

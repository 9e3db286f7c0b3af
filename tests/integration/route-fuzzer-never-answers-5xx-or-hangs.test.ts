// The route fuzzer (decision 0018): every route of the server's route table, present and future, gets a sample of a
// hostile corpus in its path parameters, query string and body fields (NUL, lone surrogates, huge and odd numbers,
// days and timestamps at the years the database refuses, the columns' limits, wrong types, deep nesting, oversize
// bodies, path traversal, malformed encodings), as an admin, a customer and nobody. No answer may be a 5xx and none
// may hang. Cases are built from each route's own schemas (support/route-schemas.ts), so a field added later is
// fuzzed without being listed; hostile-bodies.test.ts keeps the whole-body table for POST and PATCH, this file the
// fields, the GETs, the params and the query strings. The schema-derived edges of every field, one at a time, are
// edge-values-of-every-request-schema-never-answer-5xx.test.ts's.
//
// The sample is random; a failure names its seed: FUZZ_SEED=<seed> npx vitest run --project integration <this file>.
// FUZZ_CASES=<n> sends n cases per route instead of 50.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { siteSettings, users } from '../../server/db/schema'
import { IDEMPOTENCY_KEY_HEADER } from '../../src/domain/contract'
import { BOUNDARY_DAYS, BOUNDARY_TIMESTAMPS, COLUMN_LIMIT_VALUES, COLUMN_LIMITS } from './support/edge-values'
import {
  describeRoutes,
  leavesOf,
  plausibleAround,
  plausibleOf,
  plausibleParams,
  queryString,
  withField,
  type DescribedRoute,
  type Leaf,
} from './support/route-schemas'
import { bearer, createTestApp, DEMO_ADMIN, DEMO_CUSTOMER } from './support/test-server'

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
/** Per route: about 60 routes x 50 cases take under 10 s. FUZZ_CASES=500 digs deeper by hand. */
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 50)
/** Far above any answer here (the slowest, a password hash, takes about 60 ms): only a hang reaches it. */
const HANG_MS = 5_000

/** mulberry32: small, seedable, good enough to pick cases. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const next = random(SEED)
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T

const nested = (depth: number, leaf: unknown, wrap: (inner: unknown) => unknown): unknown => {
  let value = leaf
  for (let n = 0; n < depth; n += 1) value = wrap(value)
  return value
}

// ---- the corpus ------------------------------------------------------------------------------------------------

const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  'emoji \ud83d',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '${7*7}{{7*7}}',
  '\u202etxt.exe',
  'A'.repeat(20_000),
  '',
  '   ',
  '__proto__',
  'constructor',
  'NaN',
  '1e309',
  '-1',
  // Days and timestamps at years 0, 1, 9999 and 10000 and at the contract's DATE_RANGE, and the columns' limits as
  // text (decision 0033).
  ...BOUNDARY_DAYS,
  ...BOUNDARY_TIMESTAMPS,
  ...COLUMN_LIMIT_VALUES.filter((value) => typeof value === 'string'),
]
const HOSTILE_NUMBERS = [
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  -(2 ** 53),
  2 ** 64,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -1,
  0,
  -0,
  0.5,
  1e-320,
  1e307,
  -1e307,
  ...COLUMN_LIMIT_VALUES.filter((value) => typeof value === 'number'),
]
const WRONG_TYPES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 2, 3],
  { $gt: '' },
  '1',
  'true',
  nested(400, 1, (inner) => [inner]),
  nested(400, 1, (inner) => ({ a: inner })),
  Array.from({ length: 5_000 }, (_, n) => n),
]
/** Already percent-encoded: what a path segment or query value may be on the wire. */
const HOSTILE_URL_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%AE%C0%AE%2F',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '%252e%252e%252f',
  '..',
  '.',
  '%',
  '%zz',
  '%FF%FE',
  '2147483648',
  '9007199254740993',
  '18446744073709551616',
  '1e309',
  '-1',
  '0',
  '0x7fffffff',
  '1.5',
  '%201',
  '%5B%5D',
  '%7B%7D',
  '%E2%80%AE',
  'a'.repeat(4_096),
  'null',
  'undefined',
  '1e307',
  ...BOUNDARY_DAYS.map(encodeURIComponent),
  ...BOUNDARY_TIMESTAMPS.slice(0, 6).map(encodeURIComponent),
  ...COLUMN_LIMITS.map((limit) => limit.beyond),
]
const HOSTILE_QUERY_SHAPES = [
  (key: string) => `${key}=1&${key}=2`,
  (key: string) => `${key}[]=1`,
  (key: string) => `${key}[a]=1`,
  (key: string) => key,
  (key: string) => `${key}=`,
  () => '__proto__[role]=admin',
  () => 'constructor[prototype][role]=admin',
  () => Array.from({ length: 1_000 }, (_, n) => `k${n}=${n}`).join('&'),
  () => `q=${'x'.repeat(8_000)}`,
]
const HOSTILE_BODIES: { label: string; payload: string; contentType?: string }[] = [
  { label: 'malformed JSON', payload: '{"a":' },
  { label: 'JSON with a NUL outside strings', payload: '{"a":1}\u0000' },
  { label: 'deep nesting', payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
  { label: 'oversize body', payload: JSON.stringify({ a: 'x'.repeat(1_200_000) }) },
  { label: 'array at the root', payload: '[{"id":1}]' },
  { label: 'a bare number', payload: '1e999' },
  { label: 'form encoding', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { label: 'text/plain', payload: '{"a":1}', contentType: 'text/plain' },
]

function hostileValueFor(leaf: Leaf): unknown {
  // Mostly what hurts this kind of field, sometimes anything at all.
  const roll = next()
  if (roll < 0.2) return pick(WRONG_TYPES)
  if (leaf.kind === 'number') return roll < 0.7 ? pick(HOSTILE_NUMBERS) : pick(HOSTILE_TEXT)
  if (leaf.kind === 'boolean' || leaf.kind === 'choice')
    return roll < 0.6 ? pick(HOSTILE_TEXT) : pick(HOSTILE_NUMBERS)
  return roll < 0.8 ? pick(HOSTILE_TEXT) : pick(HOSTILE_NUMBERS)
}

// ---- cases -----------------------------------------------------------------------------------------------------

type Caller = 'admin' | 'customer' | 'nobody'

interface FuzzCase {
  label: string
  url: string
  /** undefined: no body at all. */
  payload?: string
  contentType?: string
}

let app: FastifyInstance
let routes: DescribedRoute[]
let ids: { admin: number; customer: number }
let queryKeys: string[]
const statuses = new Map<string, number[]>()

function encodedPath(route: DescribedRoute, encoded: Record<string, string>): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => encoded[name] ?? '1')
}

function plausibleEncodedParams(route: DescribedRoute): Record<string, string> {
  // An id names someone real: the admin routes act on the demo customer.
  const params = {
    ...plausibleParams(route),
    ...(route.paramNames.includes('id') ? { id: ids.customer } : {}),
  }
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, encodeURIComponent(String(value))]),
  )
}

function safeJson(value: unknown): string {
  return JSON.stringify(value) ?? 'null'
}

/** One hostile request for the route, chosen at random among the kinds of trouble it can be sent. */
function fuzzCase(route: DescribedRoute): FuzzCase {
  const params = plausibleEncodedParams(route)
  const query = plausibleOf(route.schemas.querystring)
  const body = plausibleOf(route.schemas.body)
  const bodyLeaves = leavesOf(route.schemas.body)
  const queryLeaves = leavesOf(route.schemas.querystring)
  const plainQuery = queryString(query)
  const withQuery = (path: string, search: string) => (search === '' ? path : `${path}?${search}`)
  const plainBody = body === undefined ? undefined : safeJson(body)

  const kinds: (() => FuzzCase)[] = [
    () => {
      const keys = queryLeaves.length > 0 ? queryLeaves.map((leaf) => String(leaf.path[0])) : queryKeys
      const search = pick(HOSTILE_QUERY_SHAPES)(pick(keys))
      return {
        label: `query shape ${search.slice(0, 60)}`,
        url: withQuery(encodedPath(route, params), search),
        payload: plainBody,
      }
    },
    () => {
      const key = queryLeaves.length > 0 ? String(pick(queryLeaves).path[0]) : pick(queryKeys)
      const value = pick(HOSTILE_URL_VALUES)
      const base = plainQuery === '' ? '' : `${plainQuery}&`
      const search = `${base.replace(new RegExp(`(^|&)${key}=[^&]*`), '$1')}${key}=${value}`
      return {
        label: `query ${key}=${value.slice(0, 40)}`,
        url: withQuery(encodedPath(route, params), search),
        payload: plainBody,
      }
    },
    () => {
      const body = pick(HOSTILE_BODIES)
      return {
        label: `body: ${body.label}`,
        url: withQuery(encodedPath(route, params), plainQuery),
        payload: body.payload,
        ...(body.contentType ? { contentType: body.contentType } : {}),
      }
    },
  ]
  if (route.paramNames.length > 0) {
    kinds.push(() => {
      const name = pick(route.paramNames)
      const value = pick(HOSTILE_URL_VALUES)
      return {
        label: `param ${name}=${value.slice(0, 40)}`,
        url: withQuery(encodedPath(route, { ...params, [name]: value }), plainQuery),
        payload: plainBody,
      }
    })
  }
  if (bodyLeaves.length > 0) {
    const fieldCase = () => {
      const leaf = pick(bodyLeaves)
      const value = hostileValueFor(leaf)
      return {
        label: `body ${leaf.path.join('.')} = ${safeJson(value).slice(0, 40)}`,
        url: withQuery(encodedPath(route, params), plainQuery),
        payload: safeJson(withField(plausibleAround(route.schemas.body, leaf), leaf.path, value)),
      }
    }
    // The fields are where a route's own code is reached: weighted up.
    kinds.push(fieldCase, fieldCase, fieldCase)
    kinds.push(() => ({
      label: 'body with prototype keys beside valid fields',
      url: withQuery(encodedPath(route, params), plainQuery),
      payload: safeJson(body).replace(
        /^\{/,
        '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}},',
      ),
    }))
  }
  if (queryLeaves.length > 0) {
    kinds.push(() => {
      const leaf = pick(queryLeaves)
      const value = hostileValueFor(leaf)
      return {
        label: `query ${leaf.path.join('.')} = ${safeJson(value).slice(0, 40)}`,
        url: withQuery(encodedPath(route, params), queryString(withField(query, leaf.path, value))),
        payload: plainBody,
      }
    })
  }
  return pick(kinds)()
}

async function send(
  route: DescribedRoute,
  fuzz: FuzzCase,
  caller: Caller,
  tokens: Record<Caller, string | undefined>,
) {
  const token = tokens[caller]
  const headers: Record<string, string> = token ? bearer(token) : {}
  if (fuzz.payload !== undefined) headers['content-type'] = fuzz.contentType ?? 'application/json'
  // Half the time with a well-formed key, so the calls that need one reach their bodies.
  if (next() < 0.5) headers[IDEMPOTENCY_KEY_HEADER] = `fuzz-${Math.floor(next() * 1e12)}`
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS)
  })
  const answer = await Promise.race([
    app.inject({
      method: route.method as 'GET',
      url: fuzz.url,
      headers,
      remoteAddress: `10.${Math.floor(next() * 250)}.${Math.floor(next() * 250)}.${Math.floor(next() * 250) + 1}`,
      ...(fuzz.payload === undefined ? {} : { payload: fuzz.payload }),
    }),
    hang,
  ]).finally(() => clearTimeout(timer))
  return answer
}

const UNLIMITED = { max: 1_000_000, windowMs: 60_000 }

beforeAll(async () => {
  app = await createTestApp({
    rateLimits: {
      login: UNLIMITED,
      checkEmail: UNLIMITED,
      register: UNLIMITED,
      forgotPassword: UNLIMITED,
      autoLogin: UNLIMITED,
      tradeStore: UNLIMITED,
      eaPurchase: UNLIMITED,
      autotraderRequest: UNLIMITED,
      planUpgrade: UNLIMITED,
      passwordChange: UNLIMITED,
      resetPassword: UNLIMITED,
      twoFactor: UNLIMITED,
      emailChange: UNLIMITED,
      accountUpload: UNLIMITED,
      cardDeposit: UNLIMITED,
      wireDeposit: UNLIMITED,
      withdrawal: UNLIMITED,
      savingsTransfer: UNLIMITED,
    },
  })
  routes = await describeRoutes(app)
  const byEmail = async (email: string) => {
    const user = await app.repos.users.findByEmail(email)
    if (!user) throw new Error(`no demo user ${email}`)
    return user.id
  }
  ids = { admin: await byEmail(DEMO_ADMIN.email), customer: await byEmail(DEMO_CUSTOMER.email) }
  queryKeys = [
    ...new Set(
      routes.flatMap((route) => leavesOf(route.schemas.querystring).map((leaf) => String(leaf.path[0]))),
    ),
    'id',
    'token',
  ]
})
afterAll(async () => {
  await app?.close()
})

it('answers the hostile corpus on every route of the route table, as admin, customer and nobody, with no 5xx and no hang', async () => {
  const failures: string[] = []
  const [settingsRow] = await app.db.select().from(siteSettings)
  for (const route of routes) {
    // Each route starts from the same state: a case may have signed a token out or changed an account or the
    // settings, and the next route must still be reached by a signed-in admin and customer.
    await app.db.update(users).set({ status: 'active' })
    if (settingsRow) await app.db.update(siteSettings).set({ value: settingsRow.value })
    const now = new Date()
    const tokens: Record<Caller, string | undefined> = {
      admin: await app.repos.authTokens.issue(ids.admin, now),
      customer: await app.repos.authTokens.issue(ids.customer, now),
      nobody: undefined,
    }
    for (let n = 0; n < CASES_PER_ROUTE; n += 1) {
      const caller = (['admin', 'customer', 'nobody'] as const)[n % 3] ?? 'nobody'
      const fuzz = fuzzCase(route)
      const where = `${route.name} as ${caller}, ${fuzz.label} (FUZZ_SEED=${SEED})`
      let answer: Awaited<ReturnType<typeof send>>
      try {
        answer = await send(route, fuzz, caller, tokens)
      } catch (error) {
        failures.push(`${where}: threw ${(error as Error).message}`)
        continue
      }
      if (answer === 'hang') {
        failures.push(`${where}: no answer within ${HANG_MS} ms`)
        continue
      }
      statuses.set(route.name, [...(statuses.get(route.name) ?? []), answer.statusCode])
      if (answer.statusCode >= 500)
        failures.push(`${where}: ${answer.statusCode} ${answer.body.slice(0, 200)}`)
    }
  }
  expect(failures).toEqual([])
  // A budget, not a speed check: 50 cases on each of about 170 routes, about 40 s on a quiet machine and past 90 s
  // with both cores busy.
}, 240_000)

it('reached every route, and the routes’ own checks, not only the sign-in gate', () => {
  expect(statuses.size).toBe(routes.length)
  for (const route of routes) expect(statuses.get(route.name)?.length, route.name).toBe(CASES_PER_ROUTE)
  // With a token and a plausible request around each hostile part, validation answers: most routes with a
  // schema said 422 at least once (or 400 for a URL fastify itself could not read).
  const withSchema = routes.filter((route) => Object.values(route.schemas).some(Boolean))
  const validated = withSchema.filter((route) =>
    statuses.get(route.name)?.some((status) => status === 422 || status === 400),
  )
  expect(validated.length / withSchema.length).toBeGreaterThan(0.9)
})

it.each([
  ['/../../../../etc/passwd'],
  ['/%2e%2e/%2e%2e/%2e%2e/etc/passwd'],
  ['/api/v1/..%2f..%2fpackage.json'],
  ['/api/v1/chat/files/..%2F..%2F..%2Fpackage.json'],
  ['/api/v1/chat/files/%2e%2e%2f%2e%2e%2fserver%2fapp.ts'],
  ['/api/v1/%00'],
  ['/api%00/v1/user'],
  ['/api/v1/assets/..%5C..%5Cpackage.json/candles'],
  ['/metrics/..%2f..%2fpackage.json'],
  ['/api/v1/a/a/a/... (4,000 characters)', `/api/v1/${'a/'.repeat(2_000)}`],
] as [string, string?][])('walks nowhere outside the route table: %s', async (label, long) => {
  const url = long ?? label
  for (const token of [undefined, await app.repos.authTokens.issue(ids.admin, new Date())]) {
    const response = await app.inject({ url, headers: token ? bearer(token) : {} })
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400)
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500)
    expect(response.body).not.toMatch(/root:|cfd-trading-pwa|buildApp/)
  }
})

it('never answered 5xx, by the server’s own metrics', async () => {
  const metrics = (await app.inject({ url: '/metrics' })).body
  expect(metrics).toContain('http_requests_total')
  expect(metrics).not.toMatch(/http_requests_total\{[^}]*status_code="5\d\d"/)
})

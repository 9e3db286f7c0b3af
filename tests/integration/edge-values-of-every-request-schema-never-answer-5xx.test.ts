// Property (decision 0033): every request schema of the route table, present and future, takes only what the
// database stores or compares. Each route's params, query string and body fields get the values at their edges,
// derived from the field's own zod schema and from the columns' limits (support/edge-values.ts): a number's least
// and greatest and one beyond each, ±1e307, 2^31, 2^53; a text's shortest and longest and one beyond; days and
// timestamps at years 0, 1, 9999 and 10000 and at the contract's own DATE_RANGE; amounts at the money columns'
// limits. They go through inject as the demo customer (verified, so withdrawals reach their own checks) and the demo
// admin, and no answer may be a 5xx. Every single edge value is sent once (fast-check's examples), then random
// combinations of up to three; a failure is shrunk to the fewest edits that still fail.
//
// On PGlite, and on PostgreSQL when one answers: both refuse the same inputs (year 0, a year past 9999, an offset
// past ±15:59, a numeric overflow), but only PostgreSQL runs queries side by side, and the two read some values back
// differently (PGlite reads a timestamp before year 1 as null), so the properties run on both.
//
// A failure names its seed and path: EDGE_SEED=<seed> npx vitest run --project integration <this file>;
// EDGE_RUNS=<n> sends n random combinations per route instead of 6.
import { createHash, createHmac, randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteSettings, users, verificationDocuments } from '../../server/db/schema'
import { DEFAULT_RATE_LIMITS } from '../../server/plugins/rate-limit'
import { IDEMPOTENCY_KEY_HEADER } from '../../src/domain/contract'
import { edgeValuesOf, type EdgeFamily, type FieldEdges } from './support/edge-values'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import {
  describeRoutes,
  fillPath,
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

const SEED = Number(process.env.EDGE_SEED ?? 20_261_128)
/** Random combinations per route, after every single edge value: about 90 routes x 6 stay within seconds. */
const RUNS_PER_ROUTE = Number(process.env.EDGE_RUNS ?? 6)
/** The broker's signed HTTP API (/apps/:appId/...) is reached only when signed: these tests sign with these. */
const PUSHER = { appId: '330033', key: 'edge-values-key', secret: 'edge-values-secret-0b3c' }
const UNLIMITED = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((action) => [action, { max: 1_000_000, windowMs: 60_000 }]),
)

type Caller = 'customer' | 'admin'
type Part = 'params' | 'querystring' | 'body'
const PARTS: Part[] = ['params', 'querystring', 'body']

interface Field extends FieldEdges {
  /** `body amount`, `querystring from`: how a counterexample names it. */
  label: string
  part: Part
  leaf: Leaf
}
interface Edit {
  field: string
  value: unknown
}
interface EdgeRequest {
  caller: Caller
  edits: Edit[]
}

/**
 * The edges where the two engines could differ: numbers, days, timestamps and amounts. A text's length or a choice
 * is the same text to both, so PostgreSQL is sent those only in the random combinations, to keep the file quick.
 */
const DATABASE_FAMILIES = new Set<EdgeFamily>(['number', 'day', 'timestamp', 'amount'])

/** A 1x1 PNG: the demo customer's identity document, front and back. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/** Fields naming a person are filled with the demo customer, so admin routes act on someone real. */
const PERSON_FIELDS = ['customer_id', 'user_id']

const valueAt = (value: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((inner, key) => (inner as Record<string | number, unknown> | undefined)?.[key], value)

function fieldsOf(route: DescribedRoute): Field[] {
  return PARTS.flatMap((part) => {
    const schema = route.schemas[part]
    const leaves = leavesOf(schema)
    // A schema without fields (an empty body) is one field: the whole part.
    if (schema && leaves.length === 0) leaves.push({ path: [], schema, kind: 'other' })
    return leaves.map((leaf) => {
      // A field of a union's option is named with the option's first field (`method=card`), its discriminator.
      const [first] = Object.entries((leaf.option?.value ?? {}) as Record<string, unknown>)
      const label = `${part} ${leaf.path.join('.')}${first ? ` (${first[0]}=${String(first[1])})` : ''}`
      const plausible = valueAt(plausibleAround(route.schemas[part], leaf), leaf.path)
      return { label, part, leaf, ...edgeValuesOf(leaf, plausible) }
    })
  })
}

const pgAvailable = await postgresReachable('edge-values-of-every-request-schema-never-answer-5xx')

function engine(name: 'PGlite' | 'PostgreSQL') {
  describe(name, () => {
    let app: FastifyInstance
    let database: ThrowawayDatabase | undefined
    let routes: DescribedRoute[] = []
    let ids: Record<Caller, number>
    let tokens: Record<Caller, string>
    let storedSettings: Record<string, unknown> | undefined
    const statuses = new Map<string, number[]>()
    const sentPlausible = new Set<string>()

    beforeAll(async () => {
      if (name === 'PostgreSQL') database = await createThrowawayDatabase()
      app = await createTestApp({
        rateLimits: UNLIMITED,
        realtime: { pusher: PUSHER },
        ...(database ? { databaseUrl: database.url } : {}),
      })
      routes = await describeRoutes(app)
      const idOf = async (email: string) => {
        const user = await app.repos.users.findByEmail(email)
        if (!user) throw new Error(`no demo user ${email}`)
        return user.id
      }
      ids = { customer: await idOf(DEMO_CUSTOMER.email), admin: await idOf(DEMO_ADMIN.email) }
      // Verification level 2 (a phone and an approved identity, front and back), so a withdrawal's fields reach
      // the cashier's own checks rather than stopping at 'verify first'.
      await app.db.update(users).set({ phone: '+15550100199' }).where(eq(users.id, ids.customer))
      for (const type of ['identity', 'identity_back'] as const) {
        const storageKey = app.chat.files.newKey()
        await app.chat.files.save(storageKey, PNG)
        await app.db.insert(verificationDocuments).values({
          userId: ids.customer,
          type,
          status: 'approved',
          storageKey,
          fileName: `${type}.png`,
          mimeType: 'image/png',
          sizeBytes: PNG.length,
          decidedAt: app.now(),
        })
      }
      storedSettings = (await app.db.select().from(siteSettings))[0]?.value
    }, 120_000)

    afterAll(async () => {
      await app.close()
      await database?.drop()
    })

    /** Each route starts signed in and active, with the settings as they were: a case may have changed any. */
    async function freshState() {
      await app.db
        .update(users)
        .set({ status: 'active' })
        .where(inArray(users.id, [ids.customer, ids.admin]))
      if (storedSettings) await app.db.update(siteSettings).set({ value: storedSettings })
      const now = app.now()
      tokens = {
        customer: await app.repos.authTokens.issue(ids.customer, now),
        admin: await app.repos.authTokens.issue(ids.admin, now),
      }
    }

    function requestFor(route: DescribedRoute, fields: Map<string, Field>, request: EdgeRequest) {
      const edited = request.edits.map((edit) => ({ ...edit, at: fields.get(edit.field) }))
      const valueOf = (part: Part) => {
        const first = edited.find((edit) => edit.at?.part === part)?.at?.leaf
        const schema = route.schemas[part]
        let value: unknown =
          part === 'params'
            ? plausibleParams(route)
            : first
              ? plausibleAround(schema, first)
              : plausibleOf(schema)
        // Fields not edited hold their usual value (an amount of 100), in the union option the request is in.
        for (const field of fields.values()) {
          if (field.part !== part || field.usual === undefined) continue
          const { option } = field.leaf
          if (option && JSON.stringify(valueAt(value, option.path)) !== JSON.stringify(option.value)) continue
          value = withField(value, field.leaf.path, field.usual)
        }
        const named = (key: string) => typeof value === 'object' && value !== null && key in value
        for (const key of PERSON_FIELDS) if (named(key)) value = withField(value, [key], ids.customer)
        if (part === 'params' && named('id')) value = withField(value, ['id'], ids.customer)
        if (part === 'params' && named('appId')) value = withField(value, ['appId'], PUSHER.appId)
        for (const edit of edited) {
          if (edit.at?.part === part) value = withField(value, edit.at.leaf.path, edit.value)
        }
        return value
      }
      const params = (valueOf('params') ?? {}) as Record<string, unknown>
      const search = route.schemas.querystring ? queryString(valueOf('querystring')) : ''
      const payload = route.schemas.body ? (JSON.stringify(valueOf('body')) ?? 'null') : undefined
      // What the route's schemas will be handed: the URL's parts as text, the body as JSON reads it.
      const received: Record<Part, unknown> = {
        params: Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
        querystring: Object.fromEntries(new URLSearchParams(search)),
        body: payload === undefined ? undefined : JSON.parse(payload),
      }
      return { path: fillPath(route, params), search, payload, received }
    }

    /**
     * What the route's code is handed, as text, when its schemas take the request (only then can its values reach
     * the database); undefined when they refuse it. Two edges the schemas read alike ('1' and ' 1') are one case.
     */
    function parsedBy(route: DescribedRoute, received: Record<Part, unknown>): string | undefined {
      const parsed: unknown[] = []
      for (const part of PARTS) {
        const result = route.schemas[part]?.safeParse(received[part])
        if (result && !result.success) return undefined
        parsed.push(result?.data)
      }
      return JSON.stringify(parsed)
    }

    /** The broker's API is signed as Pusher's SDKs sign it: the auth parameters, then their HMAC. */
    function signed(method: string, path: string, search: string, payload: string | undefined) {
      const auth: Record<string, string> = {
        auth_key: PUSHER.key,
        auth_timestamp: String(Math.floor(Date.now() / 1000)),
        auth_version: '1.0',
        ...(payload === undefined ? {} : { body_md5: createHash('md5').update(payload).digest('hex') }),
      }
      const query = [search, ...Object.entries(auth).map(([key, value]) => `${key}=${value}`)]
        .filter(Boolean)
        .sort()
        .join('&')
      const signature = createHmac('sha256', PUSHER.secret)
        .update(`${method}\n${path}\n${query}`)
        .digest('hex')
      return `${path}?${query}&auth_signature=${signature}`
    }

    async function send(route: DescribedRoute, fields: Map<string, Field>, request: EdgeRequest) {
      const { path, search, payload } = requestFor(route, fields, request)
      const brokerApi = route.url.startsWith('/apps/')
      const url = brokerApi
        ? signed(route.method, path, search, payload)
        : search
          ? `${path}?${search}`
          : path
      const inject = () =>
        app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            ...(brokerApi ? {} : bearer(tokens[request.caller])),
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            [IDEMPOTENCY_KEY_HEADER]: `edge-${randomUUID()}`,
          },
          ...(payload === undefined ? {} : { payload }),
        })
      let answer = await inject()
      // A case may sign its own token out (logout, 'sign out everywhere'): the next one signs in again.
      if (answer.statusCode === 401 && !brokerApi) {
        await freshState()
        answer = await inject()
      }
      statuses.set(route.name, [...(statuses.get(route.name) ?? []), answer.statusCode])
      return answer
    }

    it('answers every edge value of every request schema, alone and combined, with no 5xx', async () => {
      const failures: string[] = []
      // HEAD answers with its GET's handler and schemas, which are sent here.
      const withSchemas = routes.filter(
        (route) => route.method !== 'HEAD' && PARTS.some((part) => route.schemas[part]),
      )
      for (const route of withSchemas) {
        await freshState()
        const fields = new Map(fieldsOf(route).map((field) => [field.label, field]))
        const caller: Caller = route.url.includes('/admin/') ? 'admin' : 'customer'
        // The plausible request, then every edge value the schemas take, alone: each reaches the route's own code,
        // and so the database. The ones refused are answered 422 by validation before any of it; the random
        // combinations send those too.
        const candidates: EdgeRequest[] = [
          { caller, edits: [] },
          ...[...fields.values()]
            .filter((field) => name === 'PGlite' || DATABASE_FAMILIES.has(field.family))
            .flatMap((field) =>
              field.edges.map((value): EdgeRequest => ({ caller, edits: [{ field: field.label, value }] })),
            ),
        ]
        const seen = new Set<string>()
        const examples: [EdgeRequest][] = candidates
          .filter((request) => {
            const parsed = parsedBy(route, requestFor(route, fields, request).received)
            if (parsed === undefined || seen.has(parsed)) return false
            seen.add(parsed)
            return true
          })
          .map((request) => [request])
        if (examples.some(([request]) => request.edits.length === 0)) sentPlausible.add(route.name)
        const edit = fc.oneof(
          ...[...fields.values()].map((field) =>
            fc.constantFrom(...field.wider).map((value): Edit => ({ field: field.label, value })),
          ),
        )
        const requests = fc.record({
          caller: fc.constantFrom<Caller>('customer', 'admin'),
          edits: fc.array(edit, { minLength: 1, maxLength: 3 }),
        })
        const details = await fc.check(
          fc.asyncProperty(requests, async (request) => {
            const answer = await send(route, fields, request)
            if (answer.statusCode >= 500) throw new Error(`${answer.statusCode} ${answer.body.slice(0, 200)}`)
          }),
          // fast-check counts the examples among the runs.
          { seed: SEED, numRuns: examples.length + RUNS_PER_ROUTE, examples },
        )
        if (details.failed) {
          failures.push(
            `${route.name}: ${fc.stringify(details.counterexample)} -> ${String(details.errorInstance).slice(0, 300)}` +
              ` (EDGE_SEED=${SEED}, path ${details.counterexamplePath})`,
          )
        }
      }
      expect(failures).toEqual([])
      // Every route's plausible request is one its schemas take, so its edges were sent one at a time.
      expect(
        withSchemas.filter((route) => !sentPlausible.has(route.name)).map((route) => route.name),
      ).toEqual([])
      // Every request schema was sent, and its edges got past signing in (and the broker's signature) to the
      // route's own checks.
      const unchecked = withSchemas.filter(
        (route) => !statuses.get(route.name)?.some((status) => status !== 401 && status !== 403),
      )
      expect(unchecked.map((route) => route.name)).toEqual([])
    }, 180_000)
  })
}

engine('PGlite')
if (pgAvailable) engine('PostgreSQL')

// Regression (decision 0018, security probe): `customer_id` above 2^31 - 1 on GET and POST /chat/messages and POST
// /chat/read gave a 500 (PostgreSQL int4 overflow inside the query). Every integer id a request carries, in its
// path, query string or body, is now bounded by the contract (SerialIdSchema / serialIdNumber, decision 0018):
// 2^31 and 2^53 get a 4xx on every route, and a 422 wherever the caller may use the route at all. The one bigserial
// id (a chat message's, `up_to_id`) takes 2^31 as the id it may be, and refuses 2^53.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema, MAX_SERIAL_ID } from '../../src/domain/contract'
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
import { bearer, createTestApp, DEMO_ADMIN, DEMO_CUSTOMER, loginToken } from './support/test-server'

const TOO_LARGE = [2 ** 31, 2 ** 53]
const isIdName = (name: string | number | undefined) => typeof name === 'string' && /(^|_)id$/.test(name)

interface IdPlace {
  route: DescribedRoute
  part: 'params' | 'querystring' | 'body'
  leaf: Leaf
}

let app: FastifyInstance
let routes: DescribedRoute[]
let adminToken: string
let customerToken: string
let places: IdPlace[]

beforeAll(async () => {
  app = await createTestApp()
  routes = await describeRoutes(app)
  adminToken = await loginToken(app, DEMO_ADMIN)
  customerToken = await loginToken(app, DEMO_CUSTOMER)
  places = routes.flatMap((route) =>
    (['params', 'querystring', 'body'] as const).flatMap((part) =>
      leavesOf(route.schemas[part])
        .filter((leaf) => isIdName(leaf.path.at(-1)))
        .map((leaf) => ({ route, part, leaf })),
    ),
  )
})
afterAll(async () => {
  await app?.close()
})

/** The route's plausible request with the id replaced: a number in a JSON body, digits in a URL. */
function requestWith({ route, part, leaf }: IdPlace, id: number, token: string | undefined) {
  const params = part === 'params' ? withField(plausibleParams(route), leaf.path, id) : plausibleParams(route)
  const query = plausibleOf(route.schemas.querystring)
  const body = plausibleAround(route.schemas.body, leaf)
  const search = queryString(part === 'querystring' ? withField(query, leaf.path, id) : query)
  return app.inject({
    method: route.method as 'GET',
    url: `${fillPath(route, params as Record<string, unknown>)}${search ? `?${search}` : ''}`,
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
    ...(route.schemas.body
      ? { payload: JSON.stringify(part === 'body' ? withField(body, leaf.path, id) : body) }
      : {}),
  })
}

describe('the ids the probe named', () => {
  it.each([
    ['GET /chat/messages', 'GET', `/api/v1/chat/messages?customer_id=${2 ** 31}`, undefined],
    ['POST /chat/messages', 'POST', '/api/v1/chat/messages', { message: 'Hello', customer_id: 2 ** 31 }],
    ['POST /chat/read', 'POST', '/api/v1/chat/read', { customer_id: 2 ** 31, up_to_id: 1 }],
  ] as const)('%s refuses customer_id 2^31 with 422, not 500', async (_, method, url, payload) => {
    const response = await app.inject({
      method,
      url,
      headers: bearer(adminToken),
      ...(payload ? { payload } : {}),
    })
    expect(response.statusCode, response.body).toBe(422)
    expect(ApiErrorSchema.parse(response.json()).errors?.customer_id).toEqual(['The id is too large'])
  })
})

describe('every integer id of every route', () => {
  it('is bounded in the contract: int4 ids refuse 2^31, and the one bigserial id refuses 2^53', () => {
    const numeric = places.filter((place) => place.leaf.kind === 'number')
    expect(numeric.length).toBeGreaterThan(15)
    const acceptsInt4Overflow = numeric
      .filter(
        (place) => place.leaf.schema.safeParse(place.part === 'body' ? 2 ** 31 : String(2 ** 31)).success,
      )
      .map((place) => `${place.route.name} ${place.part} ${place.leaf.path.join('.')}`)
    // Chat messages have bigserial ids: reading up to a larger one is no error.
    expect(acceptsInt4Overflow).toEqual(['POST /api/v1/chat/read body up_to_id'])
    for (const place of numeric) {
      const where = `${place.route.name} ${place.part} ${place.leaf.path.join('.')}`
      // The bound is the column's, not tighter: the largest int4 id is still an id.
      const largest = place.part === 'body' ? MAX_SERIAL_ID : String(MAX_SERIAL_ID)
      expect(place.leaf.schema.safeParse(largest).success, where).toBe(true)
      for (const value of [2 ** 53, String(2 ** 53), 1e308]) {
        expect(place.leaf.schema.safeParse(value).success, `${where} <- ${value}`).toBe(false)
      }
    }
  })

  it('answers 2^31 and 2^53 with 4xx (never 5xx) for every caller, and 422 for the caller the route is for', async () => {
    let sent = 0
    for (const place of places) {
      const own = place.route.url.includes('/admin/') ? adminToken : customerToken
      const other = own === adminToken ? customerToken : adminToken
      for (const id of TOO_LARGE) {
        const where = `${place.route.name} ${place.part} ${place.leaf.path.join('.')} = ${id}`
        const refusedBySchema = !place.leaf.schema.safeParse(place.part === 'body' ? id : String(id)).success
        for (const token of [own, other, undefined]) {
          const response = await requestWith(place, id, token)
          sent += 1
          const answer = `${where}: ${response.statusCode} ${response.body.slice(0, 200)}`
          expect(response.statusCode, answer).toBeLessThan(500)
          // A bigserial id (chat messages) of 2^31 is an id: 'read up to it' is a fine request.
          if (!refusedBySchema && place.leaf.kind === 'number') continue
          expect(response.statusCode, answer).toBeGreaterThanOrEqual(400)
          const routeIsOpenToIt = token === own || !place.route.url.includes('/admin/')
          const signed = place.route.url.startsWith('/apps/')
          if (refusedBySchema && routeIsOpenToIt && token !== undefined && !signed) {
            expect(response.statusCode, answer).toBe(422)
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(100)
  })
})

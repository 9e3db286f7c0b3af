// The API's reference, from the zod schemas the routes already validate with (decision 0038): an OpenAPI 3.1
// document at GET /api/v1/openapi.json and a readable page at /api/docs (Swagger UI's built files, served from this
// server, so it works with no internet and within the Content-Security-Policy).
//
// What each route declares is the route's own: its summary, its request and response schemas. What can be read off
// the route is added here, so that it cannot drift from what the route does:
// - the tag, from the area its path belongs to (`apiArea`);
// - bearer security and 401, from the authentication hook in its onRequest;
// - 403 from the admin hook (and from the status check every signed-in route makes);
// - 422 from a body, query or path parameters to validate, 404 from path parameters;
// - 429 from a rate-limit hook.
// Routes outside /api/v1 (the Pusher HTTP API, health, metrics, the static client) are not part of this API.
import { createReadStream } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import fastifySwagger from '@fastify/swagger'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify'
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { API_PREFIX, ApiErrorSchema } from '../../src/domain/contract'
import { MESSAGES, sendError } from './errors'
import { isRateLimitHook } from './rate-limit'

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`
export const API_DOCS_PATH = '/api/docs'

/** The reference's sections, in the order a reader meets them; the first path segment picks one. */
const AREAS: readonly { tag: string; description: string; segments: readonly string[] }[] = [
  {
    tag: 'Site',
    description: 'Site settings, legal texts and reference data.',
    segments: ['settings', 'site', 'legal', 'data'],
  },
  {
    tag: 'Sign-up and sign-in',
    description: 'Registration, sign-in, two-factor challenges and password reset.',
    segments: ['auth', 'register', 'registration', 'email', 'password'],
  },
  {
    tag: 'Account',
    description: 'The signed-in customer: profile, security, sessions, verification and notifications.',
    segments: ['user', 'profile', 'verification', 'notifications', 'avatars'],
  },
  { tag: 'Markets', description: 'Assets, prices and candles.', segments: ['assets'] },
  {
    tag: 'Trading',
    description: 'Positions, pending orders, closes and trailing stops.',
    segments: ['trades', 'trade', 'open', 'closed', 'orders'],
  },
  {
    tag: 'Alerts and push',
    description: 'Price alerts and Web Push subscriptions.',
    segments: ['alerts', 'push'],
  },
  {
    tag: 'Funds',
    description: 'Deposits, withdrawals, savings, transactions and statements.',
    segments: ['funds'],
  },
  {
    tag: 'Marketplace',
    description: 'Expert advisors, plans and the auto trader.',
    segments: ['catalog', 'purchase', 'plans', 'update', 'expert_advisors'],
  },
  { tag: 'Chat', description: "The customer's support chat.", segments: ['chat'] },
  {
    tag: 'Realtime',
    description: 'Authorisation of Pusher channels and users for the realtime broker.',
    segments: ['broadcasting'],
  },
  {
    tag: 'Back office',
    description: "Staff's administration of customers and the site.",
    segments: ['admin'],
  },
]
const OTHER_AREA = 'Other'

/** The tag of an /api/v1 path (without the prefix): its first segment's area. */
export function apiArea(path: string): string {
  const segment = path.replace(/^\//, '').split(/[/?]/)[0] ?? ''
  return AREAS.find((area) => area.segments.includes(segment))?.tag ?? OTHER_AREA
}

/**
 * The success answer of a route that sends a file rather than JSON, for its `schema.response`. fastify serialises
 * only objects, so the file's bytes pass through untouched; the schema is for the reference.
 */
export function fileAnswer(description: string, mediaTypes: readonly string[]) {
  return {
    description,
    // Any bytes: OpenAPI 3.1 describes a binary body by its media type and an empty schema.
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.any() }])),
  }
}

type ErrorStatus = 401 | 403 | 404 | 409 | 422 | 429

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  401: 'No valid bearer token.',
  403: 'The account may not do this (pending, deactivated, or not staff).',
  404: 'No such record, or not the caller’s.',
  409: 'The record is no longer in a state that allows this.',
  422: 'The request is invalid; `errors` names each field and why.',
  429: 'Too many attempts; `Retry-After` says when to try again.',
}

function hooksOf(route: Pick<RouteOptions, 'onRequest' | 'preHandler'>): onRequestHookHandler[] {
  const all = [route.onRequest, route.preHandler].flat()
  return all.filter((hook): hook is onRequestHookHandler => typeof hook === 'function')
}

interface RouteFacts {
  authenticated: boolean
  admin: boolean
  rateLimited: boolean
  hasParams: boolean
  validatesInput: boolean
  declaredErrors: readonly number[]
}

/** The error answers a route can give, read off its hooks and schemas (see the file's comment). */
export function documentedErrors(facts: RouteFacts): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>()
  if (facts.authenticated) statuses.add(401).add(403)
  if (facts.admin) statuses.add(403)
  if (facts.hasParams) statuses.add(404)
  if (facts.validatesInput) statuses.add(422)
  if (facts.rateLimited) statuses.add(429)
  for (const status of facts.declaredErrors) {
    if (status in ERROR_DESCRIPTIONS) statuses.add(status as ErrorStatus)
  }
  return [...statuses].sort()
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const zodTransform = createJsonSchemaTransform({})
  const signedIn = new Set<unknown>([app.authenticate, app.authenticateAnyStatus])

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CFD trading platform API',
        version: '1',
        description:
          'The JSON API of the trading platform: every route the web app uses, for mobile apps, CRMs and payment ' +
          'providers that integrate with the broker. Signed-in routes take `Authorization: Bearer <token>` from ' +
          '`POST /auth/login`. Errors answer `{ message, errors? }`. Realtime events reach clients over the ' +
          'Pusher protocol (see the server README).',
      },
      servers: [{ url: API_PREFIX }],
      tags: [...AREAS.map(({ tag, description }) => ({ name: tag, description }))],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform(document) {
      const { url, route } = document
      const schema = document.schema ?? {}
      if (!url.startsWith(`${API_PREFIX}/`) || url === OPENAPI_PATH) {
        return { schema: { ...schema, hide: true }, url }
      }
      const path = url.slice(API_PREFIX.length)
      const hooks = hooksOf(route)
      const declared = Object.keys(schema.response ?? {}).map(Number)
      const facts: RouteFacts = {
        authenticated: hooks.some((hook) => signedIn.has(hook)),
        admin: hooks.some((hook) => hook === app.requireAdmin),
        rateLimited: hooks.some(isRateLimitHook),
        hasParams: schema.params !== undefined,
        validatesInput: [schema.body, schema.querystring, schema.params].some((part) => part !== undefined),
        declaredErrors: declared.filter((status) => status >= 400),
      }
      const errors = Object.fromEntries(
        documentedErrors(facts)
          .filter((status) => !declared.includes(status))
          .map((status) => [
            status,
            {
              description: ERROR_DESCRIPTIONS[status],
              content: { 'application/json': { schema: ApiErrorSchema } },
            },
          ]),
      )
      const transformed = zodTransform({
        ...document,
        // The document's paths are relative to `servers` (the API prefix).
        url: path,
        schema: {
          ...schema,
          tags: schema.tags ?? [apiArea(path)],
          ...(facts.authenticated ? { security: [{ bearer: [] }] } : {}),
          response: { ...(schema.response as Record<string, unknown> | undefined), ...errors },
        },
      })
      return transformed
    },
    transformObject: jsonSchemaTransformObject,
  })

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger())

  registerReferencePage(app)
}

/** Swagger UI's built files, as `@fastify/swagger-ui` ships them; only these are served. */
const SWAGGER_UI_DIR = join(
  dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')),
  'static',
)
const SWAGGER_UI_FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
}
const ASSETS = `${API_DOCS_PATH}/assets`

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference</title>
    <link rel="stylesheet" href="${ASSETS}/swagger-ui.css" />
    <link rel="stylesheet" href="${ASSETS}/index.css" />
    <link rel="icon" type="image/png" href="${ASSETS}/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS}/swagger-ui-bundle.js"></script>
    <script src="${ASSETS}/swagger-ui-standalone-preset.js"></script>
    <script src="${ASSETS}/start.js"></script>
  </body>
</html>
`

// A file of its own rather than an inline script: the page's Content-Security-Policy allows scripts from this origin
// only. No validator URL: Swagger UI would otherwise send the document to swagger.io.
const START_SCRIPT = `window.onload = () => {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'list',
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  })
}
`

/**
 * GET /api/docs (also /api/docs/) and its few files, each a route of its own (no wildcard): the route table says exactly what is
 * served, and a name outside the list is a 404.
 */
function registerReferencePage(app: FastifyInstance) {
  const hidden = { schema: { hide: true } }
  const page = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').send(REFERENCE_PAGE)
  app.get(API_DOCS_PATH, hidden, page)
  // The same page with a trailing slash, as people type it: its files are named from the root, so they load from
  // either address.
  app.get(`${API_DOCS_PATH}/`, hidden, page)
  app.get(`${ASSETS}/start.js`, hidden, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(START_SCRIPT),
  )
  app.get<{ Params: { file: string } }>(`${ASSETS}/:file`, hidden, async (request, reply) => {
    const { file } = request.params
    const type = Object.hasOwn(SWAGGER_UI_FILES, file) ? SWAGGER_UI_FILES[file] : undefined
    if (type === undefined) return sendError(reply, 404, { message: MESSAGES.NOT_FOUND })
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=86400')
      .send(createReadStream(join(SWAGGER_UI_DIR, file)))
  })
}

// The API reference (decision 0038): GET /api/v1/openapi.json documents every route registered under /api/v1, read
// from fastify's own route table, so a route added later without documentation fails here. Each operation has a
// summary, a tag, a response schema for its success status, and the error answers its hooks can give; the document
// is valid OpenAPI 3.1 to an independent validator; /api/docs is a page served from this server.
import { Validator } from '@seriousme/openapi-schema-validator'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX } from '../../src/domain/contract'
import { createTestApp, listRoutes, type RouteEntry } from './support/test-server'

interface Operation {
  summary?: string
  tags?: string[]
  security?: Record<string, string[]>[]
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>
}
interface Document {
  openapi: string
  paths: Record<string, Record<string, Operation>>
}

let app: FastifyInstance
let document: Document
let apiRoutes: RouteEntry[]

/** fastify's `/admin/users/:id` as OpenAPI writes it: `/admin/users/{id}`, relative to the API prefix. */
const openApiPath = (url: string) => url.slice(API_PREFIX.length).replace(/:(\w+)/g, '{$1}')

beforeAll(async () => {
  app = await createTestApp()
  const response = await app.inject({ url: `${API_PREFIX}/openapi.json` })
  expect(response.statusCode).toBe(200)
  document = response.json()
  apiRoutes = (await listRoutes(app)).filter(
    ({ method, url }) =>
      url.startsWith(`${API_PREFIX}/`) &&
      url !== `${API_PREFIX}/openapi.json` &&
      // fastify answers HEAD for every GET by itself.
      method !== 'HEAD',
  )
})

afterAll(async () => {
  await app?.close()
})

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document that an independent validator accepts', async () => {
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(document as unknown as Record<string, unknown>)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('has every route registered under /api/v1, with each of its methods', () => {
    expect(apiRoutes.length).toBeGreaterThan(80)
    const missing = apiRoutes
      .filter(({ method, url }) => !document.paths[openApiPath(url)]?.[method.toLowerCase()])
      .map(({ method, url }) => `${method} ${url}`)
    expect(missing).toEqual([])
  })

  it('gives every operation a summary, a tag and a response schema for its success status', () => {
    const problems: string[] = []
    for (const { method, url } of apiRoutes) {
      const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()]
      if (!operation) continue
      const name = `${method} ${url}`
      if (!operation.summary?.trim()) problems.push(`${name}: no summary`)
      if (!operation.tags?.length || operation.tags.includes('Other')) problems.push(`${name}: no area tag`)
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status))
      const described = success.some(([, answer]) =>
        Object.values(answer.content ?? {}).some((media) => media.schema !== undefined),
      )
      if (!described) problems.push(`${name}: no response schema for its success status`)
    }
    expect(problems).toEqual([])
  })

  it('says which routes need a bearer token, and the error answers their hooks give', () => {
    const orders = document.paths['/orders/{id}']?.delete
    expect(orders?.security).toEqual([{ bearer: [] }])
    expect(Object.keys(orders?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403', '404', '422']))
    // The sign-in is open to all and rate-limited.
    const login = document.paths['/auth/login']?.post
    expect(login?.security).toBeUndefined()
    expect(Object.keys(login?.responses ?? {})).toEqual(expect.arrayContaining(['422', '429']))
    // Staff routes answer 403 to a customer.
    const adminUser = document.paths['/admin/users/{id}']?.get
    expect(Object.keys(adminUser?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403', '404']))
  })

  it('leaves out what is not the JSON API: the Pusher HTTP API, health and metrics', () => {
    expect(Object.keys(document.paths).filter((path) => /apps|health|metrics|openapi/.test(path))).toEqual([])
  })
})

describe('GET /api/docs', () => {
  it('is an HTML page whose scripts and styles come from this server and read the document above', async () => {
    const page = await app.inject({ url: '/api/docs' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '')
    expect(sources.length).toBeGreaterThan(3)
    expect(sources.filter((source) => !source.startsWith('/api/docs/assets/'))).toEqual([])
    for (const source of sources) {
      const file = await app.inject({ url: source })
      expect(file.statusCode, source).toBe(200)
      expect(file.rawPayload.length, source).toBeGreaterThan(100)
    }
    const start = await app.inject({ url: '/api/docs/assets/start.js' })
    expect(start.body).toContain(`url: '${API_PREFIX}/openapi.json'`)
    // No inline script: the page's Content-Security-Policy allows this origin's scripts only.
    expect(page.body).not.toMatch(/<script>(?!<)/)
  })

  it('is the same page with a trailing slash', async () => {
    const page = await app.inject({ url: '/api/docs' })
    const slashed = await app.inject({ url: '/api/docs/' })
    expect(slashed.statusCode).toBe(200)
    expect(slashed.headers['content-type']).toMatch(/^text\/html/)
    expect(slashed.body).toBe(page.body)
  })

  it('serves only its own files', async () => {
    for (const name of ['package.json', '..%2Fpackage.json', 'index.html', 'oauth2-redirect.html']) {
      const answer = await app.inject({ url: `/api/docs/assets/${name}` })
      expect(answer.statusCode, name).toBe(404)
    }
  })
})

// Builds the real app on a fresh in-memory PGlite, loaded from the suite's seeded dump (global-setup.ts).
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { inject } from 'vitest'
import { buildApp, type BuildAppOptions } from '../../../server/app'
import { MEMORY_DATA_DIR } from '../../../server/db/client'

export const DEMO_CUSTOMER = { email: 'demo@example.com', password: 'Demo1234!' } as const
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin1234!' } as const

// A directory that never holds a build, so tests do not depend on whether `npm run build` ran.
const NO_CLIENT_DIR = '/nonexistent-client-dir'

let seededDump: Blob | null = null

/**
 * The seeded database every default test app starts from: each app gets its own copy, so nothing one test writes
 * reaches another. Apps on PostgreSQL, on a data directory or without the demo seed start as they always did.
 */
function seededTemplate(options: Partial<BuildAppOptions>): Blob | undefined {
  const seeded = options.seedDemo ?? true
  const inMemory = (options.dataDir ?? MEMORY_DATA_DIR) === MEMORY_DATA_DIR
  if (!seeded || !inMemory || options.databaseUrl) return undefined
  seededDump ??= new Blob([readFileSync(inject('seededDatabaseDump'))])
  return seededDump
}

export function createTestApp(options: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({
    dataDir: MEMORY_DATA_DIR,
    seedDemo: true,
    logger: false,
    clientDir: NO_CLIENT_DIR,
    memoryTemplate: seededTemplate(options),
    ...options,
  })
}

export interface ListeningServer {
  app: FastifyInstance
  /** e.g. http://127.0.0.1:41234, without a trailing slash */
  baseUrl: string
  close: () => Promise<void>
}

/** The same app on a real socket (port 0 picks a free port), for tests that use fetch or realtime clients. */
export async function listenTestApp(
  options: Partial<BuildAppOptions> = {},
  port = 0,
): Promise<ListeningServer> {
  return listenBuiltApp(await createTestApp(options), port)
}

/** Listens with an app built earlier: a restart test builds the successor first, then takes over the port. */
export async function listenBuiltApp(app: FastifyInstance, port = 0): Promise<ListeningServer> {
  await app.listen({ port, host: '127.0.0.1' })
  const bound = (app.server.address() as AddressInfo).port
  return { app, baseUrl: `http://127.0.0.1:${bound}`, close: () => app.close() }
}

/** Signs in through the API and returns the bearer token. */
export async function loginToken(
  app: FastifyInstance,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: credentials })
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`)
  return (response.json() as { data: { token: string } }).data.token
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** A clock that runs with real time plus whatever the test skipped ahead; hand `now` to buildApp. */
export function movableClock() {
  let offsetMs = 0
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms
    },
  }
}

export interface RouteEntry {
  method: string
  /** As registered, with parameters: `/api/v1/admin/users/:id`. */
  url: string
}

/**
 * Every route of the app, read from fastify's own route table, so that a test iterating over it covers a route
 * added later without being told.
 */
export async function listRoutes(app: FastifyInstance): Promise<RouteEntry[]> {
  await app.ready()
  const routes: RouteEntry[] = []
  // Nested lines continue their parent's path: `│   └── /:id (PATCH)` under `/api/v1/admin/users`.
  const paths: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    const url = (depth === 0 ? '' : (paths[depth - 1] ?? '')) + (match[2] ?? '')
    paths.length = depth
    paths.push(url)
    for (const method of (match[3] ?? '').split(',').map((name) => name.trim())) {
      if (/^[A-Z]+$/.test(method)) routes.push({ method, url })
    }
  }
  if (routes.length === 0) throw new Error('listRoutes: could not read app.printRoutes()')
  return routes
}

// The server's route table with each route's zod schemas (params, querystring, body), read from fastify itself, and
// values built from those schemas: a plausible request per route, and every field in it that can be replaced by a
// hostile value. The route fuzzer and the id and text regression tests build their cases from these, so a route or
// field added later is covered without being listed anywhere.
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { listRoutes, type RouteEntry } from './test-server'

export interface RouteSchemas {
  params?: z.ZodType
  querystring?: z.ZodType
  body?: z.ZodType
}

export interface DescribedRoute extends RouteEntry {
  /** `POST /api/v1/admin/users/:id` */
  name: string
  schemas: RouteSchemas
  /** `:id`, `:type`... in the order they appear in the URL. */
  paramNames: string[]
}

export type FieldPath = (string | number)[]

export type LeafKind = 'text' | 'formatted-text' | 'number' | 'boolean' | 'choice' | 'other'

export interface Leaf {
  path: FieldPath
  /** The field's schema unwrapped: the one whose checks (lengths, bounds, format) say what it is. */
  schema: z.ZodType
  /** The field's whole schema, wrappers, pipes and refinements included: the one that judges a value. */
  judge?: z.ZodType
  kind: LeafKind
  /**
   * For a field of one option of a union of objects (a discriminated union's branch): where the union sits and a
   * plausible value of this option, so a request that replaces the field sends the rest of its own branch.
   */
  option?: { path: FieldPath; value: unknown }
}

// zod 4 keeps a schema's definition on `def`; only the parts read here are typed.
interface Def {
  type: string
  innerType?: z.ZodType
  in?: z.ZodType
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  options?: z.ZodType[]
  entries?: Record<string, string | number>
  values?: unknown[]
  format?: string
  coerce?: boolean
}
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'])

/** The schema a value is first checked against: wrappers removed, a pipe's input side. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema
  for (;;) {
    const def = defOf(current)
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType
    else if (def.type === 'pipe' && def.in) current = def.in
    else return current
  }
}

/**
 * Reads every route's schemas by sending each route one request and noting `request.routeOptions.schema` in a root
 * onRequest hook, which runs before any route's own checks. Call it before anything readies the app (`inject`
 * does): fastify takes hooks only until then.
 */
export async function describeRoutes(app: FastifyInstance): Promise<DescribedRoute[]> {
  const seen = new Map<string, RouteSchemas>()
  let recording = true
  app.addHook('onRequest', async (request) => {
    if (!recording) return
    const schema = (request.routeOptions.schema ?? {}) as RouteSchemas
    seen.set(`${request.method} ${request.routeOptions.url ?? ''}`, {
      params: schema.params,
      querystring: schema.querystring,
      body: schema.body,
    })
  })
  const routes = await listRoutes(app)
  const described: DescribedRoute[] = []
  for (const route of routes) {
    const name = `${route.method} ${route.url}`
    // No token and no body: the hook notes the schemas before anything else looks at the request.
    await app.inject({ method: route.method as 'GET', url: route.url.replace(/:\w+/g, 'probe') })
    // A route registered with and without its trailing slash (the API reference's page, /api/docs and /api/docs/)
    // is reached as the one without it.
    const schemas = seen.get(name) ?? seen.get(name.replace(/(.)\/$/, '$1'))
    if (!schemas) throw new Error(`describeRoutes: ${name} was not reached by its probe`)
    described.push({
      ...route,
      name,
      schemas,
      paramNames: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? ''),
    })
  }
  recording = false
  return described
}

// Tried in order; the first a leaf accepts is its plausible value.
const TEXT_CANDIDATES = [
  'Fuzzy Tester',
  'fuzz.tester@example.com',
  'EURUSD',
  'autotrader',
  'fuzz-key-00000001',
  '12345.67890',
  'private-user.2',
  'https://example.com/page',
  '2024-01-02T03:04:05.000Z',
  '2024-01-02',
  '123456',
  '+44',
  '100.50',
  '1',
  'basic',
  'ab',
]
const NUMBER_CANDIDATES = [1, 2, 0.1, 10, 100, 1000, 0]

function firstAccepted(schema: z.ZodType, candidates: readonly unknown[]): unknown {
  return candidates.find((candidate) => schema.safeParse(candidate).success) ?? candidates[0]
}

/**
 * A value the schema is likely to accept, built field by field (object-wide rules such as two equal passwords hold
 * because equal rules pick equal values). Optional fields are filled too, so they are reached. `judge` is the whole
 * field's schema: a pipe's output rules (`TextSchema.pipe(z.email())`) choose among its input's candidates.
 */
export function plausibleValue(schema: z.ZodType, judge: z.ZodType = schema): unknown {
  const def = defOf(schema)
  if (WRAPPERS.has(def.type) && def.innerType) return plausibleValue(def.innerType, judge)
  switch (def.type) {
    case 'pipe':
      return def.in ? plausibleValue(def.in, judge) : undefined
    case 'object': {
      const fields = Object.entries(def.shape ?? {})
      const full = Object.fromEntries(fields.map(([key, field]) => [key, plausibleValue(field)]))
      if (judge.safeParse(full).success) return full
      // An object-wide rule ('a code or a recovery code, not both'): leave out one optional field.
      const optional = fields.filter(([, field]) => field.safeParse(undefined).success).map(([key]) => key)
      const without = optional.map((key) => withField(full, [key], undefined))
      return without.find((value) => judge.safeParse(value).success) ?? full
    }
    case 'array':
      return def.element ? [plausibleValue(def.element)] : []
    case 'union': {
      const options = def.options ?? []
      const values = options.map((option) => plausibleValue(option))
      return values.find((value, n) => options[n]?.safeParse(value).success) ?? values[0]
    }
    case 'enum':
      return Object.values(def.entries ?? {})[0]
    case 'literal':
      return def.values?.[0]
    case 'string':
      return firstAccepted(judge, TEXT_CANDIDATES)
    case 'number':
      return firstAccepted(judge, def.coerce ? NUMBER_CANDIDATES.map(String) : NUMBER_CANDIDATES)
    case 'boolean':
      return true
    case 'null':
      return null
    case 'record':
      return {}
    default:
      return undefined
  }
}

function kindOf(def: Def): LeafKind {
  switch (def.type) {
    case 'string':
      return def.format === undefined ? 'text' : 'formatted-text'
    case 'number':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'enum':
    case 'literal':
      return 'choice'
    default:
      return 'other'
  }
}

/** Every field a value of this schema has, down to its scalars (an array's first element stands for all). */
export function leavesOf(schema: z.ZodType | undefined, path: FieldPath = []): Leaf[] {
  if (!schema) return []
  const inner = unwrap(schema)
  const def = defOf(inner)
  if (def.type === 'object') {
    return Object.entries(def.shape ?? {}).flatMap(([key, field]) => leavesOf(field, [...path, key]))
  }
  if (def.type === 'array' && def.element) return leavesOf(def.element, [...path, 0])
  if (def.type === 'union') {
    const options = (def.options ?? []).map((option) => unwrap(option))
    // `number | string` (an amount) is a text field as far as what may be sent in it goes.
    const text = options.find((option) => defOf(option).type === 'string')
    if (text) return [{ path, schema: text, judge: schema, kind: kindOf(defOf(text)) }]
    // A union of objects (POST /funds/withdrawals' methods): every option's fields, each sent in its own branch.
    if (options.length > 0 && options.every((option) => defOf(option).type === 'object')) {
      return options.flatMap((option) =>
        leavesOf(option, path).map((leaf) => ({
          ...leaf,
          option: leaf.option ?? { path, value: plausibleValue(option) },
        })),
      )
    }
  }
  return [{ path, schema: inner, judge: schema, kind: kindOf(def) }]
}

/** A copy of `value` with the field at `path` replaced (`undefined` removes it). */
export function withField(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const [head, ...rest] = path
  const container = (
    Array.isArray(value)
      ? [...(value as unknown[])]
      : typeof value === 'object' && value !== null
        ? { ...(value as Record<string, unknown>) }
        : typeof head === 'number'
          ? []
          : {}
  ) as Record<string | number, unknown>
  const key = head ?? ''
  container[key] = withField(container[key], rest, replacement)
  if (replacement === undefined && rest.length === 0) delete container[key]
  return container
}

/**
 * encodeURIComponent, also for text no URL can carry: a lone surrogate goes as the three bytes a careless encoder
 * would send (CESU-8, `%ED%A0%80`), which is what a hostile client does.
 */
export function encodeUrlComponent(text: string): string {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (unit) => {
    if (unit.length === 2 || unit < '\ud800' || unit > '\udfff') return encodeURIComponent(unit)
    const code = unit.charCodeAt(0)
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('')
  })
}

/** A flat object as a query string; arrays repeat their key, objects are JSON. */
export function queryString(value: unknown): string {
  if (typeof value !== 'object' || value === null) return ''
  const parts: string[] = []
  for (const [key, field] of Object.entries(value)) {
    for (const item of Array.isArray(field) ? field : [field]) {
      if (item === undefined) continue
      const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item)
      parts.push(`${encodeUrlComponent(key)}=${encodeUrlComponent(text)}`)
    }
  }
  return parts.join('&')
}

/** The URL with its `:params` filled, each value URL-encoded. */
export function fillPath(route: DescribedRoute, params: Record<string, unknown>): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => encodeUrlComponent(String(params[name] ?? '1')))
}

/** Plausible path parameters of a route (none: an empty object). */
export function plausibleParams(route: DescribedRoute): Record<string, unknown> {
  const params = route.schemas.params ? plausibleValue(route.schemas.params) : undefined
  return typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {}
}

/** A plausible value for a route's body or query string, or undefined when it takes none. */
export const plausibleOf = (schema: z.ZodType | undefined): unknown =>
  schema === undefined ? undefined : plausibleValue(schema)

/** The plausible value around a leaf: plausibleOf, in the leaf's own option of a union of objects. */
export function plausibleAround(schema: z.ZodType | undefined, leaf: Leaf): unknown {
  const value = plausibleOf(schema)
  return leaf.option ? withField(value, leaf.option.path, leaf.option.value) : value
}

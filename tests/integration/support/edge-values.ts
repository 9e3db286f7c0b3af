// Values at the edges of what a request field may hold and of what the database stores (decision 0033): the limits
// of every numeric and integer column of server/db/schema.ts, read from the schema itself; days and timestamps
// around year 0, 1, 9999 and 10000 and around the contract's own DATE_RANGE; and, per field, the edges its zod
// schema declares (a number's minimum and maximum and one beyond each, a text's shortest and longest and one beyond).
// The route fuzzer draws from these, and the edge-value properties build their requests from them, so a column or a
// field added later brings its own edges.
import { getTableColumns, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import * as tables from '../../../server/db/schema'
import { DATE_RANGE, MAX_MONEY_USD } from '../../../src/domain/contract'
import type { Leaf } from './route-schemas'

/** Far beyond every column, and still a JSON number (1e309 is not). */
export const HUGE_NUMBERS = [
  1e307,
  -1e307,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
]

interface ColumnLimit {
  /** `numeric(18, 2)`, `integer`. */
  type: string
  /** The largest value the column holds, as text (exact) */
  largest: string
  /** The first value past it. */
  beyond: string
}

/** Every distinct limit of the schema's numeric(p, s), integer and bigint columns. */
export const COLUMN_LIMITS: ColumnLimit[] = (() => {
  const limits = new Map<string, ColumnLimit>()
  for (const table of Object.values(tables)) {
    if (!is(table, PgTable)) continue
    for (const column of Object.values(getTableColumns(table))) {
      const type = column.getSQLType()
      const numeric = /^numeric\((\d+), (\d+)\)$/.exec(type)
      if (numeric) {
        const [whole, scale] = [Number(numeric[1]) - Number(numeric[2]), Number(numeric[2])]
        limits.set(type, {
          type,
          largest: `${'9'.repeat(whole)}${scale > 0 ? `.${'9'.repeat(scale)}` : ''}`,
          beyond: `1${'0'.repeat(whole)}`,
        })
      } else if (type === 'integer' || type === 'serial') {
        limits.set('integer', { type: 'integer', largest: String(2 ** 31 - 1), beyond: String(2 ** 31) })
      } else if (type === 'bigint' || type === 'bigserial') {
        // mode 'number': JavaScript's exact integers end before int8's.
        limits.set('bigint', { type: 'bigint', largest: String(2 ** 53 - 1), beyond: String(2 ** 53) })
      }
    }
  }
  return [...limits.values()]
})()

/** The columns' limits as JSON numbers and as text, each with its negative. */
export const COLUMN_LIMIT_VALUES: (number | string)[] = COLUMN_LIMITS.flatMap(({ largest, beyond }) => [
  Number(largest),
  Number(beyond),
  largest,
  beyond,
  `-${largest}`,
  `-${beyond}`,
])

const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/** YYYY-MM-DD at years 0, 1, 9999, 10000, around DATE_RANGE, and at February 29th. */
export const BOUNDARY_DAYS = [
  '0000-01-01',
  '0000-12-31',
  '0001-01-01',
  dayBefore(DATE_RANGE.FIRST_DAY),
  DATE_RANGE.FIRST_DAY,
  DATE_RANGE.LAST_DAY,
  dayAfter(DATE_RANGE.LAST_DAY),
  '9999-12-31',
  '10000-01-01',
  '+010000-01-01',
  '-000001-01-01',
  '2023-02-29',
  '2024-02-29',
]

/** ISO timestamps on those days, with offsets up to what the ISO format allows, and long fractions. */
export const BOUNDARY_TIMESTAMPS = [
  ...BOUNDARY_DAYS.map((day) => `${day}T00:00:00Z`),
  '0001-01-01T00:00:00+14:00',
  `${DATE_RANGE.FIRST_DAY}T00:00:00+14:00`,
  `${DATE_RANGE.LAST_DAY}T23:59:59-14:00`,
  '9999-12-31T23:59:59-14:00',
  '2024-06-01T12:00:00+15:59',
  '2024-06-01T12:00:00+16:00',
  '2024-06-01T12:00:00-23:59',
  '2024-06-01T12:00:00.123456789Z',
  '2024-06-01T12:00:00.1234567891Z',
  `2024-06-01T12:00:00.${'9'.repeat(200)}Z`,
]

// zod 4 keeps each check's definition on `_zod.def`; only the parts read here are typed.
interface CheckDef {
  check: string
  minimum?: number
  maximum?: number
  length?: number
  value?: number
}
const checksOf = (schema: z.ZodType): CheckDef[] =>
  ((schema as unknown as { def: { checks?: { _zod: { def: CheckDef } }[] } }).def.checks ?? []).map(
    (check) => check._zod.def,
  )
const isCoerced = (schema: z.ZodType) =>
  (schema as unknown as { def: { coerce?: boolean } }).def.coerce === true

/** The bounds a schema declares: a number's least and greatest value, a text's shortest and longest length. */
export function declaredBounds(schema: z.ZodType): { least?: number; greatest?: number } {
  const bounds: { least?: number; greatest?: number } = {}
  for (const check of checksOf(schema)) {
    if (check.check === 'greater_than' || check.check === 'min_length')
      bounds.least = check.value ?? check.minimum
    if (check.check === 'less_than' || check.check === 'max_length')
      bounds.greatest = check.value ?? check.maximum
    if (check.check === 'length_equals') bounds.least = bounds.greatest = check.length
  }
  return bounds
}

const unique = (values: unknown[]) => [
  ...new Map(values.map((value) => [JSON.stringify(value), value])).values(),
]

/** Text of exactly `length` characters, made of the plausible value (so a pattern's characters are used). */
const textOfLength = (seed: string, length: number) =>
  length <= 0
    ? ''
    : (seed === '' ? 'a' : seed).repeat(Math.ceil(length / Math.max(seed.length, 1))).slice(0, length)

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success

/** A choice's options: an enum's values or a literal's. */
function optionsOf(schema: z.ZodType): unknown[] {
  const def = (schema as unknown as { def: { entries?: Record<string, unknown>; values?: unknown[] } }).def
  return def.entries ? Object.values(def.entries) : [...(def.values ?? [])]
}

/** Plain letters of the lengths the field may take, so that only a format of its own refuses them all. */
function wordsFor(bounds: { least?: number; greatest?: number }): string[] {
  const letters = (length: number) =>
    'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(length / 26)).slice(0, length)
  const lengths = [3, 8, 20, bounds.least ?? 3].filter((length) => length <= (bounds.greatest ?? 20))
  return lengths.map(letters)
}

/** What a field's edges are about: the database's number and date limits, or a text's lengths and a choice. */
export type EdgeFamily = 'number' | 'day' | 'timestamp' | 'amount' | 'text' | 'choice' | 'other'

export interface FieldEdges {
  family: EdgeFamily
  /** The field's own edges: each is sent once. */
  edges: unknown[]
  /** The edges and the columns' limits: what random requests draw from. */
  wider: unknown[]
  /**
   * What the field holds while another is at its edge, when the plausible value would stop the request at a rule
   * of the route's own (an amount of 1 is below every minimum): an amount of 100.
   */
  usual?: unknown
}

/**
 * The edge values of one field, from its own schema: for a number its declared least and greatest and one beyond
 * each, with the huge numbers (as digits when the field is coerced from text); for a text its shortest and longest
 * and one beyond each, and the boundary days, timestamps or amounts when it takes a day, a timestamp or a number
 * written as text; for a choice every option. `plausible` is the value the field would otherwise have.
 */
export function edgeValuesOf(leaf: Leaf, plausible: unknown): FieldEdges {
  const { least, greatest } = declaredBounds(leaf.schema)
  const judge = leaf.judge ?? leaf.schema
  switch (leaf.kind) {
    case 'number': {
      const numbers = [0, -1, 0.5, ...HUGE_NUMBERS]
      for (const bound of [least, greatest])
        if (bound !== undefined) numbers.push(bound - 1, bound, bound + 1)
      const columns = COLUMN_LIMIT_VALUES.filter((value) => typeof value === 'number')
      if (!isCoerced(leaf.schema)) {
        return { family: 'number', edges: unique(numbers), wider: unique([...numbers, ...columns]) }
      }
      const edges = unique([...numbers.map(String), '1e309', '-0', ' 1', '0x10'])
      return { family: 'number', edges, wider: unique([...edges, ...columns.map(String)]) }
    }
    case 'text':
    case 'formatted-text': {
      const seed = typeof plausible === 'string' ? plausible : ''
      const values: unknown[] = ['']
      for (const bound of [least, greatest]) {
        if (bound !== undefined)
          values.push(...[bound - 1, bound, bound + 1].map((n) => textOfLength(seed, n)))
      }
      // A day, a timestamp or an amount is a text with a format of its own: it takes a sample, and plain words
      // of a length it takes it does not. An amount also takes a number (`number | string`).
      const formatted = !wordsFor({ least, greatest }).some((word) => accepts(judge, word))
      let family: EdgeFamily = 'text'
      if (formatted && accepts(judge, '2024-01-02')) {
        family = 'day'
        values.push(...BOUNDARY_DAYS)
      }
      if (formatted && accepts(judge, '2024-01-02T03:04:05.000Z')) {
        family = 'timestamp'
        values.push(...BOUNDARY_TIMESTAMPS)
      }
      // Where the money columns are reached.
      if (formatted && accepts(judge, '100.50') && accepts(judge, 100.5)) {
        family = 'amount'
        const largest = MAX_MONEY_USD.toFixed(2)
        values.push('0', '0.001', '-0.01', '1e307', '-1e307', largest, MAX_MONEY_USD, `${largest}1`, 1e12)
        values.push(...HUGE_NUMBERS, ...COLUMN_LIMIT_VALUES)
      }
      const edges = unique(values)
      const usual = family === 'amount' ? '100.00' : undefined
      return { family, edges, wider: unique([...edges, ...HUGE_NUMBERS]), ...(usual ? { usual } : {}) }
    }
    case 'choice': {
      const options = optionsOf(leaf.schema)
      const edges = unique([...options, ...options.map((option) => String(option).toUpperCase())])
      return { family: 'choice', edges, wider: edges }
    }
    case 'boolean':
      return { family: 'choice', edges: [true, false, 'true', 0], wider: [true, false, 'true', 0] }
    default:
      return { family: 'other', edges: [null, [], {}, 0, ''], wider: [null, [], {}, 0, ''] }
  }
}

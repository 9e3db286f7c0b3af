// The routes' search and path parameters are guards (src/domain/guard.ts, decision 0031), not zod: they load before
// the first render of every page. A parameter comes from a URL anyone can craft, so a damaged one falls back (the
// first page, the default tab) or is dropped, never failing the page; a row id in a path is refused with the
// messages of the zod contract the server checks with (SerialIdSchema), which it is held to here.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AuditSearchSchema } from '../../../src/domain/back-office/audit-search'
import { ClientsSearchSchema } from '../../../src/domain/back-office/clients-search'
import { RequestsSearchSchema, RequestTypeSlugSchema } from '../../../src/domain/back-office/requests-search'
import { AboutReferenceSchema, ChatSearchSchema } from '../../../src/domain/chat/about'
import { SerialIdSchema } from '../../../src/domain/contract/wire'
import { MAX_SERIAL_ID } from '../../../src/domain/contract/wire-rules'
import { QrCodeSearchSchema, WireConfirmationSearchSchema } from '../../../src/domain/funds/deposit-search'
import {
  DayTextSchema,
  StatementSearchSchema,
  TransactionsSearchSchema,
} from '../../../src/domain/funds/transactions-search'
import { optionalParam, safeParse, type StandardSchemaV1 } from '../../../src/domain/guard'
import { MarketplaceSearchSchema } from '../../../src/domain/marketplace/search'
import {
  MAX_SEARCH_PAGE,
  pageSearchParam,
  positiveIntParam,
  serialIdParam,
} from '../../../src/domain/search-params'

const LISTS_WITH_A_PAGE = {
  transactions: TransactionsSearchSchema,
  clients: ClientsSearchSchema,
  requests: RequestsSearchSchema,
  audit: AuditSearchSchema,
}
/** Every search schema a module exports for a route's `validateSearch`. */
const SEARCH_SCHEMAS: Record<string, StandardSchemaV1<unknown, unknown>> = {
  ...LISTS_WITH_A_PAGE,
  statement: StatementSearchSchema,
  qrCode: QrCodeSearchSchema,
  wireConfirmation: WireConfirmationSearchSchema,
  marketplace: MarketplaceSearchSchema,
  chat: ChatSearchSchema,
}
/** The parameters they read, for values that reach a check rather than a key it ignores. */
const SEARCH_KEYS =
  'page type status from to search category filter action actor_id user_id coin network deposit about'.split(
    ' ',
  )

describe('?page=', () => {
  it('reads a whole number from 1 to MAX_SEARCH_PAGE from the URL text, and is 1 when absent', () => {
    const page = pageSearchParam()
    expect(page.parse(undefined)).toBe(1)
    expect(page.parse('2')).toBe(2)
    expect(page.parse(3)).toBe(3)
    expect(page.parse(String(MAX_SEARCH_PAGE))).toBe(MAX_SEARCH_PAGE)
    // Number()'s reading, as zod's coercion.
    expect(page.parse('1e3')).toBe(1000)
  })

  it.each([
    ['0', '0'],
    ['one past the last page', String(MAX_SEARCH_PAGE + 1)],
    ['a fraction', '2.5'],
    ['letters', 'abc'],
    ['a negative page', '-3'],
    ['nothing', ''],
    ['infinity', 'Infinity'],
    ['a number past the safe integers', '1e20'],
    ['null', null],
    ['an array', ['2', '3']],
    ['an object', { page: 2 }],
  ])('reads %s as the first page', (_, value) => {
    expect(pageSearchParam().parse(value)).toBe(1)
  })

  it.each(Object.entries(LISTS_WITH_A_PAGE))(
    '%s: a damaged page is the first page, not an error',
    (_, schema) => {
      for (const page of ['0', '100001', '2.5', 'abc']) expect(schema.parse({ page }).page).toBe(1)
      expect(schema.parse({ page: '7' }).page).toBe(7)
    },
  )
})

describe('a filter from the URL', () => {
  it('drops an unknown enum value, or falls back to the default tab', () => {
    expect(TransactionsSearchSchema.parse({ type: 'bribe', status: 'lost', page: '2' })).toEqual({ page: 2 })
    expect(TransactionsSearchSchema.parse({ type: 'deposit', status: 'completed' })).toEqual({
      type: 'deposit',
      status: 'completed',
      page: 1,
    })
    expect(QrCodeSearchSchema.parse({ coin: 'dogecoin', network: 'moon' })).toEqual({})
    expect(QrCodeSearchSchema.parse({ coin: 'bitcoin' })).toEqual({ coin: 'bitcoin' })
    expect(ClientsSearchSchema.parse({ status: 'banned' }).status).toBe('all')
    expect(RequestsSearchSchema.parse({ status: 'maybe' }).status).toBe('pending')
    expect(RequestsSearchSchema.parse({ status: 'all' }).status).toBe('all')
    expect(MarketplaceSearchSchema.parse({ category: 'toys', filter: 'cheap' })).toEqual({
      category: 'all',
      filter: 'popular',
    })
  })

  it('is case- and space-sensitive, as the enum was', () => {
    expect(ClientsSearchSchema.parse({ status: ' pending' }).status).toBe('all')
    expect(ClientsSearchSchema.parse({ status: 'PENDING' }).status).toBe('all')
  })

  it.each([
    '2025-02-30',
    '2023-02-29',
    '2025-13-01',
    '2025-2-28',
    ' 2025-02-28',
    '2025-02-28T00:00',
    20250228,
  ])('drops the day %s, which is not a real YYYY-MM-DD day', (day) => {
    expect(safeParse(DayTextSchema, day).success).toBe(false)
    expect(TransactionsSearchSchema.parse({ from: day, to: '2025-03-01' })).toEqual({
      to: '2025-03-01',
      page: 1,
    })
    expect(StatementSearchSchema.parse({ from: '2025-01-01', to: day })).toEqual({ from: '2025-01-01' })
  })

  it('keeps a real day, a leap day included', () => {
    expect(StatementSearchSchema.parse({ from: '2024-02-29', to: '2025-02-28' })).toEqual({
      from: '2024-02-29',
      to: '2025-02-28',
    })
  })

  it('trims a search and an action, and drops one too long', () => {
    expect(ClientsSearchSchema.parse({ search: '  smith ' }).search).toBe('smith')
    expect(ClientsSearchSchema.parse({ search: 'x'.repeat(101) }).search).toBe('')
    // The limit is on the trimmed text.
    expect(ClientsSearchSchema.parse({ search: ` ${'x'.repeat(100)} ` }).search).toBe('x'.repeat(100))
    expect(MarketplaceSearchSchema.parse({ search: ` ${'x'.repeat(101)}` }).search).toBeUndefined()
    expect(AuditSearchSchema.parse({ action: '  balance.adjusted ' }).action).toBe('balance.adjusted')
    expect(AuditSearchSchema.parse({ action: '   ' }).action).toBeUndefined()
    expect(AuditSearchSchema.parse({ action: 'a'.repeat(61) }).action).toBeUndefined()
  })

  it('takes a request type only in its slug shape, and a chat reference only in its', () => {
    expect(safeParse(RequestTypeSlugSchema, 'change_email').success).toBe(true)
    expect(safeParse(RequestTypeSlugSchema, 'DROP TABLE').success).toBe(false)
    expect(safeParse(RequestTypeSlugSchema, 'a').success).toBe(false)
    expect(RequestsSearchSchema.parse({ type: 'DROP TABLE' })).toEqual({ status: 'pending', page: 1 })
    expect(safeParse(AboutReferenceSchema, ' DEP-1 ')).toEqual({ success: true, data: 'DEP-1' })
    expect(ChatSearchSchema.parse({ about: '-DEP' })).toEqual({ about: undefined })
  })

  it('drops an id that is not a positive whole number', () => {
    expect(WireConfirmationSearchSchema.parse({ deposit: '12' })).toEqual({ deposit: 12 })
    for (const deposit of ['0', '-4', '1.5', 'abc', '']) {
      expect(WireConfirmationSearchSchema.parse({ deposit }).deposit).toBeUndefined()
    }
    expect(AuditSearchSchema.parse({ actor_id: 'abc', user_id: '12' })).toMatchObject({
      actor_id: undefined,
      user_id: 12,
    })
    expect(AuditSearchSchema.parse({ user_id: String(MAX_SERIAL_ID + 1) }).user_id).toBeUndefined()
    expect(positiveIntParam().parse(' 7 ')).toBe(7)
    // A value Number() refuses is not a number, as in zod's coercion, and never an exception out of the guard.
    expect(safeParse(positiveIntParam(), Symbol('7')).success).toBe(false)
    expect(WireConfirmationSearchSchema.parse({ deposit: Symbol('7') }).deposit).toBeUndefined()
  })

  it('leaves an absent optional parameter absent, and a dropped one present but undefined (as zod did)', () => {
    expect(optionalParam(positiveIntParam()).parse(undefined)).toBeUndefined()
    expect(Object.keys(TransactionsSearchSchema.parse({}))).toEqual(['page'])
    expect(Object.keys(TransactionsSearchSchema.parse({ type: 'bribe' }))).toEqual(['type', 'page'])
  })

  it('drops keys the schema does not name', () => {
    expect(ClientsSearchSchema.parse({ status: 'active', evil: '<script>' })).toEqual({
      status: 'active',
      search: '',
      page: 1,
    })
  })

  it('never fails the page, whatever the URL holds', () => {
    const key = fc.oneof(fc.constantFrom(...SEARCH_KEYS), fc.string({ maxLength: 8 }))
    const anyParam = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.array(fc.string()),
    )
    fc.assert(
      fc.property(fc.dictionary(key, anyParam, { maxKeys: 6 }), (search) => {
        for (const schema of Object.values(SEARCH_SCHEMAS))
          expect(safeParse(schema, search).success).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('are guards, not zod schemas (zod would come with every page)', () => {
    for (const schema of [...Object.values(SEARCH_SCHEMAS), serialIdParam()]) {
      expect(schema['~standard'].vendor).toBe('cfd-guard')
    }
  })
})

describe('a row id in a path (serialIdParam)', () => {
  it('reads digits as the id', () => {
    expect(serialIdParam().parse('12')).toBe(12)
    expect(serialIdParam().parse(String(MAX_SERIAL_ID))).toBe(MAX_SERIAL_ID)
  })

  it.each([
    ['abc', 'The id must be a number'],
    ['Infinity', 'The id must be a number'],
    ['2.5', 'The id must be a whole number'],
    ['1e20', 'The id must be a whole number'],
    ['0', 'The id must be positive'],
    ['-1', 'The id must be positive'],
    ['', 'The id must be positive'],
    [String(MAX_SERIAL_ID + 1), 'The id is too large'],
  ])('refuses %j: %s', (value, message) => {
    expect(safeParse(serialIdParam(), value)).toEqual({ success: false, issues: [{ message, path: [] }] })
    expect(() => serialIdParam().parse(value)).toThrow(new TypeError(`value: ${message}`))
  })

  it("agrees with the contract's SerialIdSchema on the verdict, the id and the first message", () => {
    const candidate = fc.oneof(
      fc.string(),
      fc.integer().map(String),
      fc.double().map(String),
      fc.constantFrom('0', '-0', '1', ' 7 ', '0x1f', '1e3', String(MAX_SERIAL_ID), String(MAX_SERIAL_ID + 1)),
      fc.constantFrom(2 ** 53, -(2 ** 60), 0.5, null, true, undefined, []),
    )
    fc.assert(
      fc.property(candidate, (value) => {
        const zod = SerialIdSchema.safeParse(value)
        const guard = safeParse(serialIdParam(), value)
        expect(guard.success).toBe(zod.success)
        if (zod.success && guard.success) expect(guard.data).toBe(zod.data)
        if (!zod.success && !guard.success)
          expect(guard.issues[0]?.message).toBe(zod.error.issues[0]?.message)
      }),
      { numRuns: 2_000 },
    )
  })
})

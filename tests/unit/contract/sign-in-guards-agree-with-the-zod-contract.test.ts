// The guards every page parses with before its first render (src/domain/contract/sign-in-guards.ts, decision 0031)
// shadow zod contracts the server answers with. Here each meets its zod schema on generated values: valid ones, and
// valid ones with one part damaged (a key removed, a value of another kind, a number out of range, a key added). They
// must agree on every verdict, and on what a valid value reads as; the sign-in form must show the same messages.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ApiErrorGuard,
  LoginRequestGuard,
  LoginResponseGuard,
  SiteSettingsGuard,
  SiteSettingsResponseGuard,
  UserGuard,
  UserResponseGuard,
} from '../../../src/domain/contract/sign-in-guards'
import { SiteSettingsResponseSchema, SiteSettingsSchema } from '../../../src/domain/contract/site'
import {
  LoginRequestSchema,
  LoginResponseSchema,
  UserResponseSchema,
  UserSchema,
} from '../../../src/domain/contract/user'
import { ApiErrorSchema } from '../../../src/domain/contract/wire'
import { fieldErrors } from '../../../src/domain/forms/field-errors'
import { safeParse, type StandardSchemaV1 } from '../../../src/domain/guard'

const RUNS = 5_000

/** Any value JSON (or a hand-edited store) could hold in a field, and a few it could not. */
const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1, 0, 0.5, 2 ** 53, 3, 4),
  fc.string(),
  fc.constantFrom('pending', 'active', 'deactivated', 'customer', 'admin', ''),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.string(), fc.integer()), { maxKeys: 3 }),
)
const text = fc.string({ maxLength: 12 })
const nullableText = fc.option(text, { nil: null })

const userArb = fc.record(
  {
    id: fc.integer(),
    first_name: text,
    last_name: text,
    name: text,
    username: text,
    email: text,
    avatar: nullableText,
    account_id: text,
    role: fc.constantFrom('customer', 'admin'),
    status: fc.constantFrom('pending', 'active', 'deactivated'),
    is_online: fc.boolean(),
    unread_count: fc.integer(),
    balance: fc.double({ noNaN: true, noDefaultInfinity: true }),
    credit_balance: fc.double({ noNaN: true, noDefaultInfinity: true }),
    notifications: fc.array(
      fc.record({
        id: fc.oneof(text, fc.integer()),
        title: text,
        message: text,
        color: text,
        read: fc.boolean(),
      }),
      { maxLength: 2 },
    ),
    accounts: fc.array(fc.record({ title: text, balance: fc.integer() }), { maxLength: 2 }),
    account_type: fc.option(
      fc.record({
        id: fc.integer(),
        title: text,
        color: text,
        icon: nullableText,
        image: nullableText,
        leverage: fc.integer(),
      }),
      { nil: null },
    ),
    autotrader: fc.boolean(),
    autotrader_request_status: fc.constantFrom('pending', null),
    eas: fc.array(fc.integer(), { maxLength: 3 }),
    verification_level: fc.integer({ min: 0, max: 3 }),
    two_factor_enabled: fc.boolean(),
  },
  { requiredKeys: userRequiredKeys() },
)

function userRequiredKeys() {
  return Object.keys(UserSchema.shape).filter(
    (key) => key !== 'verification_level' && key !== 'two_factor_enabled',
  ) as never[]
}

const positiveLeverage = fc.double({ min: 0.01, max: 1_000, noNaN: true })
const settingsArb = fc.record(
  {
    name: text,
    status: fc.constantFrom('active', 'disabled', 'other'),
    maintenanceMessage: nullableText,
    contactEmail: nullableText,
    website_url: nullableText,
    logo: nullableText,
    logo_sm: nullableText,
    favicon: nullableText,
    has_marketplace: fc.boolean(),
    r_page: text,
    require_approval: fc.boolean(),
    header_text: nullableText,
    footer_text: nullableText,
    terms_url: nullableText,
    privacy_url: nullableText,
    risk_url: nullableText,
    help_url: nullableText,
    leverage: fc.record({
      cryptos: positiveLeverage,
      stocks: positiveLeverage,
      indices: positiveLeverage,
      commodities: positiveLeverage,
      metals: positiveLeverage,
      forex: positiveLeverage,
    }),
    realtime: fc.record({
      pusher: fc.record(
        { key: text, host: text, port: fc.integer(), forceTLS: fc.boolean(), cluster: text },
        { requiredKeys: ['key', 'cluster'] },
      ),
      prices: fc.record({ url: text, apiKey: text }, { requiredKeys: ['apiKey'] }),
    }),
  },
  {
    requiredKeys: Object.keys(SiteSettingsSchema.shape).filter((key) => key !== 'realtime') as never[],
  },
)

const apiErrorArb = fc.record(
  { message: text, errors: fc.dictionary(text, fc.array(text, { maxLength: 2 }), { maxKeys: 2 }) },
  { requiredKeys: ['message'] },
)

type Json = unknown
/** Every path to a value inside `value`, the root included. */
function paths(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const here = [at]
  if (Array.isArray(value)) return here.concat(...value.map((entry, index) => paths(entry, [...at, index])))
  if (value && typeof value === 'object')
    return here.concat(...Object.entries(value).map(([key, entry]) => paths(entry, [...at, key])))
  return here
}

type Damage = 'replace' | 'remove' | 'add' | 'nudge'
/**
 * `value` with one part changed: replaced by `replacement`, removed, given an extra key, or (a number) moved by
 * one or by a half, which finds a range or an integer rule one guard has and the other lacks.
 */
function damage(value: Json, path: (string | number)[], how: Damage, replacement: Json) {
  const copy = structuredClone(value) as Record<string | number, Json>
  if (path.length === 0) return how === 'replace' ? replacement : copy
  let parent = copy
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>
  const last = path.at(-1)!
  const target = parent[last]
  if (how === 'nudge' && typeof target === 'number')
    parent[last] = target + (typeof replacement === 'number' && replacement < 0 ? -1 : replacement ? 1 : 0.5)
  else if (how === 'remove') delete parent[last]
  else if (how === 'add' && parent[last] && typeof parent[last] === 'object')
    (parent[last] as Record<string, Json>).extra = replacement
  else parent[last] = replacement
  return copy
}

const damaged = (valid: fc.Arbitrary<Json>) =>
  valid.chain((value) =>
    fc
      .tuple(
        fc.constantFrom(...paths(value)),
        fc.constantFrom<Damage>('replace', 'remove', 'add', 'nudge', 'nudge'),
        anyValue,
      )
      .map(([path, how, replacement]) => damage(value, path, how, replacement)),
  )

function agree(zodSchema: StandardSchemaV1, guard: StandardSchemaV1, value: Json) {
  const byZod = safeParse(zodSchema, value)
  const byGuard = safeParse(guard, value)
  expect({ value, accepted: byGuard.success }).toEqual({ value, accepted: byZod.success })
  if (byZod.success && byGuard.success) expect(byGuard.data).toEqual(byZod.data)
}

const pairs: { name: string; zod: StandardSchemaV1; guard: StandardSchemaV1; valid: fc.Arbitrary<Json> }[] = [
  { name: 'the user', zod: UserSchema, guard: UserGuard, valid: userArb },
  {
    name: "GET /user's answer",
    zod: UserResponseSchema,
    guard: UserResponseGuard,
    valid: userArb.map((data) => ({ data })),
  },
  {
    name: "POST /auth/login's answer",
    zod: LoginResponseSchema,
    guard: LoginResponseGuard,
    valid: fc.record({ user: userArb, token: text }).map((data) => ({ data })),
  },
  { name: 'the site settings', zod: SiteSettingsSchema, guard: SiteSettingsGuard, valid: settingsArb },
  {
    name: "GET /settings' answer",
    zod: SiteSettingsResponseSchema,
    guard: SiteSettingsResponseGuard,
    valid: settingsArb.map((data) => ({ data })),
  },
  { name: 'the error envelope', zod: ApiErrorSchema, guard: ApiErrorGuard, valid: apiErrorArb },
]

describe('each sign-in guard agrees with its zod contract', () => {
  for (const { name, zod, guard, valid } of pairs) {
    it(`${name}: the generated values are valid to zod (so a field added to the contract fails here)`, () => {
      fc.assert(
        fc.property(valid, (value) => {
          expect(safeParse(zod, value).success).toBe(true)
        }),
        {
          numRuns: 200,
        },
      )
    })
    it(`${name}: the same verdict and the same reading, on valid and damaged values`, () => {
      fc.assert(
        fc.property(fc.oneof(valid, damaged(valid)), (value) => agree(zod, guard, value)),
        { numRuns: RUNS },
      )
    })
  }

  it('a damaged value is mostly refused by both (the damage reaches the checks)', () => {
    let refused = 0
    fc.assert(
      fc.property(damaged(userArb), (value) => {
        if (!safeParse(UserSchema, value).success) refused += 1
      }),
      { numRuns: 500 },
    )
    expect(refused).toBeGreaterThan(200)
  })
})

describe('the sign-in form shows the messages the contract gives', () => {
  const emailLike = fc.oneof(
    fc.emailAddress(),
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.constantFrom(
      '',
      'trader@',
      '@example.com',
      'a..b@example.com',
      '.a@example.com',
      'a@b.c',
      'trader@example.com',
    ),
    fc.string({ minLength: 240, maxLength: 260, unit: fc.constantFrom('a', '.', '@') }),
    fc.nat(300).map((length) => `${'a'.repeat(length)}@example.com`),
    fc.constantFrom('tr\u0000der@example.com', 'trader\uD83D@example.com'),
  )
  const passwordLike = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.constantFrom('', 'a\u0000b', '\uDC00'),
    fc.integer({ min: 1_000, max: 1_050 }).map((length) => 'p'.repeat(length)),
  )

  it('for every email and password, the first message of each field is the same', () => {
    fc.assert(
      fc.property(emailLike, passwordLike, (email, password) => {
        const values = { email, password }
        expect(fieldErrors(LoginRequestGuard, values)).toEqual(fieldErrors(LoginRequestSchema, values))
      }),
      { numRuns: RUNS * 2 },
    )
  })

  it("with the spec's words for the common mistakes", () => {
    expect(fieldErrors(LoginRequestGuard, { email: 'trader@', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    })
  })
})

// Accounts end to end through the API: sign-up, sign-in, session, the admin's user console, one-time sign-in
// links and forgot-password, each answer parsed with the contract schemas the client uses.
import { createHash } from 'node:crypto'
import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACCOUNT_ID_PATTERN,
  ApiErrorSchema,
  AUTO_LOGIN_INVALID_MESSAGE,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  AutoLoginResponseSchema,
  CheckEmailResponseSchema,
  EMAIL_TAKEN_MESSAGE,
  FORGOT_PASSWORD_MESSAGE,
  LoginLinkResponseSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  RegisterResponseSchema,
  USERNAME_TAKEN_MESSAGE,
  UserResponseSchema,
  VALIDATION_MESSAGES,
  type RegistrationPayload,
} from '../../src/domain/contract'
import { authTokens, loginLinks, passwordResets, users } from '../../server/db/schema'
import {
  bearer,
  createTestApp,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  listRoutes,
  loginToken,
  movableClock,
} from './support/test-server'

const MINUTE_MS = 60_000
// Far above anything this file sends: the limits have their own test file.
const UNLIMITED = { max: 1_000_000, windowMs: MINUTE_MS }
const TOKEN_SHAPE = /[A-Za-z0-9_-]{43}/g
const SHA256_HEX = /^[0-9a-f]{64}$/

let app: FastifyInstance
const clock = movableClock()
const logLines: string[] = []
let adminToken: string
let sequence = 0

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk))
      done()
    },
  })
  app = await createTestApp({
    now: clock.now,
    logger: { level: 'info', stream },
    rateLimits: {
      login: UNLIMITED,
      checkEmail: UNLIMITED,
      register: UNLIMITED,
      forgotPassword: UNLIMITED,
      autoLogin: UNLIMITED,
    },
  })
  adminToken = await loginToken(app, DEMO_ADMIN)
})
afterAll(async () => {
  await app?.close()
})

/** A valid registration payload with a fresh email and username. */
function newPayload(overrides: Partial<RegistrationPayload> = {}): RegistrationPayload {
  sequence += 1
  return {
    first_name: 'Ann',
    last_name: 'Lee',
    username: `trader${sequence}`,
    email: `trader${sequence}@example.com`,
    phone: '7700900123',
    country_code: '+44',
    country: 'united-kingdom',
    nationality: 'new-zealand',
    password: 'Secret123!',
    confirm_password: 'Secret123!',
    ...overrides,
  }
}

const post = (url: string, payload?: object | string, headers: InjectOptions['headers'] = {}) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload }) })

async function register(payload: RegistrationPayload) {
  const response = await post('/auth/register', payload)
  expect(response.statusCode, response.body).toBe(201)
  return RegisterResponseSchema.parse(response.json()).data.user
}

function expectError(response: { statusCode: number; body: string }, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status)
  const error = ApiErrorSchema.parse(JSON.parse(response.body))
  expect(error.message.trim()).not.toBe('')
  if (message !== undefined) expect(error.message).toBe(message)
  return error
}

const setApproval = async (requireApproval: boolean) => {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/v1/admin/settings',
    headers: bearer(adminToken),
    payload: { require_approval: requireApproval },
  })
  expect(response.statusCode).toBe(200)
}

const userIdOf = async (email: string) => {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

describe('register, sign in, session, sign out', () => {
  it('registers a pending Basic customer and stores what the form sent', async () => {
    const payload = newPayload({ email: 'Ann.Lee@Example.COM', username: 'AnnLee' })
    const user = await register(payload)
    expect(user).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      name: 'Ann Lee',
      username: 'AnnLee',
      email: 'ann.lee@example.com',
      role: 'customer',
      status: 'pending',
      balance: 0,
      credit_balance: 0,
      eas: [],
      notifications: [],
      autotrader: false,
    })
    expect(user.account_type?.title).toBe('Basic')
    // One form for every account id, the seeded ones' (decision 0022), and the plan and id name the account.
    expect(user.account_id).toMatch(ACCOUNT_ID_PATTERN)
    expect(user.accounts).toEqual([{ title: `Basic · ${user.account_id}`, balance: 0 }])

    const [row] = await app.db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({
      phone: '+447700900123',
      country: 'united-kingdom',
      nationality: 'new-zealand',
    })
    // argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane); never the password itself.
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(JSON.stringify(row)).not.toContain(payload.password)
  })

  it('gives every account its own account id', async () => {
    const ids = await Promise.all([register(newPayload()), register(newPayload()), register(newPayload())])
    expect(new Set(ids.map((user) => user.account_id)).size).toBe(3)
  })

  it('ignores fields a sign-up may not set (role, status, balance, plan)', async () => {
    const payload = { ...newPayload(), role: 'admin', status: 'active', balance: 1e9, account_type_id: 2 }
    const user = await register(payload)
    expect(user).toMatchObject({ role: 'customer', status: 'pending', balance: 0 })
    expect(user.account_type?.title).toBe('Basic')
  })

  it('signs the new user in, answers GET /user with the same user, and signs out', async () => {
    const payload = newPayload()
    const registered = await register(payload)

    // Pending users sign in: the client holds them at Awaiting Approval.
    const login = await post('/auth/login', {
      email: payload.email.toUpperCase(),
      password: payload.password,
    })
    expect(login.statusCode, login.body).toBe(200)
    expect(login.headers['cache-control']).toBe('no-store')
    const { data } = LoginResponseSchema.parse(login.json())
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(data.user).toEqual({ ...registered, is_online: true })

    const me = await app.inject({ url: '/api/v1/user', headers: bearer(data.token) })
    expect(me.statusCode).toBe(200)
    expect(UserResponseSchema.parse(me.json()).data).toEqual(data.user)

    const logout = await post('/auth/logout', undefined, bearer(data.token))
    expect(logout.statusCode).toBe(200)
    MessageResponseSchema.parse(logout.json())
    expectError(
      await app.inject({ url: '/api/v1/user', headers: bearer(data.token) }),
      401,
      'Unauthenticated.',
    )
  })

  it('registers active users when the site does not require approval', async () => {
    await setApproval(false)
    try {
      expect((await register(newPayload())).status).toBe('active')
    } finally {
      await setApproval(true)
    }
    expect((await register(newPayload())).status).toBe('pending')
  })

  it('refuses a wrong password with 401', async () => {
    const payload = newPayload()
    await register(payload)
    expectError(
      await post('/auth/login', { email: payload.email, password: 'Wrong-password-1' }),
      401,
      'These credentials do not match our records.',
    )
  })
})

describe('registration conflicts', () => {
  it('answers a registered email, in any case, with 409 and the email field', async () => {
    const first = newPayload()
    await register(first)
    const error = expectError(
      await post('/auth/register', newPayload({ email: first.email.toUpperCase() })),
      409,
      EMAIL_TAKEN_MESSAGE,
    )
    expect(error.errors).toEqual({ email: [EMAIL_TAKEN_MESSAGE] })
  })

  it('answers a taken username, in any case, with 409 and the username field', async () => {
    const first = newPayload({ username: 'MixedCase' })
    await register(first)
    const error = expectError(
      await post('/auth/register', newPayload({ username: 'mixedcase' })),
      409,
      USERNAME_TAKEN_MESSAGE,
    )
    expect(error.errors).toEqual({ username: [USERNAME_TAKEN_MESSAGE] })
  })

  it('names both fields when both are taken', async () => {
    const first = newPayload()
    await register(first)
    const error = expectError(await post('/auth/register', first), 409, EMAIL_TAKEN_MESSAGE)
    expect(error.errors).toEqual({ email: [EMAIL_TAKEN_MESSAGE], username: [USERNAME_TAKEN_MESSAGE] })
  })

  it('lets exactly one of two racing sign-ups for one username through, and answers the other 409', async () => {
    const responses = await Promise.all([
      post('/auth/register', newPayload({ username: 'Racer' })),
      post('/auth/register', newPayload({ username: 'RACER' })),
      post('/auth/register', newPayload({ username: 'racer' })),
    ])
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([201, 409, 409])
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expectError(response, 409, USERNAME_TAKEN_MESSAGE)
    }
  })

  it('maps a unique-index violation past the pre-check to a conflict, not an error', async () => {
    const first = newPayload()
    await register(first)
    const base = {
      firstName: 'Race',
      lastName: 'Condition',
      phone: '+15550100',
      country: 'united-states',
      nationality: 'united-states',
      passwordHash: 'not-a-hash',
      status: 'pending',
      planSlug: 'basic',
    } as const
    expect(
      await app.repos.users.create({ ...base, email: 'fresh-address@example.com', username: first.username }),
    ).toEqual({ conflict: 'username' })
    expect(await app.repos.users.create({ ...base, email: first.email, username: 'fresh-username' })).toEqual(
      {
        conflict: 'email',
      },
    )
  })
})

describe('validation (docs/product/registration.md#validation)', () => {
  const cases: [string, Partial<RegistrationPayload>, keyof RegistrationPayload, string][] = [
    ['first_name too short', { first_name: 'A' }, 'first_name', VALIDATION_MESSAGES.FIRST_NAME],
    ['first_name blank', { first_name: '   ' }, 'first_name', VALIDATION_MESSAGES.FIRST_NAME],
    ['last_name too short', { last_name: 'B' }, 'last_name', VALIDATION_MESSAGES.LAST_NAME],
    ['username too short', { username: 'ab' }, 'username', VALIDATION_MESSAGES.USERNAME],
    ['invalid email', { email: 'not-an-email' }, 'email', VALIDATION_MESSAGES.EMAIL],
    ['phone too short', { phone: '12345' }, 'phone', VALIDATION_MESSAGES.PHONE],
    [
      'short password',
      { password: 'short', confirm_password: 'short' },
      'password',
      VALIDATION_MESSAGES.PASSWORD,
    ],
    [
      'passwords differ',
      { confirm_password: 'Secret123?' },
      'confirm_password',
      VALIDATION_MESSAGES.PASSWORDS_DIFFER,
    ],
    ['empty country_code', { country_code: '' }, 'country_code', 'This field is required'],
    ['empty country', { country: '' }, 'country', 'This field is required'],
    ['empty nationality', { nationality: '' }, 'nationality', 'This field is required'],
  ]

  it.each(cases)('%s -> 422 with the message on its field', async (_label, overrides, field, message) => {
    const error = expectError(
      await post('/auth/register', newPayload(overrides)),
      422,
      'The given data was invalid.',
    )
    expect(error.errors).toEqual({ [field]: [message] })
  })

  it('reports every broken field at once', async () => {
    const error = expectError(
      await post(
        '/auth/register',
        newPayload({ first_name: 'A', username: 'ab', confirm_password: 'different' }),
      ),
      422,
    )
    expect(error.errors).toEqual({
      first_name: [VALIDATION_MESSAGES.FIRST_NAME],
      username: [VALIDATION_MESSAGES.USERNAME],
      confirm_password: [VALIDATION_MESSAGES.PASSWORDS_DIFFER],
    })
  })

  it('names each missing field', async () => {
    const error = expectError(await post('/auth/register', {}), 422)
    expect(Object.keys(error.errors ?? {}).sort()).toEqual(
      [
        'confirm_password',
        'country',
        'country_code',
        'email',
        'first_name',
        'last_name',
        'nationality',
        'password',
        'phone',
        'username',
      ].sort(),
    )
  })
})

describe('POST /auth/check-email', () => {
  const check = (email: string, headers: InjectOptions['headers'] = {}) =>
    post('/auth/check-email', { email }, headers)

  it('says an unused address is available, with the default country US', async () => {
    const response = await check('nobody-yet@example.com')
    expect(response.statusCode).toBe(200)
    expect(CheckEmailResponseSchema.parse(response.json())).toEqual({
      success: true,
      message: 'Email is available',
      data: { available: true, country: 'US' },
    })
  })

  it('says a registered address, in any case, is taken', async () => {
    const response = await check(' DEMO@example.com ')
    expect(response.statusCode).toBe(200)
    expect(CheckEmailResponseSchema.parse(response.json())).toEqual({
      success: true,
      message: EMAIL_TAKEN_MESSAGE,
      data: { available: false, country: 'US' },
    })
  })

  it.each([
    [{ 'cf-ipcountry': 'de' }, 'DE'],
    [{ 'x-country-code': 'FR' }, 'FR'],
    [{ 'cf-ipcountry': 'NZ', 'x-country-code': 'FR' }, 'NZ'],
    [{ 'cf-ipcountry': 'XX', 'accept-language': 'en-GB,en;q=0.9' }, 'GB'],
    [{ 'cf-ipcountry': 'T1', 'x-country-code': 'USA' }, 'US'],
    [{ 'accept-language': 'fr;q=0.5, pt-BR;q=0.8' }, 'BR'],
    [{ 'accept-language': 'zh-Hant-TW' }, 'TW'],
    [{ 'accept-language': 'es-419, en' }, 'US'],
    [{ 'accept-language': '*' }, 'US'],
  ])('takes the country from %o -> %s', async (headers, country) => {
    const response = await check('someone@example.com', headers)
    expect(CheckEmailResponseSchema.parse(response.json()).data.country).toBe(country)
  })

  it('refuses an invalid address with the spec message', async () => {
    const error = expectError(await check('not-an-email'), 422)
    expect(error.errors).toEqual({ email: [VALIDATION_MESSAGES.EMAIL] })
  })
})

describe('POST /auth/forgot-password', () => {
  it('answers a known and an unknown address alike, and stores a hashed 30-minute token only for the known one (decision 0020)', async () => {
    const before = await app.db.select().from(passwordResets)
    const known = await post('/auth/forgot-password', { email: DEMO_CUSTOMER.email })
    const unknown = await post('/auth/forgot-password', { email: 'no-such-account@example.com' })

    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(200)
      expect(MessageResponseSchema.parse(response.json())).toEqual({ message: FORGOT_PASSWORD_MESSAGE })
    }
    expect(unknown.body).toBe(known.body)

    const after = await app.db.select().from(passwordResets)
    expect(after.length).toBe(before.length + 1)
    const created = after.find((row) => !before.some((old) => old.id === row.id))
    expect(created?.userId).toBe(await userIdOf(DEMO_CUSTOMER.email))
    expect(created?.tokenHash).toMatch(SHA256_HEX)
    expect(created?.usedAt).toBeNull()
    const lifetimeMs = (created?.expiresAt.getTime() ?? 0) - clock.now().getTime()
    expect(lifetimeMs).toBeGreaterThan(29 * MINUTE_MS)
    expect(lifetimeMs).toBeLessThanOrEqual(30 * MINUTE_MS)

    expect(logLines.join('')).toContain('password reset requested')
  })
})

describe('one-time sign-in links', () => {
  const createLink = (userId: number | string, token = adminToken) =>
    post(`/admin/users/${userId}/login-link`, undefined, bearer(token))

  async function newLink(userId: number) {
    const response = await createLink(userId)
    expect(response.statusCode, response.body).toBe(201)
    expect(response.headers['cache-control']).toBe('no-store')
    return LoginLinkResponseSchema.parse(response.json()).data
  }

  it('signs the customer in once with a fresh bearer token, then refuses the link', async () => {
    const customerId = await userIdOf(DEMO_CUSTOMER.email)
    const link = await newLink(customerId)
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(link.url).toBe(`/auto-login?token=${link.token}`)
    const lifetimeMs = Date.parse(link.expires_at) - clock.now().getTime()
    expect(lifetimeMs).toBeGreaterThan(14 * MINUTE_MS)
    expect(lifetimeMs).toBeLessThanOrEqual(15 * MINUTE_MS)

    const first = await post('/auth/auto-login', { token: link.token })
    expect(first.statusCode, first.body).toBe(200)
    const { data } = AutoLoginResponseSchema.parse(first.json())
    expect(data.user.id).toBe(customerId)
    expect(data.token).not.toBe(link.token)
    const me = await app.inject({ url: '/api/v1/user', headers: bearer(data.token) })
    expect(UserResponseSchema.parse(me.json()).data.id).toBe(customerId)

    expectError(await post('/auth/auto-login', { token: link.token }), 401, AUTO_LOGIN_INVALID_MESSAGE)
    // The link is no bearer token.
    expectError(await app.inject({ url: '/api/v1/user', headers: bearer(link.token) }), 401)
  })

  it('works until it expires after 15 minutes', async () => {
    const customerId = await userIdOf(DEMO_CUSTOMER.email)
    const early = await newLink(customerId)
    const late = await newLink(customerId)
    clock.advance(14 * MINUTE_MS)
    expect((await post('/auth/auto-login', { token: early.token })).statusCode).toBe(200)
    clock.advance(MINUTE_MS + 1000)
    expectError(await post('/auth/auto-login', { token: late.token }), 401, AUTO_LOGIN_INVALID_MESSAGE)
  })

  it('lets only one of two simultaneous uses in', async () => {
    const link = await newLink(await userIdOf(DEMO_CUSTOMER.email))
    const responses = await Promise.all([
      post('/auth/auto-login', { token: link.token }),
      post('/auth/auto-login', { token: link.token }),
    ])
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 401])
  })

  it('refuses unknown and malformed tokens', async () => {
    expectError(await post('/auth/auto-login', { token: 'A'.repeat(43) }), 401, AUTO_LOGIN_INVALID_MESSAGE)
    expectError(await post('/auth/auto-login', { token: 'not a token at all, with spaces' }), 401)
    expectError(await post('/auth/auto-login', { token: 'short' }), 422)
    expectError(await post('/auth/auto-login', {}), 422)
  })

  it('is made for existing customers only, by admins only', async () => {
    expectError(await createLink(999_999), 404, 'User not found')
    expectError(await createLink('abc'), 422)
    expectError(await createLink(await userIdOf(DEMO_ADMIN.email)), 422)
    const customerToken = await loginToken(app, DEMO_CUSTOMER)
    expectError(await createLink(await userIdOf(DEMO_CUSTOMER.email), customerToken), 403)
    expectError(await post(`/admin/users/1/login-link`), 401)
  })
})

describe('admin user console', () => {
  const listUsers = (token = adminToken) => app.inject({ url: '/api/v1/admin/users', headers: bearer(token) })
  const patchUser = (id: number | string, payload: object, token = adminToken) =>
    app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${id}`, headers: bearer(token), payload })

  it('lists every user, newest first', async () => {
    const newest = await register(newPayload())
    const response = await listUsers()
    expect(response.statusCode).toBe(200)
    const { data } = AdminUsersResponseSchema.parse(response.json())
    expect(data[0]?.id).toBe(newest.id)
    expect(data.map((user) => user.email)).toEqual(
      expect.arrayContaining([DEMO_CUSTOMER.email, DEMO_ADMIN.email]),
    )
    expect(data.length).toBe(await app.db.$count(users))
    const ids = data.map((user) => user.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    // The same user object as the customer's own GET /user.
    const demo = data.find((user) => user.email === DEMO_CUSTOMER.email)
    expect(demo?.eas.length).toBe(1)
    expect(demo?.account_type?.title).toBe('Basic')
  })

  it('approves a pending customer, whose next GET /user (Check Status) shows it', async () => {
    const payload = newPayload()
    const user = await register(payload)
    const token = await loginToken(app, payload)
    const statusOf = async () =>
      UserResponseSchema.parse((await app.inject({ url: '/api/v1/user', headers: bearer(token) })).json())
        .data.status
    expect(await statusOf()).toBe('pending')

    const approved = await patchUser(user.id, { status: 'active' })
    expect(approved.statusCode).toBe(200)
    expect(AdminUserResponseSchema.parse(approved.json()).data).toMatchObject({
      id: user.id,
      status: 'active',
    })
    expect(await statusOf()).toBe('active')

    // Deactivating needs a reason (it is audited, decision 0017).
    expectError(await patchUser(user.id, { status: 'deactivated' }), 422)
    expect(await statusOf()).toBe('active')
    expect(
      (await patchUser(user.id, { status: 'deactivated', reason: 'Duplicate account' })).statusCode,
    ).toBe(200)
    expect(await statusOf()).toBe('deactivated')
    // Deactivated users still sign in; the client shows Account Currently Disabled.
    const login = await post('/auth/login', { email: payload.email, password: payload.password })
    expect(LoginResponseSchema.parse(login.json()).data.user.status).toBe('deactivated')
  })

  it('answers unknown users 404 and bad patches 422', async () => {
    expectError(await patchUser(999_999, { status: 'active' }), 404, 'User not found')
    const customerId = await userIdOf(DEMO_CUSTOMER.email)
    expect(expectError(await patchUser(customerId, { status: 'banned' }), 422).errors?.status).toHaveLength(1)
    expectError(await patchUser(customerId, { status: 'active', role: 'admin' }), 422)
    expectError(await patchUser(customerId, {}), 422)
    expect(expectError(await patchUser('0', { status: 'active' }), 422).errors?.id).toHaveLength(1)
    expectError(await patchUser('99999999999', { status: 'active' }), 422)
  })

  it('does not let an admin suspend their own account', async () => {
    const adminId = await userIdOf(DEMO_ADMIN.email)
    for (const status of ['deactivated', 'pending']) {
      expectError(
        await patchUser(adminId, { status, reason: 'Testing the guard' }),
        422,
        'You cannot change the status of your own account.',
      )
    }
    expect((await patchUser(adminId, { status: 'active' })).statusCode).toBe(200)
    expect((await listUsers()).statusCode).toBe(200)
  })

  it('refuses a customer (403) and an anonymous caller (401) on every /admin route', async () => {
    const adminRoutes = (await listRoutes(app)).filter((route) => route.url.startsWith('/api/v1/admin/'))
    // The routes this issue knows of; any added later is covered by the loop without being listed here.
    expect(adminRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/admin/users',
        'PATCH /api/v1/admin/users/:id',
        'POST /api/v1/admin/users/:id/login-link',
        'PATCH /api/v1/admin/settings',
      ]),
    )
    const customerToken = await loginToken(app, DEMO_CUSTOMER)
    const customerId = await userIdOf(DEMO_CUSTOMER.email)
    const before = (await app.db.select().from(users).where(eq(users.id, customerId)))[0]

    for (const route of adminRoutes) {
      const url = route.url.replace(/:\w+/g, String(customerId))
      const method = route.method as NonNullable<InjectOptions['method']>
      const payload = method === 'GET' || method === 'HEAD' ? undefined : { status: 'active' }
      const label = `${route.method} ${route.url}`
      const asCustomer = await app.inject({ method, url, headers: bearer(customerToken), payload })
      const anonymous = await app.inject({ method, url, payload })
      expect(asCustomer.statusCode, label).toBe(403)
      expect(anonymous.statusCode, label).toBe(401)
      if (method !== 'HEAD') expectError(asCustomer, 403, 'This action is unauthorized.')
    }
    expect((await app.db.select().from(users).where(eq(users.id, customerId)))[0]).toEqual(before)
  })
})

describe('secrets at rest', () => {
  it('stores bearer, reset and sign-in-link tokens only as sha256, and never logs them', async () => {
    const bearerToken = await loginToken(app, DEMO_CUSTOMER)
    const linkResponse = await post(
      `/admin/users/${await userIdOf(DEMO_CUSTOMER.email)}/login-link`,
      undefined,
      bearer(adminToken),
    )
    const linkToken = LoginLinkResponseSchema.parse(linkResponse.json()).data.token
    const sessionToken = AutoLoginResponseSchema.parse(
      (await post('/auth/auto-login', { token: linkToken })).json(),
    ).data.token
    await post('/auth/forgot-password', { email: DEMO_CUSTOMER.email })

    const tables = {
      auth_tokens: await app.db.select().from(authTokens),
      password_resets: await app.db.select().from(passwordResets),
      login_links: await app.db.select().from(loginLinks),
    }
    const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')
    const storedHashes = new Set<string>()
    for (const [table, rows] of Object.entries(tables)) {
      expect(rows.length, table).toBeGreaterThan(0)
      for (const row of rows) {
        expect(row.tokenHash, table).toMatch(SHA256_HEX)
        storedHashes.add(row.tokenHash)
      }
      const dump = JSON.stringify(rows)
      for (const token of [bearerToken, linkToken, sessionToken]) expect(dump, table).not.toContain(token)
    }
    expect(storedHashes).toContain(sha256(bearerToken))
    expect(storedHashes).toContain(sha256(linkToken))
    expect(storedHashes).toContain(sha256(sessionToken))

    // Whatever reached the log, nothing in it is the plain form of a stored token (reset tokens included).
    const log = logLines.join('')
    for (const candidate of log.match(TOKEN_SHAPE) ?? [])
      expect(storedHashes).not.toContain(sha256(candidate))
    for (const password of [DEMO_CUSTOMER.password, DEMO_ADMIN.password, 'Secret123!']) {
      expect(log).not.toContain(password)
    }
  })
})

// Every endpoint answers exactly the shapes of src/domain/contract, over a real socket with fetch.
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ApiErrorSchema,
  ASSET_TYPES,
  AssetsResponseSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  SiteDataResponseSchema,
  SiteSettingsResponseSchema,
  UserResponseSchema,
} from '../../src/domain/contract'
import { authTokens, users } from '../../server/db/schema'
import { DEMO_ADMIN, DEMO_CUSTOMER, listenTestApp, type ListeningServer } from './support/test-server'

let server: ListeningServer

interface Call {
  method?: string
  token?: string
  body?: unknown
}

async function call(path: string, { method = 'GET', token, body }: Call = {}) {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json')
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: isJson ? JSON.parse(text) : undefined,
  }
}

async function login(credentials: { email: string; password: string }): Promise<string> {
  const response = await call('/api/v1/auth/login', { method: 'POST', body: credentials })
  expect(response.status).toBe(200)
  return LoginResponseSchema.parse(response.json).data.token
}

function expectError(response: Awaited<ReturnType<typeof call>>, status: number, message?: string) {
  expect(response.status).toBe(status)
  const error = ApiErrorSchema.parse(response.json)
  expect(error.message.length).toBeGreaterThan(0)
  if (message !== undefined) expect(error.message).toBe(message)
  return error
}

beforeAll(async () => {
  server = await listenTestApp()
})
afterAll(async () => {
  await server?.close()
})

describe('public site endpoints', () => {
  it('GET /settings answers the site settings with security headers and no secrets', async () => {
    const response = await call('/api/v1/settings')
    expect(response.status).toBe(200)
    const { data } = SiteSettingsResponseSchema.parse(response.json)
    expect(data.status).toBe('active')
    expect(data.r_page).toBe('basic')
    expect(data.has_marketplace).toBe(true)
    expect(data.contactEmail).toBe('support@example.com')
    expect(Object.values(data.leverage)).toEqual([100, 100, 100, 100, 100, 100])
    expect(response.text).not.toMatch(/secret|password/i)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('same-origin')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })

  it('GET /data answers the leverage map and the server time', async () => {
    const response = await call('/api/v1/data')
    expect(response.status).toBe(200)
    const { data } = SiteDataResponseSchema.parse(response.json)
    expect(data.leverage?.forex).toBe(100)
    expect(Math.abs(Date.parse(data.server_time ?? '') - Date.now())).toBeLessThan(60_000)
  })

  it('GET /assets answers about 100 assets of all six types with buy above and sell below the rate', async () => {
    const response = await call('/api/v1/assets')
    expect(response.status).toBe(200)
    const { data: assets } = AssetsResponseSchema.parse(response.json)
    expect(assets.length).toBeGreaterThanOrEqual(90)
    expect(assets.length).toBeLessThanOrEqual(110)
    expect(new Set(assets.map((asset) => asset.type))).toEqual(new Set(ASSET_TYPES))
    expect(new Set(assets.map((asset) => asset.id)).size).toBe(assets.length)
    expect(new Set(assets.map((asset) => asset.asset_id)).size).toBe(assets.length)

    const bitcoin = assets.find((asset) => asset.sy === 'BTC/USD')
    expect(bitcoin).toMatchObject({ tv_symbol: 'BITSTAMP:BTCUSD', type: 'crypto', symbol_display: 'BTC/USD' })
    expect(assets.find((asset) => asset.sy === 'AUD/JPY')?.type).toBe('forex')
    expect(assets.find((asset) => asset.sy === 'EUR/USD')?.contract_size).toBe(100000)

    for (const asset of assets) {
      expect(asset.buy_price, asset.sy).toBeGreaterThan(asset.rate)
      expect(asset.sell_price, asset.sy).toBeLessThan(asset.rate)
      expect(asset.buy_price).toBeCloseTo(asset.rate * (1 + asset.buy_spread), 10)
      expect(asset.sell_price).toBeCloseTo(asset.rate * (1 - asset.sell_spread), 10)
      expect(asset.price_low).toBeLessThanOrEqual(asset.rate)
      expect(asset.price_high).toBeGreaterThanOrEqual(asset.rate)
      expect(asset.position).toBe(1000)
    }
  })
})

describe('sign-in', () => {
  it('logs in, answers the user, logs out, and the token stops working', async () => {
    const loginResponse = await call('/api/v1/auth/login', { method: 'POST', body: DEMO_CUSTOMER })
    expect(loginResponse.status).toBe(200)
    const { data } = LoginResponseSchema.parse(loginResponse.json)
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(data.user).toMatchObject({
      email: 'demo@example.com',
      name: 'Demo Trader',
      role: 'customer',
      status: 'active',
      balance: 10000,
      credit_balance: 0,
      accounts: [{ title: 'Basic · CFD1000001', balance: 10000 }],
      is_online: true,
      unread_count: 0,
    })
    expect(data.user.account_type).toMatchObject({ title: 'Basic', leverage: 100 })
    expect(data.user.eas.length).toBe(1)
    expect(data.user.notifications[0]).toMatchObject({ read: false, color: 'success' })

    const userResponse = await call('/api/v1/user', { token: data.token })
    expect(userResponse.status).toBe(200)
    expect(UserResponseSchema.parse(userResponse.json).data).toEqual(data.user)

    const logoutResponse = await call('/api/v1/auth/logout', { method: 'POST', token: data.token })
    expect(logoutResponse.status).toBe(200)
    MessageResponseSchema.parse(logoutResponse.json)

    expectError(await call('/api/v1/user', { token: data.token }), 401, 'Unauthenticated.')
    expectError(
      await call('/api/v1/auth/logout', { method: 'POST', token: data.token }),
      401,
      'Unauthenticated.',
    )
  })

  it('accepts the email in any case and issues a new token at each login', async () => {
    const first = await login(DEMO_CUSTOMER)
    const second = await login({ ...DEMO_CUSTOMER, email: 'DEMO@Example.com' })
    expect(second).not.toBe(first)
    expect((await call('/api/v1/user', { token: first })).status).toBe(200)
    expect((await call('/api/v1/user', { token: second })).status).toBe(200)
  })

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const message = 'These credentials do not match our records.'
    const wrongPassword = await call('/api/v1/auth/login', {
      method: 'POST',
      body: { ...DEMO_CUSTOMER, password: 'Wrong1234!' },
    })
    expectError(wrongPassword, 401, message)
    const unknownEmail = await call('/api/v1/auth/login', {
      method: 'POST',
      body: { email: 'nobody@example.com', password: 'Demo1234!' },
    })
    expectError(unknownEmail, 401, message)
    expect(unknownEmail.text).toBe(wrongPassword.text)
  })

  it('answers an invalid login body with 422 and per-field errors', async () => {
    const response = await call('/api/v1/auth/login', { method: 'POST', body: { email: 'not-an-email' } })
    const error = expectError(response, 422, 'The given data was invalid.')
    expect(error.errors?.email).toEqual(['Please enter a valid email address'])
    expect(error.errors?.password?.length).toBe(1)
  })

  it('refuses missing, malformed, unknown and expired tokens with 401', async () => {
    expectError(await call('/api/v1/user'), 401, 'Unauthenticated.')
    expectError(await call('/api/v1/user', { token: 'garbage' }), 401, 'Unauthenticated.')
    expectError(await call('/api/v1/user', { token: 'A'.repeat(43) }), 401, 'Unauthenticated.')

    const token = await login(DEMO_CUSTOMER)
    const tokenHash = createHash('sha256').update(token).digest('hex')
    await server.app.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, tokenHash))
    expectError(await call('/api/v1/user', { token }), 401, 'Unauthenticated.')
  })

  it('stores tokens only as their sha256 hash', async () => {
    const token = await login(DEMO_CUSTOMER)
    const rows = await server.app.db.select().from(authTokens)
    expect(rows.length).toBeGreaterThan(0)
    expect(JSON.stringify(rows)).not.toContain(token)
    const tokenHash = createHash('sha256').update(token).digest('hex')
    const row = rows.find((candidate) => candidate.tokenHash === tokenHash)
    expect(row?.revokedAt).toBeNull()
    // 30-day lifetime, give or take the test's own run time.
    const lifetimeDays = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000
    expect(lifetimeDays).toBeGreaterThan(29.9)
    expect(lifetimeDays).toBeLessThanOrEqual(30)
  })
})

describe('POST /user/heartbeat', () => {
  it('marks the caller as seen now, and needs a token', async () => {
    const token = await login(DEMO_CUSTOMER)
    await server.app.db
      .update(users)
      .set({ lastSeenAt: new Date(0) })
      .where(eq(users.email, DEMO_CUSTOMER.email))
    const before = await call('/api/v1/user', { token })
    expect(before.json).toMatchObject({ data: { is_online: false } })

    const beat = await call('/api/v1/user/heartbeat', { method: 'POST', token })
    expect(beat.status).toBe(200)
    const after = await call('/api/v1/user', { token })
    expect(after.json).toMatchObject({ data: { is_online: true } })

    expectError(await call('/api/v1/user/heartbeat', { method: 'POST' }), 401)
  })
})

describe('PATCH /admin/settings', () => {
  const patch = { status: 'disabled', maintenanceMessage: 'Back at 18:00 UTC' }

  it('refuses anonymous callers with 401 and customers with 403', async () => {
    expectError(
      await call('/api/v1/admin/settings', { method: 'PATCH', body: patch }),
      401,
      'Unauthenticated.',
    )
    const customer = await login(DEMO_CUSTOMER)
    expectError(
      await call('/api/v1/admin/settings', { method: 'PATCH', body: patch, token: customer }),
      403,
      'This action is unauthorized.',
    )
    expect(SiteSettingsResponseSchema.parse((await call('/api/v1/settings')).json).data.status).toBe('active')
  })

  it('lets an admin change settings, merging leverage per class, and GET /settings shows it', async () => {
    const admin = await login(DEMO_ADMIN)
    const response = await call('/api/v1/admin/settings', {
      method: 'PATCH',
      token: admin,
      body: { ...patch, leverage: { forex: 500 } },
    })
    expect(response.status).toBe(200)
    const { data } = SiteSettingsResponseSchema.parse(response.json)
    expect(data).toMatchObject({ ...patch, name: 'CFD Trader' })
    expect(data.leverage).toMatchObject({ forex: 500, cryptos: 100 })

    const settings = SiteSettingsResponseSchema.parse((await call('/api/v1/settings')).json).data
    expect(settings).toEqual(data)
    const siteData = SiteDataResponseSchema.parse((await call('/api/v1/data')).json).data
    expect(siteData.leverage?.forex).toBe(500)

    const restore = await call('/api/v1/admin/settings', {
      method: 'PATCH',
      token: admin,
      body: { status: 'active', maintenanceMessage: null, leverage: { forex: 100 } },
    })
    expect(restore.status).toBe(200)
  })

  it('refuses an admin whose account is deactivated', async () => {
    const admin = await login(DEMO_ADMIN)
    const setStatus = (status: 'active' | 'deactivated') =>
      server.app.db.update(users).set({ status }).where(eq(users.email, DEMO_ADMIN.email))
    await setStatus('deactivated')
    try {
      expectError(await call('/api/v1/admin/settings', { method: 'PATCH', body: patch, token: admin }), 403)
      // They still see their own account, so the client can show the disabled screen.
      expect((await call('/api/v1/user', { token: admin })).status).toBe(200)
    } finally {
      await setStatus('active')
    }
  })

  it('answers invalid patches with 422 and the field at fault', async () => {
    const admin = await login(DEMO_ADMIN)
    const patchWith = (body: unknown) =>
      call('/api/v1/admin/settings', { method: 'PATCH', token: admin, body })

    expect(expectError(await patchWith({ status: 'sleeping' }), 422).errors?.status).toHaveLength(1)
    expect(
      expectError(await patchWith({ terms_url: 'javascript:alert(1)' }), 422).errors?.terms_url,
    ).toHaveLength(1)
    expect(
      expectError(await patchWith({ leverage: { forex: -1 } }), 422).errors?.['leverage.forex'],
    ).toHaveLength(1)
    expect(expectError(await patchWith({ secret: 'x' }), 422).errors?.body).toHaveLength(1)
    expectError(await patchWith({}), 422)
    // Same-site paths and http(s) URLs are valid links.
    expect(
      (await patchWith({ terms_url: '/legal/terms', help_url: 'https://help.example.com/' })).status,
    ).toBe(200)
  })
})

describe('operations and fallbacks', () => {
  it('GET /metrics answers Prometheus text with request counts, durations and process metrics', async () => {
    await call('/api/v1/settings')
    const response = await call('/metrics')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    expect(response.text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/v1\/settings",status_code="200"\} \d+/,
    )
    expect(response.text).toContain('http_request_duration_seconds_bucket')
    expect(response.text).toContain('process_cpu_user_seconds_total')
  })

  it('answers unknown API routes with a JSON 404', async () => {
    expectError(await call('/api/v1/does-not-exist'), 404, 'Not found')
    expectError(await call('/api/v1/auth/login'), 404, 'Not found')
    expectError(await call('/api/v2/settings', { method: 'POST', body: {} }), 404, 'Not found')
  })

  it('says to build the client when a page is asked for and there is no build', async () => {
    const response = await call('/main/dashboard')
    const error = expectError(response, 404)
    expect(error.message).toContain('npm run build')
  })
})

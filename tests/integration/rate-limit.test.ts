// Rate limits per client address, with time moved by an injected clock. The sign-in lock per account and address is
// sign-in-lock-is-per-account-and-address.test.ts.
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema, type RegistrationPayload } from '../../src/domain/contract'
import { clientKey, SlidingWindowLimiter } from '../../server/lib/rate-limit'
import { tooManyAttemptsMessage, type RateLimits } from '../../server/plugins/rate-limit'
import { createTestApp, DEMO_CUSTOMER, movableClock } from './support/test-server'

const MINUTE_MS = 60_000
const LIMITS: RateLimits = {
  login: { max: 4, windowMs: MINUTE_MS },
  checkEmail: { max: 3, windowMs: MINUTE_MS },
  register: { max: 2, windowMs: MINUTE_MS },
  forgotPassword: { max: 2, windowMs: MINUTE_MS },
  autoLogin: { max: 3, windowMs: MINUTE_MS },
}
const TOO_MANY = /^Too many attempts\. Please try again in \d+ seconds?\.$/

let app: FastifyInstance
const clock = movableClock()
let addressCounter = 0

beforeAll(async () => {
  app = await createTestApp({ now: clock.now, rateLimits: LIMITS })
})
afterAll(async () => {
  await app?.close()
})

/** A client address nobody else in this file uses, so one test's counts never leak into another's. */
function freshAddress(): string {
  addressCounter += 1
  return `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`
}

const post = (
  url: string,
  payload: object | string,
  remoteAddress: string,
  headers: InjectOptions['headers'] = {},
) => app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress, headers })

function registration(n: number): RegistrationPayload {
  return {
    first_name: 'Rate',
    last_name: 'Limited',
    username: `limited${n}`,
    email: `limited${n}@example.com`,
    phone: '5550100',
    country_code: '+1',
    country: 'united-states',
    nationality: 'united-states',
    password: 'Secret123!',
    confirm_password: 'Secret123!',
  }
}

function expectTooMany(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(response.statusCode, response.body).toBe(429)
  const retryAfter = Number(response.headers['retry-after'])
  expect(Number.isInteger(retryAfter)).toBe(true)
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
  const { message } = ApiErrorSchema.parse(JSON.parse(response.body))
  expect(message).toMatch(TOO_MANY)
  expect(message).toBe(tooManyAttemptsMessage(retryAfter))
  return retryAfter
}

describe('per-address rate limits', () => {
  const calls: [keyof RateLimits, string, (n: number) => object][] = [
    ['login', '/auth/login', () => ({ email: 'nobody@example.com', password: 'Wrong1234!' })],
    ['checkEmail', '/auth/check-email', (n) => ({ email: `check${n}@example.com` })],
    ['register', '/auth/register', (n) => registration(n)],
    ['forgotPassword', '/auth/forgot-password', () => ({ email: DEMO_CUSTOMER.email })],
    ['autoLogin', '/auth/auto-login', () => ({ token: 'A'.repeat(43) })],
  ]

  it.each(calls)('%s: the request after the limit gets 429 with Retry-After', async (action, url, body) => {
    const address = freshAddress()
    const { max } = LIMITS[action]
    for (let n = 0; n < max; n += 1) {
      const response = await post(url, body(n), address)
      expect(response.statusCode, `${url} #${n + 1}: ${response.body}`).not.toBe(429)
    }
    expectTooMany(await post(url, body(max), address))
    // Another client is not affected.
    expect((await post(url, body(max + 1), freshAddress())).statusCode).not.toBe(429)
  })

  it('counts even invalid bodies, and refuses before reading the body', async () => {
    const address = freshAddress()
    for (let n = 0; n < LIMITS.checkEmail.max; n += 1) {
      expect((await post('/auth/check-email', { email: 'not-an-email' }, address)).statusCode).toBe(422)
    }
    expectTooMany(await post('/auth/check-email', '{ not json', address))
  })

  it('lets the client in again once the window has moved on, as Retry-After says', async () => {
    const address = freshAddress()
    const body = { email: 'window@example.com' }
    for (let n = 0; n < LIMITS.checkEmail.max; n += 1) await post('/auth/check-email', body, address)
    const retryAfter = expectTooMany(await post('/auth/check-email', body, address))
    clock.advance((retryAfter - 2) * 1000)
    expectTooMany(await post('/auth/check-email', body, address))
    clock.advance(3000)
    expect((await post('/auth/check-email', body, address)).statusCode).toBe(200)
  })

  it('ignores X-Forwarded-For when trustProxy is off (the default)', async () => {
    const address = freshAddress()
    const body = { email: 'spoof@example.com' }
    for (let n = 0; n < LIMITS.checkEmail.max; n += 1) {
      await post('/auth/check-email', body, address, { 'x-forwarded-for': `203.0.113.${n}` })
    }
    expectTooMany(await post('/auth/check-email', body, address, { 'x-forwarded-for': '198.51.100.7' }))
  })

  it('counts an IPv6 /64 as one client', async () => {
    const body = { email: 'v6@example.com' }
    for (let n = 0; n < LIMITS.checkEmail.max; n += 1) {
      expect((await post('/auth/check-email', body, `2001:db8:aa:bb::${n + 1}`)).statusCode).toBe(200)
    }
    expectTooMany(await post('/auth/check-email', body, '2001:db8:aa:bb:ffff:1:2:3'))
    expect((await post('/auth/check-email', body, '2001:db8:aa:bc::1')).statusCode).toBe(200)
  })
})

describe('the sliding-window limiter', () => {
  it('admits max hits in any window and says when the oldest one leaves it', () => {
    const limiter = new SlidingWindowLimiter({ max: 2, windowMs: 10_000 })
    expect(limiter.hit('a', 0)).toEqual({ allowed: true })
    expect(limiter.hit('a', 4_000)).toEqual({ allowed: true })
    expect(limiter.hit('a', 5_000)).toEqual({ allowed: false, retryAfterSeconds: 5 })
    expect(limiter.hit('a', 9_999)).toEqual({ allowed: false, retryAfterSeconds: 1 })
    expect(limiter.hit('a', 10_000)).toEqual({ allowed: true })
    expect(limiter.hit('a', 10_001)).toEqual({ allowed: false, retryAfterSeconds: 4 })
  })

  it('forgets idle clients and holds at most maxKeys', () => {
    const limiter = new SlidingWindowLimiter({ max: 1, windowMs: 1_000 }, 3)
    for (const key of ['a', 'b', 'c', 'd']) limiter.hit(key, 0)
    expect(limiter.size).toBe(3)
    // 'a', the least recently admitted, was dropped and starts afresh.
    expect(limiter.hit('a', 10).allowed).toBe(true)
    expect(limiter.hit('d', 10).allowed).toBe(false)
    limiter.hit('e', 5_000)
    expect(limiter.size).toBe(1)
  })

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
  ])('keys %s as %s', (address, key) => {
    expect(clientKey(address)).toBe(key)
  })
})

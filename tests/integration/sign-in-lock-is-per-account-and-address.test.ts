// Regression (decision 0018, security probe): ten wrong passwords from anywhere locked an account for 15 minutes,
// even against its owner's right password, so any stranger could lock anyone out. The lock is now per account *and*
// client address, and grows with each further failure (decision 0018); time is moved by an injected clock.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginFailures } from '../../server/db/schema'
import {
  createLoginFailuresRepository,
  LOGIN_LOCK,
  lockDurationMs,
} from '../../server/repositories/login-failures'
import { ACCOUNT_LOCKED_MESSAGE, ApiErrorSchema, LoginResponseSchema } from '../../src/domain/contract'
import { createTestApp, DEMO_ADMIN, DEMO_CUSTOMER, movableClock } from './support/test-server'

const MINUTE_MS = 60_000
const WRONG_PASSWORD = 'Wrong-password-1'

let app: FastifyInstance
const clock = movableClock()
let addressCounter = 0

beforeAll(async () => {
  // The per-address rate limit of the sign-in call is rate-limit.test.ts's subject: out of the way here.
  app = await createTestApp({ now: clock.now, rateLimits: { login: { max: 100_000, windowMs: MINUTE_MS } } })
})
afterAll(async () => {
  await app?.close()
})

/** A client address nobody else in this file uses, so one test's counts never leak into another's. */
function freshAddress(): string {
  addressCounter += 1
  return `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`
}

const login = (email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress })

async function failTimes(email: string, times: number, remoteAddress: string) {
  for (let n = 0; n < times; n += 1) {
    const response = await login(email, WRONG_PASSWORD, remoteAddress)
    expect(response.statusCode, `failure #${n + 1} from ${remoteAddress}: ${response.body}`).toBe(401)
  }
}

function expectLocked(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(response.statusCode, response.body).toBe(429)
  expect(ApiErrorSchema.parse(JSON.parse(response.body)).message).toBe(ACCOUNT_LOCKED_MESSAGE)
  return Number(response.headers['retry-after'])
}

function expectSignedIn(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(200)
  LoginResponseSchema.parse(response.json())
}

describe('a stranger cannot lock the owner out', () => {
  it('locks the stranger’s address after 10 failures; the owner from another address still gets in', async () => {
    const stranger = freshAddress()
    await failTimes(DEMO_ADMIN.email, LOGIN_LOCK.MAX_FAILURES, stranger)
    // The stranger is locked out, right password or not...
    expectLocked(await login(DEMO_ADMIN.email, WRONG_PASSWORD, stranger))
    expectLocked(await login(DEMO_ADMIN.email, DEMO_ADMIN.password, stranger))
    expectLocked(await login(DEMO_ADMIN.email.toUpperCase(), DEMO_ADMIN.password, stranger))
    // ...and the owner, at home, is not.
    expectSignedIn(await login(DEMO_ADMIN.email, DEMO_ADMIN.password, freshAddress()))
    // Nor is any other account from the stranger's address.
    expectSignedIn(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, stranger))
  })

  it('never locks the account when the failures come from many addresses, one or a few each', async () => {
    // Twice the old account-wide limit, spread out as a botnet would.
    const addresses = Array.from({ length: 10 }, () => freshAddress())
    for (const address of addresses) await failTimes(DEMO_CUSTOMER.email, 2, address)
    expectSignedIn(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, freshAddress()))
    // Each of those addresses still has its own attempts left too.
    expectSignedIn(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, addresses[0] ?? ''))
  })

  it('counts an IPv6 /64 as one address, and another /64 as another', async () => {
    for (let n = 0; n < LOGIN_LOCK.MAX_FAILURES; n += 1) {
      const response = await login(DEMO_ADMIN.email, WRONG_PASSWORD, `2001:db8:17:1::${n + 1}`)
      expect(response.statusCode).toBe(401)
    }
    expectLocked(await login(DEMO_ADMIN.email, DEMO_ADMIN.password, '2001:db8:17:1:ffff:1:2:3'))
    expectSignedIn(await login(DEMO_ADMIN.email, DEMO_ADMIN.password, '2001:db8:17:2::1'))
  })

  it('lets a success clear its own address only, so the owner signing in hands a stranger no new guesses', async () => {
    const stranger = freshAddress()
    const owner = freshAddress()
    await failTimes(DEMO_CUSTOMER.email, LOGIN_LOCK.MAX_FAILURES - 1, stranger)
    await failTimes(DEMO_CUSTOMER.email, LOGIN_LOCK.MAX_FAILURES - 1, owner)
    expectSignedIn(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, owner))
    // The owner's count started afresh...
    await failTimes(DEMO_CUSTOMER.email, LOGIN_LOCK.MAX_FAILURES - 1, owner)
    expectSignedIn(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, owner))
    // ...the stranger's did not: one more failure locks them.
    await failTimes(DEMO_CUSTOMER.email, 1, stranger)
    expectLocked(await login(DEMO_CUSTOMER.email, WRONG_PASSWORD, stranger))
  })
})

describe('the lock grows', () => {
  it('locks for a minute, then doubles at each failure after a lock ends, up to an hour', async () => {
    const email = 'grows@example.com'
    const address = freshAddress()
    await failTimes(email, LOGIN_LOCK.MAX_FAILURES - 1, address)
    const expectedMinutes = [1, 2, 4, 8, 16, 32, 60, 60]
    for (const minutes of expectedMinutes) {
      const failure = await login(email, WRONG_PASSWORD, address)
      expect(failure.statusCode, failure.body).toBe(401)
      const retryAfter = expectLocked(await login(email, WRONG_PASSWORD, address))
      expect(retryAfter).toBeGreaterThan(minutes * 60 - 5)
      expect(retryAfter).toBeLessThanOrEqual(minutes * 60)
      // Still locked a moment before the end, open just after it.
      clock.advance(retryAfter * 1000 - 2000)
      expectLocked(await login(email, WRONG_PASSWORD, address))
      clock.advance(3000)
    }
    expect(expectedMinutes.map((_, n) => lockDurationMs(LOGIN_LOCK.MAX_FAILURES + n) / MINUTE_MS)).toEqual(
      expectedMinutes,
    )
  })

  it('refuses the right password while locked, and lets it in once the lock ends', async () => {
    const address = freshAddress()
    await failTimes(DEMO_ADMIN.email, LOGIN_LOCK.MAX_FAILURES, address)
    const retryAfter = expectLocked(await login(DEMO_ADMIN.email, DEMO_ADMIN.password, address))
    clock.advance(retryAfter * 1000 + 1000)
    expectSignedIn(await login(DEMO_ADMIN.email, DEMO_ADMIN.password, address))
    // Success cleared that address's row.
    const rows = await app.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.email, DEMO_ADMIN.email), eq(loginFailures.clientAddress, address)))
    expect(rows).toEqual([])
  })

  it('forgets an address’s failures a day after the first', async () => {
    const address = freshAddress()
    await failTimes(DEMO_CUSTOMER.email, LOGIN_LOCK.MAX_FAILURES - 1, address)
    clock.advance(LOGIN_LOCK.WINDOW_MS + MINUTE_MS)
    await failTimes(DEMO_CUSTOMER.email, LOGIN_LOCK.MAX_FAILURES - 1, address)
    expectSignedIn(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, address))
  })
})

describe('what a lock reveals and where it lives', () => {
  it('locks unknown emails the same way, so a lock does not tell which accounts exist', async () => {
    const address = freshAddress()
    await failTimes('nobody-here@example.com', LOGIN_LOCK.MAX_FAILURES, address)
    expectLocked(await login('nobody-here@example.com', 'Whatever-password-1', address))
    expect((await login(DEMO_ADMIN.email, WRONG_PASSWORD, address)).statusCode).toBe(401)
  })

  it('keeps the lock in the database, where another instance sees it', async () => {
    const address = freshAddress()
    await failTimes('shared@example.com', LOGIN_LOCK.MAX_FAILURES, address)
    const otherInstance = createLoginFailuresRepository(app.db)
    expect(await otherInstance.lockedUntil('shared@example.com', address, clock.now())).toBeInstanceOf(Date)
    expect(await otherInstance.lockedUntil('shared@example.com', freshAddress(), clock.now())).toBeUndefined()
  })
})

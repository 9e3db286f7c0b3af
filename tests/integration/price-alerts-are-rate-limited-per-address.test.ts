// POST /alerts is limited per client address like opening positions (server/plugins/rate-limit.ts): the request
// after the limit gets 429 with Retry-After and the limits' own message, before the token or the body is read, and
// another address is not affected.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../src/domain/contract'
import { DEFAULT_RATE_LIMITS } from '../../server/plugins/rate-limit'
import { newCustomer } from './support/trading'
import { bearer, createTestApp } from './support/test-server'

const LIMIT = { max: 3, windowMs: 60_000 }

let app: FastifyInstance
let token: string

beforeAll(async () => {
  app = await createTestApp({
    realtime: { prices: { ticksPerSecond: 0, seed: 19, historyMinutes: 60 } },
    rateLimits: { priceAlert: LIMIT },
  })
  token = (await newCustomer(app, { balanceUsd: '0.00' })).token
})
afterAll(async () => {
  await app?.close()
})

it('has a default limit of its own', () => {
  expect(DEFAULT_RATE_LIMITS.priceAlert).toEqual({ max: 30, windowMs: 60_000 })
})

it('answers the request after the limit with 429 and Retry-After, before the body is read', async () => {
  const send = (payload: object | string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/v1/alerts', headers: bearer(token), payload, remoteAddress })
  // An unknown asset: refused (404 or 422), never an alert, but counted all the same.
  const body = { id: 999_999, condition: 'above', price: 1 }
  for (let n = 0; n < LIMIT.max; n += 1) {
    expect((await send(body, '10.8.0.1')).statusCode).not.toBe(429)
  }
  // Refused before the body is read: even a malformed one gets 429, not 422.
  const limited = await send('{ not json', '10.8.0.1')
  expect(limited.statusCode, limited.body).toBe(429)
  expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1)
  expect(ApiErrorSchema.parse(limited.json()).message).toMatch(
    /^Too many attempts\. Please try again in \d+ seconds?\.$/,
  )
  expect((await send(body, '10.8.1.1')).statusCode).not.toBe(429)
})

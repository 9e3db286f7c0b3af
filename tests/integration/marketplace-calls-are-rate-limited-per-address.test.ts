// Buying advisors, asking for the auto trader and asking for another plan are limited per client address, like
// opening positions: the request after the limit gets 429 with Retry-After, before the body is read, and another
// address is not affected.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../src/domain/contract'
import type { MarketplaceRateLimits } from '../../server/plugins/rate-limit'
import { newCustomer } from './support/trading'
import { bearer, createTestApp } from './support/test-server'

const LIMITS: MarketplaceRateLimits = {
  eaPurchase: { max: 3, windowMs: 60_000 },
  autotraderRequest: { max: 2, windowMs: 60_000 },
  planUpgrade: { max: 2, windowMs: 60_000 },
}

let app: FastifyInstance
let token: string

beforeAll(async () => {
  app = await createTestApp({
    realtime: { prices: { ticksPerSecond: 0, seed: 17, historyMinutes: 60 } },
    rateLimits: LIMITS,
  })
  token = (await newCustomer(app, { balanceUsd: '0.00' })).token
})
afterAll(async () => {
  await app?.close()
})

const CALLS: [keyof MarketplaceRateLimits, string, object][] = [
  ['eaPurchase', '/purchase/ea', { expert_advisor_id: 999_999 }],
  ['autotraderRequest', '/update/autotrader', { autotrader_type: 'medium' }],
  ['planUpgrade', '/plans/upgrade', { plan_id: 999_999 }],
]

it.each(CALLS)('%s: the request after the limit gets 429 with Retry-After', async (action, url, body) => {
  const send = (payload: object | string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(token), payload, remoteAddress })
  const address = `10.7.0.${CALLS.findIndex(([name]) => name === action) + 1}`
  for (let n = 0; n < LIMITS[action].max; n += 1) {
    expect((await send(body, address)).statusCode).not.toBe(429)
  }
  // Refused before the body is read: even a malformed one gets 429, not 422.
  const limited = await send('{ not json', address)
  expect(limited.statusCode, limited.body).toBe(429)
  expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1)
  expect(ApiErrorSchema.parse(limited.json()).message).toMatch(/^Too many attempts/)
  expect((await send(body, '10.7.1.1')).statusCode).not.toBe(429)
})

// Regression (decision 0018, security probe): /metrics was open to anyone. With METRICS_TOKEN set it answers only
// `Authorization: Bearer <METRICS_TOKEN>`; unset, only callers on the loopback address (decision 0018).
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { METRICS_MESSAGES } from '../../server/routes/metrics'
import { ApiErrorSchema } from '../../src/domain/contract'
import { createTestApp, listenTestApp, type ListeningServer } from './support/test-server'

const TOKEN = 'metrics-token-for-the-test-0123456789'
const STRANGER = '203.0.113.17'

let withToken: FastifyInstance
let withoutToken: ListeningServer

beforeAll(async () => {
  ;[withToken, withoutToken] = await Promise.all([
    createTestApp({ metricsToken: TOKEN }),
    listenTestApp({ trustProxy: true }),
  ])
})
afterAll(async () => {
  await Promise.all([withToken?.close(), withoutToken?.close()])
})

function expectMetrics(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/plain/)
  expect(response.body).toContain('http_requests_total')
}

function expectRefused(response: { statusCode: number; body: string }, statusCode: number) {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(statusCode)
  expect(response.body).not.toContain('http_requests_total')
  return ApiErrorSchema.parse(JSON.parse(response.body))
}

describe('with METRICS_TOKEN set', () => {
  const scrape = (headers: Record<string, string>, remoteAddress = STRANGER) =>
    withToken.inject({ url: '/metrics', headers, remoteAddress })

  it('answers the bearer token, from anywhere', async () => {
    expectMetrics(await scrape({ authorization: `Bearer ${TOKEN}` }))
    expectMetrics(await scrape({ authorization: `bearer ${TOKEN}` }, '127.0.0.1'))
  })

  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer metrics-token-for-the-test-0123456780' }],
    ['the token with something after it', { authorization: `Bearer ${TOKEN}x` }],
    ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, 10)}` }],
    [
      'the token as Basic credentials',
      { authorization: `Basic ${Buffer.from(`:${TOKEN}`).toString('base64')}` },
    ],
    ['the token without a scheme', { authorization: TOKEN }],
    ['the token in another header', { 'x-metrics-token': TOKEN }],
  ])('refuses %s with 401, also on loopback', async (_, headers) => {
    for (const remoteAddress of [STRANGER, '127.0.0.1']) {
      const response = await scrape(headers, remoteAddress)
      expectRefused(response, 401)
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"')
    }
  })

  it('does not take the token from the query string', async () => {
    expectRefused(await withToken.inject({ url: `/metrics?token=${TOKEN}`, remoteAddress: STRANGER }), 401)
  })
})

describe('without METRICS_TOKEN', () => {
  it('answers callers on this machine over a real socket', async () => {
    const response = await fetch(`${withoutToken.baseUrl}/metrics`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('http_requests_total')
  })

  it.each(['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1'])(
    'answers the loopback address %s',
    async (address) => {
      expectMetrics(await withoutToken.app.inject({ url: '/metrics', remoteAddress: address }))
    },
  )

  it.each([STRANGER, '10.0.0.5', '192.168.1.20', '2001:db8::17', '::ffff:203.0.113.17'])(
    'refuses %s with 403 and says how to scrape from elsewhere',
    async (address) => {
      const error = expectRefused(
        await withoutToken.app.inject({ url: '/metrics', remoteAddress: address }),
        403,
      )
      expect(error.message).toBe(METRICS_MESSAGES.LOCAL_ONLY)
    },
  )

  it('refuses a request a proxy on this machine forwarded, whatever it claims', async () => {
    for (const headers of [
      { 'x-forwarded-for': STRANGER },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
    ]) {
      expectRefused(
        await withoutToken.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers }),
        403,
      )
    }
  })

  it('ignores a bearer token nobody configured', async () => {
    const response = await withoutToken.app.inject({
      url: '/metrics',
      remoteAddress: STRANGER,
      headers: { authorization: 'Bearer anything-at-all-0123456789' },
    })
    expectRefused(response, 403)
  })
})

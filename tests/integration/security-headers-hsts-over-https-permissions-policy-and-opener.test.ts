// Every answer turns off the browser features the app does not use (Permissions-Policy) and keeps other origins'
// windows from a handle on it (Cross-Origin-Opener-Policy); one that came over HTTPS also tells the browser to use
// nothing else for a year (HSTS). HTTPS is the request's own protocol, or X-Forwarded-Proto from a trusted proxy
// only: a client cannot switch it on through a server that trusts no proxy, and plain HTTP never gets it.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from './support/test-server'

const QUIET = { prices: { ticksPerSecond: 0 } }
const HTTPS = { 'x-forwarded-proto': 'https' }
const URLS = ['/api/v1/settings', '/api/v1/no-such-route', '/mt4'] as const

let behindProxy: FastifyInstance
let direct: FastifyInstance

beforeAll(async () => {
  ;[behindProxy, direct] = await Promise.all([
    createTestApp({ trustProxy: '127.0.0.1', realtime: QUIET }),
    createTestApp({ realtime: QUIET }),
  ])
})
afterAll(async () => {
  await Promise.all([behindProxy?.close(), direct?.close()])
})

/** The policy's features and their allowlists: `camera=()` reads camera -> []. */
function features(header: string | undefined): Map<string, string> {
  return new Map(
    (header ?? '')
      .split(',')
      .map((entry) => entry.trim().split('='))
      .filter((pair): pair is [string, string] => pair.length === 2)
      .map(([name, allowlist]) => [name, allowlist]),
  )
}

describe('security headers', () => {
  it('sets HSTS on answers that came over HTTPS through a trusted proxy, and never over plain HTTP', async () => {
    for (const url of URLS) {
      const secure = await behindProxy.inject({ url, headers: { ...HTTPS, accept: 'text/html' } })
      expect(secure.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains')
      const plain = await behindProxy.inject({ url, headers: { accept: 'text/html' } })
      expect(plain.headers, url).not.toHaveProperty('strict-transport-security')
      // With no proxy trusted, X-Forwarded-Proto is the client's own claim.
      const claimed = await direct.inject({ url, headers: HTTPS })
      expect(claimed.headers, url).not.toHaveProperty('strict-transport-security')
    }
  })

  it('turns off the features the app does not use and keeps those it does', async () => {
    for (const url of URLS) {
      const response = await direct.inject({ url, headers: { accept: 'text/html' } })
      const policy = features(response.headers['permissions-policy'] as string | undefined)
      for (const unused of [
        'camera',
        'microphone',
        'geolocation',
        'payment',
        'usb',
        'serial',
        'hid',
        'midi',
      ]) {
        expect(policy.get(unused), `${url} ${unused}`).toBe('()')
      }
      // Copy buttons (addresses, recovery codes, sign-in links), the notification chime, fullscreen.
      for (const used of ['clipboard-write', 'autoplay', 'fullscreen']) {
        expect(policy.has(used), `${url} ${used}`).toBe(false)
      }
    }
  })

  it('keeps windows of other origins from a handle on the page (COOP same-origin)', async () => {
    for (const url of URLS) {
      const response = await direct.inject({ url, headers: { accept: 'text/html' } })
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin')
    }
  })
})

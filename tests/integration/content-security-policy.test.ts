// The Content-Security-Policy on every answer: scripts from this origin and the widget host only, and sockets to
// this origin plus wherever the settings send the realtime clients (a SharedWorker obeys its own script's header,
// so a Pusher or price host left out here would be refused inside the worker).
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../../server/lib/content-security-policy'
import { createTestApp } from './support/test-server'

const QUIET = { ticksPerSecond: 0 }

function directives(policy: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) map.set(name, sources)
  }
  return map
}

const apps: FastifyInstance[] = []
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()))
})

describe('Content-Security-Policy', () => {
  it('is on pages, API answers and errors alike, with no inline or eval script and no framing', async () => {
    const app = await createTestApp({ realtime: { prices: QUIET } })
    apps.push(app)
    for (const url of ['/api/v1/settings', '/api/v1/no-such-route', '/mt4']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } })
      const policy = directives(response.headers['content-security-policy'] as string)
      expect(policy.get('script-src'), url).toEqual(["'self'", 'https://s3.tradingview.com'])
      expect(policy.get('connect-src'), url).toEqual(["'self'"])
      expect(policy.get('object-src'), url).toEqual(["'none'"])
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"])
      expect(policy.get('default-src'), url).toEqual(["'self'"])
    }
  })

  it('lets the service worker fetch images from any HTTPS host, as the page may show them, and no more', async () => {
    const app = await createTestApp({ realtime: { prices: QUIET } })
    apps.push(app)
    const policyOf = async (url: string) =>
      directives((await app.inject({ url })).headers['content-security-policy'] as string)
    const worker = await policyOf('/sw.js')
    expect(worker.get('connect-src')).toEqual(["'self'", 'https:'])
    expect(worker.get('script-src')).toEqual(["'self'", 'https://s3.tradingview.com'])
    expect((await policyOf('/sw.js.map')).get('connect-src')).toEqual(["'self'"])
  })

  it('lets the sockets reach a Pusher service and a price feed on other hosts, on their schemes', async () => {
    const app = await createTestApp({
      realtime: {
        pusher: {
          appId: '1',
          key: 'key',
          secret: 'secret',
          host: 'api-eu.pusher.com',
          scheme: 'https',
        },
        prices: { ...QUIET, url: 'https://prices.example.com:8443/feed' },
      },
      securityHeaders: { extraConnectSources: ['https://api.example.com'] },
    })
    apps.push(app)
    const response = await app.inject({ url: '/api/v1/settings' })
    expect(directives(response.headers['content-security-policy'] as string).get('connect-src')).toEqual([
      "'self'",
      'wss://ws-eu.pusher.com',
      'https://prices.example.com:8443',
      'wss://prices.example.com:8443',
      'https://api.example.com',
    ])
  })

  it('names both socket schemes when the settings leave TLS to the page, and the port when one is set', () => {
    const policy = contentSecurityPolicy({
      pusher: { key: 'k', cluster: 'mt1', host: 'broker.internal', port: 6001 },
      prices: { apiKey: 'p', url: 'http://10.0.0.5:3001' },
    })
    expect(directives(policy).get('connect-src')).toEqual([
      "'self'",
      'ws://broker.internal:6001',
      'wss://broker.internal:6001',
      'http://10.0.0.5:3001',
      'ws://10.0.0.5:3001',
    ])
  })
})

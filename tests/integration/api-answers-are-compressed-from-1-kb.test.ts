// The API's answers go out compressed from 1 KB up (server/plugins/compression.ts): brotli or gzip as the browser
// offers, the same JSON either way, small answers and request bodies left as they are.
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_COMPRESSION_THRESHOLD_BYTES } from '../../server/plugins/compression'
import { bearer, createTestApp, DEMO_CUSTOMER, loginToken } from './support/test-server'

let app: FastifyInstance
let token: string

beforeAll(async () => {
  app = await createTestApp()
  token = await loginToken(app, DEMO_CUSTOMER)
})
afterAll(async () => {
  await app?.close()
})

const getAssets = (acceptEncoding?: string) =>
  app.inject({
    url: '/api/v1/assets',
    headers: { ...bearer(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  })

describe('API compression', () => {
  it('sends the asset list as brotli to a browser that offers it, the same JSON in a fraction of the bytes', async () => {
    const plain = await getAssets()
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESSION_THRESHOLD_BYTES)

    // Chromium's header.
    const brotli = await getAssets('gzip, deflate, br, zstd')
    expect(brotli.statusCode).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i)
    const decoded = JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8')) as unknown
    expect(decoded).toEqual(plain.json())
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
  })

  it('falls back to gzip, and to the plain body for a client that offers neither', async () => {
    const plain = await getAssets()
    const gzip = await getAssets('gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json())

    const identity = await getAssets('identity')
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.json()).toEqual(plain.json())
  })

  it('leaves an answer under 1 KB as it is', async () => {
    const refused = await app.inject({ url: '/api/v1/user', headers: { 'accept-encoding': 'br, gzip' } })
    expect(refused.statusCode).toBe(401)
    expect(refused.rawPayload.length).toBeLessThan(API_COMPRESSION_THRESHOLD_BYTES)
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.json()).toHaveProperty('message')
  })

  it('does not inflate a compressed request body: it is refused as unreadable, with a message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(DEMO_CUSTOMER)),
    })
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
    expect(response.json()).toHaveProperty('message')
    expect(JSON.stringify(response.json())).not.toContain('token')
  })
})

// Serving the built PWA: cache headers per file kind, the SPA fallback for client routes, JSON 404s for the API.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDirectory } from '../../scripts/vite-precompress'
import { createTestApp } from './support/test-server'

const INDEX_HTML = '<!doctype html><title>CFD Trader</title><div id="root"></div>'
const VENDOR_JS = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ index })))}`
let clientDir: string
let app: FastifyInstance

beforeAll(async () => {
  clientDir = await mkdtemp(join(tmpdir(), 'cfd-client-'))
  await mkdir(join(clientDir, 'assets'))
  await writeFile(join(clientDir, 'index.html'), INDEX_HTML)
  await writeFile(join(clientDir, 'sw.js'), 'self.addEventListener("install", () => {})')
  await writeFile(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(join(clientDir, 'assets', 'index-3f9a1c.js'), 'console.log("app")')
  await writeFile(join(clientDir, 'assets', 'vendor-77aa01.js'), VENDOR_JS)
  // What the build does last (scripts/vite-precompress.ts): .br and .gz beside every text file of 1 KB or more.
  await precompressDirectory(clientDir)
  app = await createTestApp({ clientDir })
})
afterAll(async () => {
  await app?.close()
  await rm(clientDir, { recursive: true, force: true })
})

const page = (url: string) => app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } })

describe('static client', () => {
  it('serves index.html at / and sw.js, both revalidated on every load', async () => {
    const index = await page('/')
    expect(index.statusCode).toBe(200)
    expect(index.body).toBe(INDEX_HTML)
    expect(index.headers['cache-control']).toBe('no-cache')
    expect(index.headers['x-frame-options']).toBe('DENY')

    const worker = await app.inject({ url: '/sw.js' })
    expect(worker.statusCode).toBe(200)
    expect(worker.headers['content-type']).toContain('javascript')
    expect(worker.headers['cache-control']).toBe('no-cache')
  })

  it('serves hashed files under /assets/ as immutable for a year', async () => {
    const script = await app.inject({ url: '/assets/index-3f9a1c.js' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(script.headers['x-content-type-options']).toBe('nosniff')
  })

  it("leaves the headers only a document or a worker reads off a page's scripts, and keeps them everywhere else", async () => {
    const DOCUMENT_ONLY = [
      'content-security-policy',
      'permissions-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
    ]
    const asFetched = (url: string, destination?: string) =>
      app.inject({ url, headers: destination ? { 'sec-fetch-dest': destination } : {} })

    for (const destination of ['script', 'style', 'font', 'image']) {
      const subresource = await asFetched('/assets/vendor-77aa01.js', destination)
      expect(subresource.statusCode, destination).toBe(200)
      expect(subresource.headers['x-content-type-options'], destination).toBe('nosniff')
      expect(subresource.headers['referrer-policy'], destination).toBe('same-origin')
      for (const header of DOCUMENT_ONLY) expect(subresource.headers, destination).not.toHaveProperty(header)
    }
    // A worker's script is a document of its own: its policy comes from its own answer.
    for (const [url, destination] of [
      ['/assets/vendor-77aa01.js', 'sharedworker'],
      ['/assets/vendor-77aa01.js', 'worker'],
      ['/sw.js', 'serviceworker'],
      ['/favicon.svg', 'document'],
      ['/assets/vendor-77aa01.js', undefined],
    ] as const) {
      const response = await asFetched(url, destination)
      for (const header of DOCUMENT_ONLY)
        expect(response.headers[header], `${url} ${destination}`).toBeTruthy()
    }
    const page = await app.inject({
      url: '/main/dashboard',
      headers: { accept: 'text/html', 'sec-fetch-dest': 'document' },
    })
    for (const header of DOCUMENT_ONLY) expect(page.headers[header], header).toBeTruthy()
  })

  it('answers client routes that accept HTML with index.html', async () => {
    for (const url of ['/main/dashboard', '/mt4', '/register/country-residence?x=1', '/no/such/page']) {
      const response = await page(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toBe(INDEX_HTML)
      expect(response.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('answers missing files, API and metrics paths with JSON 404s, never index.html', async () => {
    for (const url of ['/assets/missing-123.js', '/api/v1/nothing', '/api/other']) {
      const response = url.startsWith('/api') ? await page(url) : await app.inject({ url })
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toEqual({ message: 'Not found' })
    }
    const post = await app.inject({
      method: 'POST',
      url: '/main/dashboard',
      headers: { accept: 'text/html' },
    })
    expect(post.statusCode).toBe(404)
    expect(post.json()).toEqual({ message: 'Not found' })
  })

  it("sends the build's brotli or gzip copy to a browser that accepts it, the file itself otherwise", async () => {
    const url = '/assets/vendor-77aa01.js'
    const brotli = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(brotli.statusCode).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-type']).toContain('javascript')
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotli.headers.vary).toContain('accept-encoding')
    expect(brotli.rawPayload.length).toBeLessThan(VENDOR_JS.length / 4)
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(VENDOR_JS)

    const gzipped = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    expect(gzipped.headers['content-encoding']).toBe('gzip')

    const plain = await app.inject({ url })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(VENDOR_JS)

    // A file under 1 KB has no copies: sent as it is, whatever the browser accepts.
    const small = await app.inject({ url: '/assets/index-3f9a1c.js', headers: { 'accept-encoding': 'br' } })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body).toBe('console.log("app")')
  })

  it('still answers the API beside the client', async () => {
    const response = await app.inject({ url: '/api/v1/settings' })
    expect(response.statusCode).toBe(200)
  })
})

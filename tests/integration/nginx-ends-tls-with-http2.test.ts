// deploy/nginx.conf with TLS ended at nginx (scripts/cluster/nginx.ts's `tls` option): a browser gets HTTP/2 over
// TLS, and every request still reaches the instance behind it with its path and the headers the instances rely on.
// The benches measure the app through this front (docs/decisions/0043-the-signed-in-start-on-a-phone.md).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { connect } from 'node:http2'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startHttpsFront, type HttpsFront } from '../bench/support/https-front'

let upstream: Server
let front: HttpsFront
const seen: { url: string | undefined; headers: IncomingHttpHeaders }[] = []

beforeAll(async () => {
  upstream = createServer((request, response) => {
    seen.push({ url: request.url, headers: request.headers })
    response.setHeader('content-type', 'text/plain')
    response.end(`instance saw ${request.url}`)
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const address = upstream.address()
  if (typeof address !== 'object' || !address) throw new Error('no upstream address')
  front = await startHttpsFront(`http://127.0.0.1:${address.port}`)
})

afterAll(async () => {
  await front?.stop()
  await new Promise((resolve) => upstream?.close(resolve))
})

it('answers over HTTP/2 with TLS and passes the request on with its host and scheme', async () => {
  expect(front.url).toMatch(/^https:\/\/localhost:\d+$/)
  // The certificate is made for the run and trusted by nobody.
  const session = connect(front.url, { rejectUnauthorized: false })
  try {
    const { status, body, alpn } = await new Promise<{ status: number; body: string; alpn: string }>(
      (resolve, reject) => {
        const request = session.request({ ':path': '/assets/app.js?v=1' })
        let status = 0
        let body = ''
        request.on('response', (headers) => (status = Number(headers[':status'])))
        request.setEncoding('utf8')
        request.on('data', (chunk: string) => (body += chunk))
        request.on('end', () => resolve({ status, body, alpn: session.alpnProtocol ?? '' }))
        request.on('error', reject)
        request.end()
      },
    )
    expect(alpn).toBe('h2')
    expect(status).toBe(200)
    expect(body).toBe('instance saw /assets/app.js?v=1')
    const last = seen.at(-1)!
    expect(last.headers['x-forwarded-proto']).toBe('https')
    expect(last.headers.host).toBe(new URL(front.url).host)
  } finally {
    session.close()
  }
})

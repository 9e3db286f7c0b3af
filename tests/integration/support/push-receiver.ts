// A push service of the test's own (decision 0037): an HTTPS server on 127.0.0.1 with a self-signed certificate made
// at test time, which the server under test trusts through the push sender's extra CA (never by turning certificate
// checks off). It keeps every request, answers 201, or the status a path asks for (`/gone/...` answers 410), and the
// test's "browser" (an ECDH key pair and an auth secret of its own) decrypts the aes128gcm payload with an
// implementation independent of the sender's (`http_ece`).
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto'
import { once } from 'node:events'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import ece from 'http_ece'
import type { PushOptions } from '../../../server/push'
import { allowedOrigins } from '../../../server/push/origins'
import { selfSignedCertificate } from '../../support/self-signed-certificate'

export interface ReceivedPush {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  receivedAtMs: number
}

export interface PushReceiver {
  origin: string
  cert: string
  received: ReceivedPush[]
  /** Resolves with the first request after `from` (an index into `received`) whose path starts with `prefix`. */
  next(prefix: string, from?: number): Promise<ReceivedPush>
  close(): Promise<void>
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const { cert, key } = selfSignedCertificate()
  const received: ReceivedPush[] = []
  const waiters = new Set<() => void>()
  const server: Server = createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks),
        receivedAtMs: performance.now(),
      })
      for (const wake of waiters) wake()
      response.statusCode = path.startsWith('/gone/') ? 410 : 201
      response.end()
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    origin: `https://127.0.0.1:${port}`,
    cert,
    received,
    async next(prefix, from = 0) {
      const deadline = Date.now() + 10_000
      for (;;) {
        const found = received.slice(from).find((push) => push.path.startsWith(prefix))
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no push to ${prefix} within 10 s`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 200)
          waiters.add(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
    async close() {
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
    },
  }
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and the JSON it would POST. */
export function browserSubscription(endpoint: string) {
  const ecdh: ECDH = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    /** Decrypts an aes128gcm body (RFC 8188/8291) as the browser would. */
    decrypt(body: Buffer): string {
      return ece
        .decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') })
        .toString('utf8')
    },
  }
}

/**
 * Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292): returns k and the JWT's claims after verifying its
 * ES256 signature with k; throws otherwise.
 */
export function verifiedVapid(header: string | string[] | undefined): {
  key: string
  claims: { aud: string; exp: number; sub: string }
} {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(header))
  if (!match) throw new Error(`not a vapid Authorization header: ${String(header)}`)
  const [, jwt = '', key = ''] = match
  const [head = '', payload = '', signature = ''] = jwt.split('.')
  const point = Buffer.from(key, 'base64url')
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!valid) throw new Error('the VAPID JWT signature does not verify with k')
  const alg = (JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg: string }).alg
  if (alg !== 'ES256') throw new Error(`VAPID JWT alg ${alg}`)
  return { key, claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) }
}

/** The app's push options aimed at a receiver: its origin the one allowed push service, its certificate trusted. */
export function pushOptionsFor(receiver: Pick<PushReceiver, 'origin' | 'cert'>): PushOptions {
  return { allowed: allowedOrigins([receiver.origin]), extraCa: receiver.cert }
}

/** A "browser" of the customer subscribed through the API at `{receiver}/push/{name}`. */
export async function subscribedBrowser(
  app: FastifyInstance,
  receiver: Pick<PushReceiver, 'origin'>,
  token: string,
  name: string,
) {
  const browser = browserSubscription(`${receiver.origin}/push/${name}`)
  const subscribed = await app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers: { authorization: `Bearer ${token}` },
    payload: browser.json,
  })
  if (subscribed.statusCode !== 201)
    throw new Error(`subscribe answered ${subscribed.statusCode} ${subscribed.body}`)
  return browser
}

/** The decrypted payloads of the pushes to `{receiver}/push/{name}` received since `from`. */
export function payloadsTo(
  receiver: Pick<PushReceiver, 'received'>,
  browser: { decrypt(body: Buffer): string },
  name: string,
  from = 0,
): Array<Record<string, string>> {
  return receiver.received
    .slice(from)
    .filter((push) => push.path === `/push/${name}`)
    .map((push) => JSON.parse(browser.decrypt(push.body)) as Record<string, string>)
}

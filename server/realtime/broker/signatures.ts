// Pusher's three signatures: channel authorisation (what /broadcasting/auth hands to the client), user
// authentication (`pusher:signin`) and the signed HTTP API (what the `pusher` SDK sends). All are HMAC-SHA256 with
// the app secret, compared in constant time.
import { createHash, createHmac } from 'node:crypto'
import { equalsInConstantTime } from '../../lib/constant-time'

export interface AppCredentials {
  id: string
  key: string
  secret: string
}

const hmacHex = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex')

/** `key:hex(HMAC-SHA256(secret, socket_id:channel[:channel_data]))`, the `auth` a client subscribes with. */
export function channelAuth(
  app: Pick<AppCredentials, 'key' | 'secret'>,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const signed =
    channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`
  return `${app.key}:${hmacHex(app.secret, signed)}`
}

export function channelAuthMatches(
  app: Pick<AppCredentials, 'key' | 'secret'>,
  auth: string,
  socketId: string,
  channel: string,
  channelData?: string,
): boolean {
  return equalsInConstantTime(auth, channelAuth(app, socketId, channel, channelData))
}

/**
 * `key:hex(HMAC-SHA256(secret, socket_id::user::user_data))`, the `auth` of a `pusher:signin`: what the SDK's
 * `authenticateUser` hands to the client, over the exact `user_data` text.
 */
export function userAuth(
  app: Pick<AppCredentials, 'key' | 'secret'>,
  socketId: string,
  userData: string,
): string {
  return `${app.key}:${hmacHex(app.secret, `${socketId}::user::${userData}`)}`
}

export function userAuthMatches(
  app: Pick<AppCredentials, 'key' | 'secret'>,
  auth: string,
  socketId: string,
  userData: string,
): boolean {
  return equalsInConstantTime(auth, userAuth(app, socketId, userData))
}

export interface ApiRequest {
  method: string
  /** The path alone, e.g. /apps/123/events. */
  path: string
  /** The raw query string, without the `?`. */
  rawQuery: string
  /** The body exactly as received; '' when none. */
  rawBody: string
  nowMs: number
}

export type ApiVerdict = { ok: true } | { ok: false; reason: string }

/** How far auth_timestamp may be from the server's clock (Pusher's own limit). */
export const MAX_CLOCK_SKEW_SECONDS = 600

/**
 * Checks a signed HTTP API request: auth_key, auth_version 1.0, auth_timestamp within 600 s, body_md5 of the exact
 * body, and auth_signature = HMAC-SHA256(secret, "METHOD\nPATH\nsorted query without auth_signature").
 */
export function verifyApiRequest(app: AppCredentials, request: ApiRequest): ApiVerdict {
  const params = new Map<string, string>()
  for (const [name, value] of new URLSearchParams(request.rawQuery)) {
    const key = name.toLowerCase()
    // A repeated parameter would let the signed value and the used value differ.
    if (params.has(key)) return { ok: false, reason: `Repeated query parameter '${key.slice(0, 40)}'` }
    params.set(key, value)
  }
  const signature = params.get('auth_signature')
  if (!signature) return { ok: false, reason: 'Missing auth_signature' }
  if (params.get('auth_key') !== app.key) return { ok: false, reason: 'Unknown auth_key' }
  if (params.get('auth_version') !== '1.0') return { ok: false, reason: 'auth_version must be 1.0' }

  const timestamp = Number(params.get('auth_timestamp'))
  if (!Number.isInteger(timestamp)) return { ok: false, reason: 'Missing or invalid auth_timestamp' }
  if (Math.abs(request.nowMs / 1000 - timestamp) > MAX_CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: `Timestamp expired: more than ${MAX_CLOCK_SKEW_SECONDS} s from server time` }
  }

  if (request.rawBody !== '') {
    const bodyMd5 = createHash('md5').update(request.rawBody, 'utf8').digest('hex')
    // The body is public; only whether it was changed matters, so a plain comparison would do, but stay uniform.
    if (!equalsInConstantTime(params.get('body_md5') ?? '', bodyMd5)) {
      return { ok: false, reason: 'body_md5 does not match the body' }
    }
  }

  const signedQuery = [...params.entries()]
    .filter(([name]) => name !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
  const expected = hmacHex(app.secret, `${request.method.toUpperCase()}\n${request.path}\n${signedQuery}`)
  if (!equalsInConstantTime(signature, expected)) return { ok: false, reason: 'Invalid signature' }
  return { ok: true }
}

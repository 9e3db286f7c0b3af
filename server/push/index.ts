// Web Push (decision 0037): the VAPID key pair (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else generated once and stored),
// the allowed push services (WEB_PUSH_ALLOWED_ORIGINS), customers' subscriptions, and the queue pushes leave from.
// Decorates the app with `push`; registered before the trading desk, whose alerts push.
import type { FastifyInstance } from 'fastify'
import { PUSH_MESSAGES, type PushSubscriptionRequest } from '../alerts/contract'
import type { FieldErrors } from '../trading/results'
import { createEventPushes, type EventPushes } from './events'
import { allowedOrigins, allowedOriginsFromEnv, type AllowedOrigins } from './origins'
import { createPushQueue, type PushQueue, type PushSent } from './queue'
import { generateVapidKeys, WebPushSender, type PushSender } from './sender'
import type { VapidKeyPair } from '../repositories/vapid-keys'

export interface PushOptions {
  /** Both or neither: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url). Unset: generated once per database. */
  vapid?: VapidKeyPair
  /** The VAPID `sub` claim: a mailto: or https: contact for the push services (VAPID_SUBJECT). */
  subject?: string
  /** WEB_PUSH_ALLOWED_ORIGINS; default: the browsers' push services. */
  allowed?: AllowedOrigins
  /** A CA (PEM) the real sender trusts besides Node's (tests' local receiver). */
  extraCa?: string
  /** Replaces the real sender (a seam for tests that count what would leave). */
  sender?: (vapid: VapidKeyPair & { subject: string }) => PushSender
  /** Told of every push the service answered. */
  onSent?: (sent: PushSent) => void
}

export interface PushService {
  publicKey: string
  queue: PushQueue
  /** The pushes of funds, support and trade events, by the customer's preferences (events.ts). */
  events: EventPushes
  allowed: AllowedOrigins
  subscribe(
    userId: number,
    request: PushSubscriptionRequest,
  ): Promise<{ ok: true } | { ok: false; message: string; errors: FieldErrors }>
  unsubscribe(userId: number, endpoint: string): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService
  }
}

const DEFAULT_SUBJECT = 'mailto:push@example.com'

/** An uncompressed P-256 point (65 bytes, 0x04 first) and a 16-byte secret, as RFC 8291 needs them. */
function keyProblems(keys: PushSubscriptionRequest['keys']): FieldErrors {
  const errors: FieldErrors = {}
  const p256dh = Buffer.from(keys.p256dh, 'base64url')
  if (p256dh.length !== 65 || p256dh[0] !== 4) errors['keys.p256dh'] = [PUSH_MESSAGES.BAD_KEY]
  if (Buffer.from(keys.auth, 'base64url').length !== 16) errors['keys.auth'] = [PUSH_MESSAGES.BAD_AUTH]
  return errors
}

export async function registerPush(app: FastifyInstance, options: PushOptions = {}): Promise<void> {
  const keys = options.vapid ?? (await app.repos.vapidKeys.getOrCreate(generateVapidKeys))
  const vapid = { ...keys, subject: options.subject ?? DEFAULT_SUBJECT }
  const allowed = options.allowed ?? allowedOrigins()
  const sender =
    options.sender?.(vapid) ??
    new WebPushSender({ vapid, ...(options.extraCa === undefined ? {} : { extraCa: options.extraCa }) })
  const queue = createPushQueue({
    repos: app.repos,
    sender,
    allowed,
    log: app.log,
    ...(options.onSent ? { onSent: options.onSent } : {}),
  })

  const broker = app.realtime.broker
  const events = createEventPushes({
    queue,
    log: app.log,
    ...(broker ? { channelCounts: (query) => broker.channelCounts(query) } : {}),
  })

  app.decorate('push', {
    publicKey: vapid.publicKey,
    queue,
    events,
    allowed,
    async subscribe(userId, request) {
      const endpoint = new URL(request.endpoint)
      if (endpoint.protocol !== 'https:') {
        return {
          ok: false,
          message: PUSH_MESSAGES.NOT_HTTPS,
          errors: { endpoint: [PUSH_MESSAGES.NOT_HTTPS] },
        }
      }
      if (!allowed.allows(request.endpoint)) {
        return {
          ok: false,
          message: PUSH_MESSAGES.ORIGIN_REFUSED,
          errors: { endpoint: [PUSH_MESSAGES.ORIGIN_REFUSED] },
        }
      }
      const errors = keyProblems(request.keys)
      const first = Object.values(errors)[0]?.[0]
      if (first !== undefined) return { ok: false, message: first, errors }
      await app.repos.pushSubscriptions.save({
        userId,
        endpoint: request.endpoint,
        p256dh: request.keys.p256dh,
        auth: request.keys.auth,
        now: app.now(),
      })
      return { ok: true }
    },
    async unsubscribe(userId, endpoint) {
      await app.repos.pushSubscriptions.remove(userId, endpoint)
    },
  } satisfies PushService)
  // The queue stops in the trading desk's preClose, after the desk: the pushes its last ticks queued still leave.
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither, base64url), VAPID_SUBJECT and WEB_PUSH_ALLOWED_ORIGINS,
 * read once at start; throws a sentence for the operator on a bad value.
 */
export function pushOptionsFromEnv(env: NodeJS.ProcessEnv): PushOptions {
  const publicKey = env.VAPID_PUBLIC_KEY || undefined
  const privateKey = env.VAPID_PRIVATE_KEY || undefined
  if ((publicKey === undefined) !== (privateKey === undefined))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither')
  if (publicKey !== undefined && Buffer.from(publicKey, 'base64url').length !== 65)
    throw new Error('VAPID_PUBLIC_KEY must be a P-256 public key, 65 bytes in base64url')
  if (privateKey !== undefined && Buffer.from(privateKey, 'base64url').length !== 32)
    throw new Error('VAPID_PRIVATE_KEY must be a P-256 private key, 32 bytes in base64url')
  const subject = env.VAPID_SUBJECT || undefined
  if (subject !== undefined && !/^(mailto:|https:\/\/)/.test(subject))
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got '${subject}'`)
  return {
    ...(publicKey !== undefined && privateKey !== undefined ? { vapid: { publicKey, privateKey } } : {}),
    ...(subject === undefined ? {} : { subject }),
    allowed: allowedOriginsFromEnv(env.WEB_PUSH_ALLOWED_ORIGINS),
  }
}

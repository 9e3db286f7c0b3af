// A customer's signed-in devices as the browser's realtime hub holds them: a pusher-js socket whose private channels
// were authorised with the device's bearer token, recording every frame it receives and how the server closed it,
// and a price socket that presented the token at its handshake. For the tests of signed-out sessions
// (docs/decisions/0033-hardening-second-round.md).
import type { FastifyInstance } from 'fastify'
import type Pusher from 'pusher-js'
import type { Socket } from 'socket.io-client'
import { expect } from 'vitest'
import { publishUserUpdated } from '../../../server/realtime/user-events'
import { CHANNELS, PRICE_EVENTS, PUSH_EVENTS, SessionsResponseSchema } from '../../../src/domain/contract'
import { call, tokenPusher } from './back-office'
import { priceClient, waitFor, type RawFrame } from './realtime-clients'

/** The interface's promise: the server closes a signed-out session's socket within 2 s. */
export const CLOSED_WITHIN_MS = 2_000

/** Resolves with what `promise` gives if it does within the 2 s the interface allows, else fails. */
export function within<T>(label: string, promise: Promise<T>, timeoutMs = CLOSED_WITHIN_MS): Promise<T> {
  return waitFor(label, (deliver) => void promise.then(deliver), timeoutMs)
}

/** The session (auth_tokens id) behind a token, as GET /user/sessions marks it current. */
export async function sessionIdOf(app: FastifyInstance, token: string): Promise<number> {
  const response = await call(app, token, 'GET', '/user/sessions')
  const current = SessionsResponseSchema.parse(response.json()).data.find((session) => session.current)
  if (!current) throw new Error('no current session')
  return current.id
}

/** DELETE /user/sessions/{id} from the caller's session for the session behind `token`: 200. */
export async function signOutSessionOf(
  app: FastifyInstance,
  callerToken: string,
  token: string,
): Promise<void> {
  const response = await call(app, callerToken, 'DELETE', `/user/sessions/${await sessionIdOf(app, token)}`)
  expect(response.statusCode, response.body).toBe(200)
}

/** The private channels a customer's device holds: its user, notifications and support chat. */
export const customerChannels = (customerId: number) => [
  CHANNELS.user(customerId),
  CHANNELS.notification(customerId),
  CHANNELS.chatCustomer(customerId),
]

/** What a signed-out phone was seen to still receive: support's message, a notification and user.updated. */
export const PUBLISHED_TO_CUSTOMER = [
  PUSH_EVENTS.MESSAGE_SENT,
  PUSH_EVENTS.NOTIFICATION_MESSAGE,
  PUSH_EVENTS.USER_UPDATED,
]

/** Publishes PUBLISHED_TO_CUSTOMER: the message and user.updated through `via`, the notification through `noticeVia`. */
export async function publishToCustomer(
  adminToken: string,
  customerId: number,
  via: FastifyInstance,
  noticeVia = via,
): Promise<void> {
  const message = { customer_id: customerId, message: 'Support here: we reset your limits.' }
  const sent = await call(via, adminToken, 'POST', '/chat/messages', message)
  expect(sent.statusCode, sent.body).toBe(201)
  const notice = {
    user_id: customerId,
    title: 'Account notice',
    message: 'Your limits changed.',
    color: 'info',
  }
  const notified = await call(noticeVia, adminToken, 'POST', '/admin/notifications', notice)
  expect(notified.statusCode, notified.body).toBe(201)
  publishUserUpdated(via.publisher, customerId, via.now())
}

export interface PusherDevice {
  client: Pusher
  /** Every frame the socket received since it connected, the protocol's own included, in order. */
  frames: RawFrame[]
  /** Resolves once the server closed the socket: the close code, and the pusher:error that came before it. */
  closed: Promise<{ code: number | undefined; error: unknown }>
  /** The channels' own events (no pusher: or pusher_internal: frame) among frames[from...]. */
  channelEventsFrom(from: number): RawFrame[]
}

export async function pusherDevice(options: {
  baseUrl: string
  /** Where its channel authorisations go (another instance), by default the socket's server. */
  authBaseUrl?: string
  pusherKey: string
  token: string
  channels: readonly string[]
}): Promise<PusherDevice> {
  const client = await tokenPusher(options.baseUrl, options.pusherKey, options.token, options.authBaseUrl)
  const frames: RawFrame[] = []
  let closeCode: number | undefined
  client.connection.bind('message', (frame: RawFrame) => frames.push(frame))
  // The close arrives as pusher-js's error event `{ type: 'PusherError', data: { code, message } }`.
  client.connection.bind('error', (error: { data?: { code?: unknown } }) => {
    if (typeof error.data?.code === 'number') closeCode = error.data.code
  })
  const closed = new Promise<{ code: number | undefined; error: unknown }>((resolve) =>
    client.connection.bind('state_change', ({ current }: { current: string }) => {
      if (current !== 'disconnected') return
      resolve({ code: closeCode, error: frames.find((frame) => frame.event === 'pusher:error')?.data })
    }),
  )
  await Promise.all(
    options.channels.map((name) => {
      const channel = client.subscribe(name)
      return waitFor(`subscribed to ${name}`, (deliver) =>
        channel.bind('pusher:subscription_succeeded', deliver),
      )
    }),
  )
  return {
    client,
    frames,
    closed,
    channelEventsFrom: (from) =>
      frames
        .slice(from)
        .filter((frame) => !frame.event.startsWith('pusher:') && !frame.event.startsWith('pusher_')),
  }
}

export interface PriceDevice {
  socket: Socket
  /** Resolves with socket.io's reason once the socket is disconnected. */
  disconnected: Promise<string>
}

/** A price socket that connected (with the token, when given) and received its data:all. */
export async function priceDevice(baseUrl: string, apiKey: string, token?: string): Promise<PriceDevice> {
  const socket = priceClient(baseUrl, token === undefined ? { apiKey } : { apiKey, token })
  const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve))
  const snapshot = waitFor('data:all', (deliver) => socket.on(PRICE_EVENTS.DATA_ALL, deliver))
  await waitFor('price socket connected', (deliver) => socket.on('connect', () => deliver(true)))
  socket.emit(PRICE_EVENTS.SUBSCRIBE_ALL)
  await snapshot
  return { socket, disconnected }
}

/** A price handshake's outcome: 'connected', or the connect_error's message. */
export function priceHandshake(baseUrl: string, auth: Record<string, unknown>): Promise<string> {
  const socket = priceClient(baseUrl, auth)
  return waitFor('price handshake', (deliver) => {
    socket.on('connect', () => deliver('connected'))
    socket.on('connect_error', (error) => deliver(error.message))
  })
}

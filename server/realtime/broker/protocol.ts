// The Pusher Channels protocol, version 7, as the unmodified pusher-js client speaks it
// (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/).
// Client-to-server messages carry `data` as an object; server-to-client ones carry it as a JSON string, except
// pusher:error and pusher:subscription_error, whose data is an object.
import { z } from 'zod'

/** Protocol versions whose messages are the ones implemented here; pusher-js 8 speaks 7. */
export const SUPPORTED_PROTOCOLS = new Set([5, 6, 7])

/**
 * Close codes and what pusher-js does with them: 4000-4099 it gives up (the problem will not go away by retrying),
 * 4100-4199 it reconnects after a back-off, 4200-4299 it reconnects at once.
 */
export const CLOSE_CODES = {
  APP_NOT_FOUND: 4001,
  UNSUPPORTED_PROTOCOL: 4007,
  /** Pusher's 'connection is unauthorized': a page from an Origin not on the list; not retried. */
  ORIGIN_NOT_ALLOWED: 4009,
  /**
   * The session whose token authorised the socket's channels was signed out. Unauthorised, not 'reconnect': the
   * device must not come back by itself (decision 0033); the pusher:error before it names the session.
   */
  SESSION_ENDED: 4009,
  /** A client that keeps sending frames the broker cannot act on: retrying would only repeat them (decision 0033). */
  INVALID_FRAMES: 4009,
  OVER_CAPACITY: 4100,
  /** Slow consumer: its send buffer grew past the limit. Back off, then try again. */
  TOO_SLOW: 4100,
  SHUTTING_DOWN: 4200,
  PONG_NOT_RECEIVED: 4201,
} as const

export const SERVER_EVENTS = {
  CONNECTION_ESTABLISHED: 'pusher:connection_established',
  ERROR: 'pusher:error',
  PING: 'pusher:ping',
  PONG: 'pusher:pong',
  SUBSCRIPTION_SUCCEEDED: 'pusher_internal:subscription_succeeded',
  SUBSCRIPTION_ERROR: 'pusher:subscription_error',
  MEMBER_ADDED: 'pusher_internal:member_added',
  MEMBER_REMOVED: 'pusher_internal:member_removed',
} as const

export const CLIENT_EVENTS = {
  PING: 'pusher:ping',
  PONG: 'pusher:pong',
  SUBSCRIBE: 'pusher:subscribe',
  UNSUBSCRIBE: 'pusher:unsubscribe',
} as const

export const CLIENT_EVENT_PREFIX = 'client-'
export const PRIVATE_PREFIX = 'private-'
export const PRESENCE_PREFIX = 'presence-'

/** Pusher's channel name alphabet; the SDK allows up to 200 characters. */
export const CHANNEL_NAME_PATTERN = /^[-a-zA-Z0-9_=@,.;]{1,200}$/
export const SOCKET_ID_PATTERN = /^\d+\.\d+$/

export const isPrivateChannel = (channel: string) => channel.startsWith(PRIVATE_PREFIX)
export const isPresenceChannel = (channel: string) => channel.startsWith(PRESENCE_PREFIX)
export const needsAuth = (channel: string) => isPrivateChannel(channel) || isPresenceChannel(channel)

export const ClientMessageSchema = z.object({
  event: z.string().min(1).max(200),
  channel: z.string().max(200).optional(),
  data: z.unknown().optional(),
})
export type ClientMessage = z.infer<typeof ClientMessageSchema>

export const SubscribeDataSchema = z.object({
  channel: z.string().regex(CHANNEL_NAME_PATTERN),
  auth: z.string().max(512).optional(),
  channel_data: z.string().max(10_000).optional(),
})

export const UnsubscribeDataSchema = z.object({ channel: z.string().max(200) })

/** A presence member as the authoriser signed it: `user_id` identifies the member across their sockets. */
export const PresenceChannelDataSchema = z.object({
  user_id: z.union([z.string().min(1).max(128), z.number()]),
  user_info: z.unknown().optional(),
})

/** Encodes a server message; `data` objects become a JSON string, as pusher-js expects. */
export function encode(event: string, data: unknown, channel?: string): string {
  return JSON.stringify({
    event,
    ...(channel === undefined ? {} : { channel }),
    data: typeof data === 'string' ? data : JSON.stringify(data),
  })
}

/** pusher:error and pusher:subscription_error keep `data` as an object. */
export function encodeError(event: string, data: object, channel?: string): string {
  return JSON.stringify({ event, ...(channel === undefined ? {} : { channel }), data })
}

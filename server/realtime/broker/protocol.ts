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
  /** Pusher's 'path not found': an upgrade to anything but /app/{key}. pusher-js gives up instead of retrying. */
  PATH_NOT_FOUND: 4005,
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
  /** POST /apps/{id}/users/{user_id}/terminate_connections closed the signed-in user's sockets (decision 0036). */
  TERMINATED_BY_APP: 4009,
  /** A `pusher:signin` whose signature or user_data is refused (a pusher:error only; the socket stays open). */
  SIGNIN_REFUSED: 4009,
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
  SIGNIN_SUCCESS: 'pusher:signin_success',
} as const

export const CLIENT_EVENTS = {
  PING: 'pusher:ping',
  PONG: 'pusher:pong',
  SUBSCRIBE: 'pusher:subscribe',
  UNSUBSCRIBE: 'pusher:unsubscribe',
  SIGNIN: 'pusher:signin',
} as const

export const CLIENT_EVENT_PREFIX = 'client-'
export const PRIVATE_PREFIX = 'private-'
export const PRESENCE_PREFIX = 'presence-'

/**
 * Pusher's channel name rule: its alphabet, at most 164 characters, prefixes included
 * (https://pusher.com/docs/channels/using_channels/channels/#channel-naming-conventions). The SDK lets 200 through,
 * but a name Pusher would refuse must not work here either (decision 0036).
 */
export const MAX_CHANNEL_NAME_LENGTH = 164
export const CHANNEL_NAME_PATTERN = /^[-a-zA-Z0-9_=@,.;]{1,164}$/
/** The channel `sendToUser` publishes to and pusher-js subscribes to after `pusher:signin` (user authentication). */
export const SERVER_TO_USER_PREFIX = '#server-to-user-'
/** A signed-in user's id: the channel alphabet, short enough that its server-to-user channel is at most 164 long. */
export const USER_ID_PATTERN = /^[-a-zA-Z0-9_=@,.;]{1,148}$/
export const SERVER_TO_USER_CHANNEL_PATTERN = /^#server-to-user-[-a-zA-Z0-9_=@,.;]{1,148}$/
export const serverToUserChannel = (userId: string) => `${SERVER_TO_USER_PREFIX}${userId}`
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

/** A channel a client may name: an ordinary one, or a user's server-to-user channel. */
export const isChannelName = (name: string) =>
  CHANNEL_NAME_PATTERN.test(name) || SERVER_TO_USER_CHANNEL_PATTERN.test(name)

export const SubscribeDataSchema = z.object({
  channel: z.string().refine(isChannelName),
  auth: z.string().max(512).optional(),
  channel_data: z.string().max(10_000).optional(),
})

export const UnsubscribeDataSchema = z.object({ channel: z.string().max(200) })

/** `pusher:signin`: the `auth` and the exact `user_data` text the app's server signed (SDK `authenticateUser`). */
export const SigninDataSchema = z.object({
  auth: z.string().max(512),
  user_data: z.string().max(10_000),
})

/** What `user_data` must hold: an `id` (pusher-js refuses a sign-in without one); anything else is the app's. */
export const SignedInUserSchema = z.object({ id: z.string().regex(USER_ID_PATTERN) })

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

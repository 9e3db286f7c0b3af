// The seams between the hub and its two sockets. The hub only sees these interfaces, so unit tests run it with
// fakes and only pusher-transport.ts and price-transport.ts know pusher-js and socket.io-client.
import type { ConnectionStatus } from '../../../src/domain/contract/realtime'
import type { PresenceMembers } from '../protocol'

export interface ChannelAuth {
  auth: string
  channel_data?: string
}

export interface PushTransportOptions {
  key: string
  cluster: string
  wsHost: string
  wsPort: number
  forceTLS: boolean
  /** POST /broadcasting/auth on the hub's side: the hub holds the token. */
  authorize: (channelName: string, socketId: string) => Promise<ChannelAuth>
  /**
   * Mapped onto docs/product/realtime.md#connection-status's states; reason is the transport's error text, if any.
   */
  onStatus: (status: ConnectionStatus, reason?: string) => void
  /** Application events only, never the protocol's own `pusher:` events. */
  onEvent: (channel: string, event: string, data: unknown) => void
  onSubscriptionError: (channel: string, reason: string) => void
  /**
   * The service closed the connection because the session behind its channel authorisations was signed out
   * (Pusher's 4009 with the session's id); it does not reconnect by itself.
   */
  onSessionEnded?: (sessionId: number) => void
  /**
   * The service confirmed the channel's subscription: at first, and again after every reconnect. Only from then on
   * does it deliver the channel's events, so what was published before is fetched again (chat).
   */
  onSubscribed?: (channel: string) => void
  /**
   * A presence channel's members, whole: after its subscription is confirmed and on every member_added and
   * member_removed.
   */
  onMembers?: (channel: string, presence: PresenceMembers) => void
}

/** Connects when created. */
export interface PushTransport {
  subscribe: (channel: string) => void
  unsubscribe: (channel: string) => void
  /** Disconnect then connect (docs/product/realtime.md#connection-status), keeping the channels. */
  reconnect: () => void
  disconnect: () => void
  /**
   * A `pusher:ping` answered by the service's `pusher:pong` (the connection test, decision 0020). Rejects when not
   * connected or when no pong comes within `timeoutMs`.
   */
  ping: (timeoutMs: number) => Promise<void>
}

export type CreatePushTransport = (options: PushTransportOptions) => PushTransport

export interface PriceTransportOptions {
  url: string
  apiKey: string
  /** The bearer token, read at each handshake: the feed then drops the socket when that session is signed out. */
  token: () => string | null
  onStatus: (status: ConnectionStatus, reason?: string) => void
  /** `data:all`, unvalidated. */
  onSnapshot: (payload: unknown) => void
  /** `data:update`, unvalidated. */
  onUpdate: (payload: unknown) => void
}

/** Connects when created and asks for everything (`subscribe:all`) on every connect. */
export interface PriceTransport {
  reconnect: () => void
  disconnect: () => void
}

export type CreatePriceTransport = (options: PriceTransportOptions) => PriceTransport

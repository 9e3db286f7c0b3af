// The embedded Pusher-protocol broker: WebSocket connections at /app/{key}, public, private and presence channels,
// client events (when enabled), user authentication (`pusher:signin` and the server-to-user channel), the activity
// check, fan-out of events published through the HTTP API, and the channel counts its queries answer.
// One app (one key) per server: the API is its only publisher.
import { randomInt } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import {
  CLIENT_EVENT_PREFIX,
  CLIENT_EVENTS,
  CLOSE_CODES,
  ClientMessageSchema,
  encode,
  encodeError,
  isPresenceChannel,
  needsAuth,
  MAX_CHANNEL_NAME_LENGTH,
  PresenceChannelDataSchema,
  SERVER_EVENTS,
  SERVER_TO_USER_PREFIX,
  serverToUserChannel,
  SignedInUserSchema,
  SigninDataSchema,
  SubscribeDataSchema,
  SUPPORTED_PROTOCOLS,
  UnsubscribeDataSchema,
  type ClientMessage,
} from './protocol'
import type { compileTrust } from '../../lib/client-address'
import { defaultMaxConnections, openFileLimit } from '../../lib/open-files'
import { EndedSessions } from '../ended-sessions'
import { SocketGate } from '../socket-gate'
import { rawSocketOf, textFrame } from './frames'
import { channelAuthMatches, userAuthMatches, type AppCredentials } from './signatures'
import {
  CACHE_MISS_EVENT,
  CACHE_TTL_MS,
  isCacheChannel,
  MAX_CACHED_CHANNELS,
  type CacheStore,
  type CachedEvent,
} from './cache-channels'
import type { BrokerWebhooks } from './webhooks'

export interface BrokerOptions {
  /**
   * Seconds of silence after which pusher-js pings (sent in connection_established; default of
   * docs/product/api.md#http-client 120).
   */
  activityTimeoutSeconds: number
  /** The server pings a client it has not heard from for this long... */
  idlePingMs: number
  /** ...and closes it (4201) when no answer came within this long. */
  pongTimeoutMs: number
  /** How often the activity check runs. */
  sweepIntervalMs: number
  /** Whether clients may send `client-*` events on private and presence channels. */
  clientEvents: boolean
  /** Largest `data` of one event, in bytes (Pusher's limit is 10 KiB). */
  maxEventBytes: number
  maxConnections: number
  /** Sockets one client address may hold (decision 0018); past it, 4100, which pusher-js retries after a pause. */
  maxConnectionsPerAddress: number
  /** Channels one socket may join; each subscription beyond it gets a pusher:subscription_error. */
  maxSubscriptionsPerConnection: number
  /** Page origins allowed beyond the page's own (`*`: any); a page from elsewhere is refused with 4009. */
  allowedOrigins: readonly string[]
  /** A client whose unsent data grows past this is closed (4100: it reconnects after a back-off). */
  maxBufferedBytes: number
  /** How long shutdown waits for clients to acknowledge the 4200 close before cutting them off. */
  closeGraceMs: number
  /** How long a cache channel's last event is sent to new subscribers (Pusher: 30 minutes). */
  cacheTtlMs: number
}

export const DEFAULT_BROKER_OPTIONS: BrokerOptions = {
  activityTimeoutSeconds: 120,
  idlePingMs: 130_000,
  pongTimeoutMs: 30_000,
  sweepIntervalMs: 5_000,
  clientEvents: false,
  maxEventBytes: 10 * 1024,
  // Bounded only by the open files this process may hold (each socket is one), less a reserve for the database,
  // files and HTTP (decision 0026); PUSHER_MAX_CONNECTIONS sets it.
  maxConnections: defaultMaxConnections(openFileLimit()),
  // One SharedWorker holds one socket per browser: 50 is an office behind one address, not a tab count.
  maxConnectionsPerAddress: 50,
  // A customer's tabs use a handful of channels; an admin's console a few more.
  maxSubscriptionsPerConnection: 100,
  allowedOrigins: [],
  maxBufferedBytes: 4 * 1024 * 1024,
  closeGraceMs: 1_000,
  cacheTtlMs: CACHE_TTL_MS,
}

export interface BrokerHooks {
  log: FastifyBaseLogger
  onMessagesSent: (count: number) => void
  /** The app's trustProxy, compiled: who the client is behind a proxy (lib/client-address.ts). */
  trust?: ReturnType<typeof compileTrust>
  /** Added to every handshake answer, as HTTP answers get them: `X-Served-By` names the instance (decision 0024). */
  upgradeHeaders?: Readonly<Record<string, string>>
  /** PUSHER_WEBHOOK_URL's sender, told this instance's channel and member changes (webhooks.ts). */
  webhooks?: BrokerWebhooks
  /** The cluster's last events of cache channels (Redis), for what this instance did not see itself. */
  cacheStore?: CacheStore
}

export interface PublishedEvent {
  channels: readonly string[]
  name: string
  /** Sent to clients as it is: the HTTP API carries data as a string. */
  data: string
  /** This socket does not receive the event (the sender of the action that caused it). */
  excludeSocketId?: string
}

interface Connection {
  readonly socketId: string
  readonly ws: WebSocket
  /** The TCP socket under `ws`, which published events are written to as pre-built frames (frames.ts). */
  readonly socket: Socket | undefined
  readonly channels: Set<string>
  /** The presence user id per presence channel this socket joined. */
  readonly presence: Map<string, string>
  /** Its client address, as the socket gate counts it. */
  readonly addressKey: string
  lastSeenMs: number
  pingSentMs: number | undefined
  closingSinceMs: number | undefined
  clientEventWindowStartMs: number
  clientEventCount: number
  /** The user whose channel authorisations this socket was given (noted by POST /broadcasting/auth). */
  ownerUserId: number | undefined
  /** The sessions (auth_tokens ids) whose bearer tokens obtained those authorisations: one, unless a client mixes. */
  readonly sessionIds: Set<number>
  invalidFrameWindowStartMs: number
  invalidFrameCount: number
  /** Set when the owner's account was deactivated: the only private channels this socket may still hold. */
  restrictedTo: ReadonlySet<string> | undefined
  /** The user this socket signed in as (`pusher:signin`), whose server-to-user channel it holds. */
  userId: string | undefined
}

/** Which channels' subscription counts a query asks for (ChannelQuery answers). */
export interface ChannelQuery {
  /** These channels (a trigger's `info`, one channel's info) whether occupied or not... */
  channels?: readonly string[] | undefined
  /** ...or else every occupied channel whose name starts with this ('' for all), as GET /channels lists them. */
  prefix?: string | undefined
}

interface PresenceMember {
  info: unknown
  /** One user may be in a channel from several sockets (tabs, devices); they are one member. */
  sockets: number
}

/** Pusher's documented limit for client events per connection. */
const CLIENT_EVENTS_PER_SECOND = 10
/** Incoming frames are small protocol messages; anything larger is closed by ws with 1009. */
const MAX_INCOMING_BYTES = 64 * 1024
/**
 * Frames a socket may send in one second that the broker cannot act on (not JSON, an unknown event, a malformed
 * or forged subscription, a refused client event) before it is closed with 4009 (decision 0033). pusher-js sends
 * none at all; 20 leaves a hand-written client room for a mistake repeated over its channels, while a flood (an
 * outside probe sent 27,000 in 3 s, each one answered) stops after 20 answers.
 */
export const MAX_INVALID_FRAMES_PER_SECOND = 20
/** The close reason, and the pusher:error message before it, when a signed-out session's socket is closed. */
export const SESSION_ENDED_MESSAGE = 'Session signed out'
/** The subscription_error of a channel a deactivated account lost, or may not take again until reactivated. */
export const RESTRICTED_MESSAGE = 'This account may not subscribe to this channel'
/** The close reason, and the pusher:error message before it, of terminateUserConnections (Pusher's and soketi's). */
export const TERMINATED_MESSAGE = 'You got disconnected by the app.'

function newSocketId(): string {
  return `${randomInt(1, 2 ** 40)}.${randomInt(1, 2 ** 40)}`
}

function parseFrame(raw: RawData): unknown {
  try {
    return JSON.parse(Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : raw.toString('utf8'))
  } catch {
    return undefined
  }
}

/** pusher-js sends `data` as an object; other clients send it as a JSON string. */
function dataObject(data: unknown): unknown {
  if (typeof data !== 'string') return data
  try {
    return JSON.parse(data)
  } catch {
    return undefined
  }
}

export class PusherBroker {
  private readonly wss: WebSocketServer
  private readonly connections = new Map<string, Connection>()
  private readonly channels = new Map<string, Set<Connection>>()
  private readonly members = new Map<string, Map<string, PresenceMember>>()
  /** Signed-in sockets by user id (`pusher:signin`): what terminateUserConnections closes. */
  private readonly users = new Map<string, Set<Connection>>()
  /** Deactivated users and the private channels their sockets may keep (restrictUser). */
  private readonly restrictions = new Map<number, ReadonlySet<string>>()
  /** The last event of each cache channel this instance delivered, least recently published first. */
  private readonly cached = new Map<string, CachedEvent>()
  /** Sessions signed out lately (closeSessions): an authorisation they obtained just before closes its socket. */
  private readonly endedSessions = new EndedSessions()
  private readonly sweepTimer: NodeJS.Timeout
  private readonly gate: SocketGate
  private closing: Promise<void> | undefined
  private refusing = false

  constructor(
    readonly app: AppCredentials,
    readonly options: BrokerOptions,
    protected readonly hooks: BrokerHooks,
  ) {
    this.wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: MAX_INCOMING_BYTES,
    })
    const upgradeHeaders = Object.entries(hooks.upgradeHeaders ?? {}).map(
      ([name, value]) => `${name}: ${value}`,
    )
    if (upgradeHeaders.length > 0)
      this.wss.on('headers', (headers: string[]) => headers.push(...upgradeHeaders))
    this.sweepTimer = setInterval(() => this.sweep(), options.sweepIntervalMs)
    this.sweepTimer.unref()
    this.gate = new SocketGate(options, hooks.trust, hooks.log)
  }

  get connectionCount(): number {
    return this.connections.size
  }

  get subscriptionCount(): number {
    let count = 0
    for (const subscribers of this.channels.values()) count += subscribers.size
    return count
  }

  /**
   * Fault injection for tests and drills: while refusing, every new connection is turned away with 503, as a
   * broker that is down would be; it does not touch the connections already open.
   */
  setRefusing(refusing: boolean): void {
    this.refusing = refusing
  }

  /**
   * Fault injection for tests and drills: drops every open connection without a close frame, as a network failure
   * would (clients see 1006 and reconnect by themselves). Answers how many were dropped.
   */
  cutConnections(): number {
    const open = [...this.connections.values()]
    for (const connection of open) connection.ws.terminate()
    return open.length
  }

  /** Takes an HTTP upgrade for /app/{key}. The upgrade is always completed, so a refusal reaches the client as a close code. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.closing || this.refusing) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, request))
  }

  /**
   * Takes an upgrade to a path nothing serves: completed, then closed with 4005 (Pusher's 'path not found'), so a
   * misconfigured pusher-js stops instead of retrying forever as it does after an HTTP 404 (decision 0036).
   */
  refuseUnknownPath(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.closing) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on('error', () => undefined)
      this.refuse(ws, CLOSE_CODES.PATH_NOT_FOUND, 'Path not found')
    })
  }

  private accept(ws: WebSocket, request: IncomingMessage): void {
    ws.on('error', () => undefined)
    const url = new URL(request.url ?? '/', 'http://broker.invalid')
    const key = decodeURIComponent(url.pathname.split('/')[2] ?? '')
    if (key !== this.app.key) {
      this.refuse(ws, CLOSE_CODES.APP_NOT_FOUND, `App key ${key.slice(0, 64)} does not exist`)
      return
    }
    const protocol = Number(url.searchParams.get('protocol'))
    if (!SUPPORTED_PROTOCOLS.has(protocol)) {
      this.refuse(ws, CLOSE_CODES.UNSUPPORTED_PROTOCOL, 'Unsupported protocol version')
      return
    }
    if (this.connections.size >= this.options.maxConnections) {
      this.refuse(ws, CLOSE_CODES.OVER_CAPACITY, 'Over capacity')
      return
    }
    const admission = this.gate.admit(request)
    if (!admission.ok) {
      if (admission.reason === 'origin') {
        this.refuse(
          ws,
          CLOSE_CODES.ORIGIN_NOT_ALLOWED,
          `Origin ${admission.origin.slice(0, 100)} is not allowed`,
        )
      } else {
        this.refuse(ws, CLOSE_CODES.OVER_CAPACITY, 'Over capacity: too many connections from this address')
      }
      return
    }

    let socketId = newSocketId()
    while (this.connections.has(socketId)) socketId = newSocketId()
    const connection: Connection = {
      socketId,
      ws,
      socket: rawSocketOf(ws),
      channels: new Set(),
      presence: new Map(),
      addressKey: admission.addressKey,
      lastSeenMs: Date.now(),
      pingSentMs: undefined,
      closingSinceMs: undefined,
      clientEventWindowStartMs: 0,
      clientEventCount: 0,
      ownerUserId: undefined,
      sessionIds: new Set(),
      invalidFrameWindowStartMs: 0,
      invalidFrameCount: 0,
      restrictedTo: undefined,
      userId: undefined,
    }
    this.connections.set(socketId, connection)
    ws.on('message', (raw, isBinary) => this.onFrame(connection, raw, isBinary))
    // A WebSocket-level pong (or any frame) is proof of life as good as pusher:pong.
    ws.on('pong', () => this.markSeen(connection))
    ws.on('close', () => this.onClosed(connection))
    this.send(
      connection,
      encode(SERVER_EVENTS.CONNECTION_ESTABLISHED, {
        socket_id: socketId,
        activity_timeout: this.options.activityTimeoutSeconds,
      }),
    )
  }

  /** Refusals are also sent as pusher:error first: protocol 6+ clients read the code from either. */
  private refuse(ws: WebSocket, code: number, message: string): void {
    ws.send(encodeError(SERVER_EVENTS.ERROR, { code, message }))
    ws.close(code, message)
    // Not tracked as a connection: make sure a peer that never acknowledges cannot hold the server open.
    setTimeout(() => ws.terminate(), this.options.closeGraceMs).unref()
  }

  private send(connection: Connection, text: string): void {
    const { ws } = connection
    if (ws.readyState !== WebSocket.OPEN || connection.closingSinceMs !== undefined) return
    if (ws.bufferedAmount > this.options.maxBufferedBytes) {
      this.hooks.log.warn({ socketId: connection.socketId }, 'pusher client too slow; closing it')
      this.closeConnection(connection, CLOSE_CODES.TOO_SLOW, 'Client too slow')
      return
    }
    ws.send(text)
    this.hooks.onMessagesSent(1)
  }

  /** Answers a frame the broker cannot act on, unless that closed the socket (`tolerateInvalidFrame`). */
  private sendError(connection: Connection, message: string, code: number | null = null): void {
    if (this.tolerateInvalidFrame(connection)) {
      this.send(connection, encodeError(SERVER_EVENTS.ERROR, { code, message }))
    }
  }

  /**
   * Counts a frame the broker cannot act on, in one-second windows: past MAX_INVALID_FRAMES_PER_SECOND the socket
   * is closed (false) rather than answered again and again.
   */
  private tolerateInvalidFrame(connection: Connection): boolean {
    const now = Date.now()
    if (now - connection.invalidFrameWindowStartMs >= 1000) {
      connection.invalidFrameWindowStartMs = now
      connection.invalidFrameCount = 0
    }
    connection.invalidFrameCount += 1
    if (connection.invalidFrameCount <= MAX_INVALID_FRAMES_PER_SECOND) return true
    this.hooks.log.warn(
      { socketId: connection.socketId },
      'pusher client sent too many invalid frames; closing it',
    )
    this.closeConnection(connection, CLOSE_CODES.INVALID_FRAMES, 'Too many invalid messages')
    return false
  }

  private markSeen(connection: Connection): void {
    connection.lastSeenMs = Date.now()
    connection.pingSentMs = undefined
  }

  private onFrame(connection: Connection, raw: RawData, isBinary: boolean): void {
    // Closed by the server (a signed-out session, a flood): whatever still arrives is not acted on.
    if (connection.closingSinceMs !== undefined) return
    this.markSeen(connection)
    const parsed = isBinary ? undefined : ClientMessageSchema.safeParse(parseFrame(raw))
    if (!parsed?.success) {
      this.sendError(connection, 'Invalid message: expected a JSON object with an event name')
      return
    }
    const message = parsed.data
    switch (message.event) {
      case CLIENT_EVENTS.PING:
        this.send(connection, encode(SERVER_EVENTS.PONG, {}))
        return
      case CLIENT_EVENTS.PONG:
        return
      case CLIENT_EVENTS.SUBSCRIBE:
        this.subscribe(connection, dataObject(message.data))
        return
      case CLIENT_EVENTS.SIGNIN:
        this.signin(connection, dataObject(message.data))
        return
      case CLIENT_EVENTS.UNSUBSCRIBE: {
        const data = UnsubscribeDataSchema.safeParse(dataObject(message.data))
        if (data.success) this.unsubscribe(connection, data.data.channel)
        // Never answered (pusher-js expects nothing back), but counted all the same.
        else this.tolerateInvalidFrame(connection)
        return
      }
    }
    if (message.event.startsWith(CLIENT_EVENT_PREFIX)) {
      this.clientEvent(connection, message)
      return
    }
    this.sendError(connection, `Unsupported event '${message.event.slice(0, 64)}'`)
  }

  private subscriptionError(
    connection: Connection,
    channel: string,
    status: number,
    error: string,
    type = 'AuthError',
  ): void {
    // A subscription past the channel cap is a valid frame declined; anything else is a malformed or forged one.
    if (type === 'LimitReached' || this.tolerateInvalidFrame(connection)) {
      this.send(connection, encodeError(SERVER_EVENTS.SUBSCRIPTION_ERROR, { type, error, status }, channel))
    }
  }

  private subscribe(connection: Connection, rawData: unknown): void {
    const parsed = SubscribeDataSchema.safeParse(rawData)
    if (!parsed.success) {
      const channel =
        typeof rawData === 'object' && rawData !== null && 'channel' in rawData ? rawData.channel : ''
      // Named back (up to the SDK's 200 characters) so pusher-js hands the error to that channel's listeners.
      if (typeof channel === 'string' && channel !== '' && channel.length <= 200) {
        const error =
          channel.length > MAX_CHANNEL_NAME_LENGTH
            ? `Channel names may have at most ${MAX_CHANNEL_NAME_LENGTH} characters`
            : 'Invalid channel name or subscription data'
        this.subscriptionError(connection, channel, 400, error)
      } else {
        this.sendError(connection, 'Invalid subscription: a channel name is required')
      }
      return
    }
    const { channel, auth, channel_data: channelData } = parsed.data
    const max = this.options.maxSubscriptionsPerConnection
    if (!connection.channels.has(channel) && connection.channels.size >= max) {
      // 200,000 subscriptions over 10 sockets once held 70 MB (decision 0021): each one past the cap is refused.
      const error = `Too many subscriptions: at most ${max} channels per connection`
      this.subscriptionError(connection, channel, 429, error, 'LimitReached')
      return
    }

    // A user's server-to-user channel is theirs alone: a socket signed in as them holds it from the sign-in on (the
    // subscribe pusher-js sends for it is answered below); anybody else is refused.
    const signedInAs = connection.userId === undefined ? undefined : serverToUserChannel(connection.userId)
    if (channel.startsWith(SERVER_TO_USER_PREFIX) && channel !== signedInAs) {
      this.subscriptionError(
        connection,
        channel,
        403,
        'Only the signed-in user may subscribe to this channel',
      )
      return
    }

    let presenceMember: { id: string; info: unknown } | undefined
    if (needsAuth(channel)) {
      // A signature handed out before the account was deactivated must not bring its channels back.
      if (connection.restrictedTo && !connection.restrictedTo.has(channel)) {
        this.subscriptionError(connection, channel, 403, RESTRICTED_MESSAGE)
        return
      }
      const presence = isPresenceChannel(channel)
      const signed = presence ? channelData : undefined
      if (auth === undefined || !channelAuthMatches(this.app, auth, connection.socketId, channel, signed)) {
        this.subscriptionError(connection, channel, 401, `Invalid signature for channel '${channel}'`)
        return
      }
      if (presence) {
        const member = PresenceChannelDataSchema.safeParse(dataObject(channelData ?? ''))
        if (!member.success) {
          this.subscriptionError(connection, channel, 400, 'Presence channel_data needs a user_id')
          return
        }
        presenceMember = { id: String(member.data.user_id), info: member.data.user_info }
      }
    }

    if (connection.channels.has(channel)) {
      // A repeated subscribe (a client that lost track) is answered again and changes nothing.
      this.sendSubscribed(connection, channel)
      return
    }
    const subscribers = this.join(connection, channel)

    if (presenceMember) {
      connection.presence.set(channel, presenceMember.id)
      let members = this.members.get(channel)
      if (!members) this.members.set(channel, (members = new Map()))
      const existing = members.get(presenceMember.id)
      if (existing) {
        existing.sockets += 1
      } else {
        members.set(presenceMember.id, { info: presenceMember.info, sockets: 1 })
        this.localMemberAdded(channel, presenceMember.id, presenceMember.info)
        this.hooks.webhooks?.memberAdded(channel, presenceMember.id)
        // Already a member through another instance: the channel's members did not change.
        if (!this.otherMembers(channel)?.has(presenceMember.id)) {
          const added = encode(
            SERVER_EVENTS.MEMBER_ADDED,
            { user_id: presenceMember.id, user_info: presenceMember.info },
            channel,
          )
          for (const other of subscribers) if (other !== connection) this.send(other, added)
        }
      }
    }
    this.sendSubscribed(connection, channel)
    if (isCacheChannel(channel)) this.sendCached(connection, channel)
  }

  private join(connection: Connection, channel: string): Set<Connection> {
    connection.channels.add(channel)
    let subscribers = this.channels.get(channel)
    if (!subscribers) {
      this.channels.set(channel, (subscribers = new Set()))
      // A server-to-user channel is the user's connection, not one of the app's channels: no webhook for it.
      if (!channel.startsWith(SERVER_TO_USER_PREFIX)) this.hooks.webhooks?.channelOccupied(channel)
    }
    subscribers.add(connection)
    return subscribers
  }

  private sendSubscribed(connection: Connection, channel: string): void {
    let data = {}
    if (isPresenceChannel(channel)) {
      const hash = this.presenceMembers(channel)
      data = { presence: { ids: [...hash.keys()], hash: Object.fromEntries(hash), count: hash.size } }
    }
    this.send(connection, encode(SERVER_EVENTS.SUBSCRIPTION_SUCCEEDED, data, channel))
  }

  /** This instance's last event of a cache channel, unless it expired. */
  cachedEvent(channel: string): CachedEvent | undefined {
    const event = this.cached.get(channel)
    if (event && event.expiresAtMs <= Date.now()) {
      this.cached.delete(channel)
      return undefined
    }
    return event
  }

  /**
   * A new subscriber of a cache channel gets its last event, from memory or else from the cluster's store, or
   * `pusher:cache_miss` and the cache_miss webhook. An event published while the store was asked reached the socket
   * itself, so the stored one, older, is not sent after it.
   */
  private sendCached(connection: Connection, channel: string): void {
    const local = this.cachedEvent(channel)
    if (local) {
      this.send(connection, local.text)
      return
    }
    const miss = () => {
      this.send(connection, JSON.stringify({ event: CACHE_MISS_EVENT, channel }))
      this.hooks.webhooks?.cacheMiss(channel)
    }
    const store = this.hooks.cacheStore
    if (!store) {
      miss()
      return
    }
    store.get(channel).then(
      (stored) => {
        if (!connection.channels.has(channel) || this.cachedEvent(channel)) return
        if (stored && stored.expiresAtMs > Date.now()) {
          this.remember(channel, stored)
          this.send(connection, stored.text)
        } else {
          miss()
        }
      },
      (error: unknown) => {
        this.hooks.log.warn(
          { err: { message: error instanceof Error ? error.message : String(error) }, channel },
          'cache channels: the store did not answer; answering a cache miss',
        )
        if (connection.channels.has(channel)) miss()
      },
    )
  }

  private remember(channel: string, event: CachedEvent): void {
    this.cached.delete(channel)
    this.cached.set(channel, event)
    if (this.cached.size > MAX_CACHED_CHANNELS) {
      const oldest = this.cached.keys().next().value
      if (oldest !== undefined) this.cached.delete(oldest)
    }
  }

  /**
   * `pusher:signin` (user authentication): `auth` must be the app's signature over `socket_id::user::user_data`, and
   * `user_data` a JSON object with an `id`. The socket then holds the user's `#server-to-user-{id}` channel, which
   * `sendToUser` publishes to, and terminateUserConnections closes it. A refusal is a pusher:error (4009, as soketi
   * answers) and the socket stays open; it counts as an invalid frame.
   */
  private signin(connection: Connection, rawData: unknown): void {
    const parsed = SigninDataSchema.safeParse(rawData)
    if (!parsed.success) {
      this.sendError(
        connection,
        'Invalid sign-in: auth and user_data are required',
        CLOSE_CODES.SIGNIN_REFUSED,
      )
      return
    }
    const { auth, user_data: userData } = parsed.data
    if (!userAuthMatches(this.app, auth, connection.socketId, userData)) {
      this.sendError(connection, 'Invalid signature for pusher:signin', CLOSE_CODES.SIGNIN_REFUSED)
      return
    }
    const user = SignedInUserSchema.safeParse(dataObject(userData))
    if (!user.success) {
      const error = 'user_data must be a JSON object whose id is 1-148 letters, digits or _-=@,.;'
      this.sendError(connection, error, CLOSE_CODES.SIGNIN_REFUSED)
      return
    }
    const userId = user.data.id
    if (connection.userId !== undefined && connection.userId !== userId) {
      this.sendError(connection, 'This socket is signed in as another user', CLOSE_CODES.SIGNIN_REFUSED)
      return
    }
    if (connection.userId === undefined) {
      connection.userId = userId
      let sockets = this.users.get(userId)
      if (!sockets) this.users.set(userId, (sockets = new Set()))
      sockets.add(connection)
      // Held at once, so a sendToUser right after the sign-in reaches it before pusher-js's own subscribe does.
      this.join(connection, serverToUserChannel(userId))
    }
    this.send(connection, encode(SERVER_EVENTS.SIGNIN_SUCCESS, { user_data: userData }))
  }

  /**
   * Closes every socket signed in as this user, here (with 4009 and a pusher:error before it, as Pusher and soketi
   * do: pusher-js does not reconnect by itself). Out of every channel first, synchronously, so nothing published
   * after this call reaches them. Answers how many sockets were closed.
   */
  terminateUserConnections(userId: string): number {
    const sockets = [...(this.users.get(userId) ?? [])]
    for (const connection of sockets) {
      for (const channel of [...connection.channels]) this.unsubscribe(connection, channel)
      this.send(
        connection,
        encodeError(SERVER_EVENTS.ERROR, {
          code: CLOSE_CODES.TERMINATED_BY_APP,
          message: TERMINATED_MESSAGE,
        }),
      )
      this.closeConnection(connection, CLOSE_CODES.TERMINATED_BY_APP, TERMINATED_MESSAGE)
    }
    return sockets.length
  }

  /** This instance's subscription count of each occupied channel the query names (none for a vacant one). */
  localChannelCounts(query: ChannelQuery): Map<string, number> {
    const counts = new Map<string, number>()
    if (query.channels) {
      for (const channel of query.channels) {
        const count = this.channels.get(channel)?.size ?? 0
        if (count > 0) counts.set(channel, count)
      }
      return counts
    }
    const prefix = query.prefix ?? ''
    for (const [channel, subscribers] of this.channels) {
      // A server-to-user channel is the user's connection, not one of the app's channels: Pusher lists none.
      if (channel.startsWith(SERVER_TO_USER_PREFIX) || !channel.startsWith(prefix)) continue
      counts.set(channel, subscribers.size)
    }
    return counts
  }

  /** The cluster's subscription counts for a query (ClusteredBroker asks the other instances); alone, this one's. */
  channelCounts(query: ChannelQuery): Promise<Map<string, number>> {
    return Promise.resolve(this.localChannelCounts(query))
  }

  /** A presence channel's members, user id to user_info: the union over instances (none elsewhere when alone). */
  presenceMembers(channel: string): Map<string, unknown> {
    const hash = new Map<string, unknown>(this.otherMembers(channel))
    for (const [id, member] of this.members.get(channel) ?? []) hash.set(id, member.info ?? null)
    return hash
  }

  private unsubscribe(connection: Connection, channel: string): void {
    if (!this.leave(connection, channel)) return
    // After the member left: Pusher's member_removed comes before the channel's channel_vacated.
    if (!this.channels.has(channel) && !channel.startsWith(SERVER_TO_USER_PREFIX))
      this.hooks.webhooks?.channelVacated(channel)
  }

  /** Takes the socket out of the channel, and out of its presence members. False when it was not in it. */
  private leave(connection: Connection, channel: string): boolean {
    if (!connection.channels.delete(channel)) return false
    const subscribers = this.channels.get(channel)
    subscribers?.delete(connection)
    if (subscribers?.size === 0) this.channels.delete(channel)

    const userId = connection.presence.get(channel)
    if (userId === undefined) return true
    connection.presence.delete(channel)
    const members = this.members.get(channel)
    const member = members?.get(userId)
    if (!members || !member) return true
    member.sockets -= 1
    if (member.sockets > 0) return true
    members.delete(userId)
    if (members.size === 0) this.members.delete(channel)
    this.localMemberRemoved(channel, userId)
    this.hooks.webhooks?.memberRemoved(channel, userId)
    if (this.otherMembers(channel)?.has(userId)) return true
    const removed = encode(SERVER_EVENTS.MEMBER_REMOVED, { user_id: userId }, channel)
    for (const other of subscribers ?? []) this.send(other, removed)
    return true
  }

  /** Presence members of a channel held through other instances (ClusteredBroker); none when alone. */
  protected otherMembers(_channel: string): ReadonlyMap<string, unknown> | undefined {
    return undefined
  }

  /** A user became a member of a presence channel through this instance (its first socket there). */
  protected localMemberAdded(_channel: string, _userId: string, _info: unknown): void {}

  /** A user stopped being a member of a presence channel through this instance (its last socket left). */
  protected localMemberRemoved(_channel: string, _userId: string): void {}

  /** This instance's presence members: channel to user id to user_info. */
  localPresence(): Record<string, Record<string, unknown>> {
    const presence: Record<string, Record<string, unknown>> = {}
    for (const [channel, members] of this.members) {
      presence[channel] = Object.fromEntries([...members].map(([id, member]) => [id, member.info ?? null]))
    }
    return presence
  }

  /**
   * Another instance's member joined or left a presence channel and the channel's members changed (the caller
   * checked the union): tells this instance's subscribers, unless the user is a member here too.
   */
  deliverMemberChange(channel: string, change: 'added' | 'removed', userId: string, info: unknown): void {
    if (this.members.get(channel)?.has(userId)) return
    const frame =
      change === 'added'
        ? encode(SERVER_EVENTS.MEMBER_ADDED, { user_id: userId, user_info: info }, channel)
        : encode(SERVER_EVENTS.MEMBER_REMOVED, { user_id: userId }, channel)
    for (const subscriber of this.channels.get(channel) ?? []) this.send(subscriber, frame)
  }

  private clientEvent(connection: Connection, message: ClientMessage): void {
    const channel = message.channel
    if (!this.options.clientEvents) {
      this.sendError(connection, 'Client events are not enabled for this app')
      return
    }
    if (channel === undefined || !needsAuth(channel) || !connection.channels.has(channel)) {
      this.sendError(
        connection,
        'Client events need a private or presence channel this socket is subscribed to',
      )
      return
    }
    const now = Date.now()
    if (now - connection.clientEventWindowStartMs >= 1000) {
      connection.clientEventWindowStartMs = now
      connection.clientEventCount = 0
    }
    connection.clientEventCount += 1
    if (connection.clientEventCount > CLIENT_EVENTS_PER_SECOND) {
      this.sendError(connection, 'Client event rejected due to rate limit', 4301)
      return
    }
    const data = typeof message.data === 'string' ? message.data : JSON.stringify(message.data ?? null)
    if (Buffer.byteLength(data) > this.options.maxEventBytes) {
      this.sendError(connection, `Client event data is over ${this.options.maxEventBytes} bytes`)
      return
    }
    const userId = connection.presence.get(channel)
    const text = JSON.stringify({
      event: message.event,
      channel,
      data,
      ...(userId === undefined ? {} : { user_id: userId }),
    })
    for (const other of this.channels.get(channel) ?? []) if (other !== connection) this.send(other, text)
    this.hooks.webhooks?.clientEvent({
      channel,
      event: message.event,
      data,
      socketId: connection.socketId,
      ...(userId === undefined ? {} : { userId }),
    })
  }

  /**
   * Remembers which user, and which of their sessions, was given channel authorisations for this socket. A session
   * signed out since its token was checked (the revocation landed between the two) closes the socket at once.
   */
  noteSocketOwner(socketId: string, userId: number, sessionId?: number): void {
    const connection = this.connections.get(socketId)
    if (!connection) return
    if (connection.ownerUserId === undefined) {
      connection.ownerUserId = userId
      const restriction = this.restrictions.get(userId)
      if (restriction) connection.restrictedTo = restriction
    }
    if (sessionId === undefined) return
    if (this.endedSessions.has(sessionId)) this.endSession(connection, sessionId)
    else connection.sessionIds.add(sessionId)
  }

  /**
   * Closes every socket whose channels these sessions authorised (they were signed out), with 4009: out of every
   * channel first, synchronously, so nothing published after this call reaches them, then a pusher:error naming the
   * session and the close. Answers how many sockets were closed.
   */
  closeSessions(sessionIds: readonly number[]): number {
    if (sessionIds.length === 0) return 0
    this.endedSessions.add(sessionIds)
    const ended = new Set(sessionIds)
    let closed = 0
    for (const connection of this.connections.values()) {
      const sessionId = [...connection.sessionIds].find((id) => ended.has(id))
      if (sessionId === undefined) continue
      this.endSession(connection, sessionId)
      closed += 1
    }
    return closed
  }

  private endSession(connection: Connection, sessionId: number): void {
    for (const channel of [...connection.channels]) this.unsubscribe(connection, channel)
    // Not a channel event: the protocol's own error, which the browser's hub reads to send its tabs to check their
    // session (workers/realtime/hub/push-channels.ts).
    this.send(
      connection,
      encodeError(SERVER_EVENTS.ERROR, {
        code: CLOSE_CODES.SESSION_ENDED,
        message: SESSION_ENDED_MESSAGE,
        session_id: sessionId,
      }),
    )
    this.closeConnection(connection, CLOSE_CODES.SESSION_ENDED, SESSION_ENDED_MESSAGE)
  }

  /**
   * A deactivated account keeps only `keep` (its own user channel, for the gate's live release): every other
   * private or presence subscription of its sockets is dropped at once, each with a `pusher:subscription_error`
   * (403) on its channel, never silently (decision 0036): the client then knows its events stopped. Re-subscribing
   * is refused until `liftRestriction`. Answers how many subscriptions were dropped.
   */
  restrictUser(userId: number, keep: readonly string[]): number {
    const allowed = new Set(keep)
    this.restrictions.set(userId, allowed)
    let dropped = 0
    for (const connection of this.connections.values()) {
      if (connection.ownerUserId !== userId) continue
      connection.restrictedTo = allowed
      for (const channel of [...connection.channels]) {
        if (!needsAuth(channel) || allowed.has(channel)) continue
        this.unsubscribe(connection, channel)
        // Not counted as an invalid frame: the socket did nothing wrong.
        this.send(
          connection,
          encodeError(
            SERVER_EVENTS.SUBSCRIPTION_ERROR,
            { type: 'AuthError', error: RESTRICTED_MESSAGE, status: 403 },
            channel,
          ),
        )
        dropped += 1
      }
    }
    return dropped
  }

  liftRestriction(userId: number): void {
    this.restrictions.delete(userId)
    for (const connection of this.connections.values()) {
      if (connection.ownerUserId === userId) connection.restrictedTo = undefined
    }
  }

  /**
   * Delivers an event to every subscriber of its channels, but not to `excludeSocketId`. Returns the sends made.
   * Each channel's message is serialised and framed once and the same bytes go to every socket: no JSON, allocation
   * or closure per subscriber (decision 0026), so the cost per socket is the kernel's write and little else.
   */
  publish(event: PublishedEvent): number {
    let sent = 0
    for (const channel of event.channels) {
      const subscribers = this.channels.get(channel)
      const cache = isCacheChannel(channel)
      if (!subscribers && !cache) continue
      const text = JSON.stringify({ event: event.name, channel, data: event.data })
      if (cache) this.remember(channel, { text, expiresAtMs: Date.now() + this.options.cacheTtlMs })
      if (!subscribers) continue
      const frame = textFrame(text)
      for (const connection of subscribers) {
        if (connection.socketId === event.excludeSocketId) continue
        if (this.writeFrame(connection, frame)) sent += 1
      }
    }
    if (sent > 0) this.hooks.onMessagesSent(sent)
    return sent
  }

  /** `send` for a frame built once for many sockets: the same checks, then the bytes as they are. */
  private writeFrame(connection: Connection, frame: Buffer): boolean {
    const { ws, socket } = connection
    if (ws.readyState !== WebSocket.OPEN || connection.closingSinceMs !== undefined) return false
    if (ws.bufferedAmount > this.options.maxBufferedBytes) {
      this.hooks.log.warn({ socketId: connection.socketId }, 'pusher client too slow; closing it')
      this.closeConnection(connection, CLOSE_CODES.TOO_SLOW, 'Client too slow')
      return false
    }
    if (socket) socket.write(frame)
    else ws.send(frame, { binary: false })
    return true
  }

  private onClosed(connection: Connection): void {
    for (const channel of [...connection.channels]) this.unsubscribe(connection, channel)
    if (connection.userId !== undefined) {
      const sockets = this.users.get(connection.userId)
      sockets?.delete(connection)
      if (sockets?.size === 0) this.users.delete(connection.userId)
    }
    if (this.connections.delete(connection.socketId)) this.gate.release(connection.addressKey)
  }

  private closeConnection(connection: Connection, code: number, reason: string): void {
    if (connection.closingSinceMs !== undefined) return
    connection.closingSinceMs = Date.now()
    connection.ws.close(code, reason)
  }

  /**
   * The activity check: ping a client silent for idlePingMs, close one that did not answer within pongTimeoutMs,
   * and cut off one that never acknowledged its close (a dead peer cannot).
   */
  private sweep(): void {
    const now = Date.now()
    for (const connection of this.connections.values()) {
      if (connection.closingSinceMs !== undefined) {
        if (now - connection.closingSinceMs > this.options.pongTimeoutMs) connection.ws.terminate()
      } else if (connection.pingSentMs !== undefined) {
        if (now - connection.pingSentMs > this.options.pongTimeoutMs) {
          // 42xx: a client that was only slow reconnects at once.
          this.closeConnection(connection, CLOSE_CODES.PONG_NOT_RECEIVED, 'Pong reply not received')
        }
      } else if (now - connection.lastSeenMs > this.options.idlePingMs) {
        connection.pingSentMs = now
        this.send(connection, encode(SERVER_EVENTS.PING, {}))
      }
    }
  }

  /** Graceful shutdown: every client gets 4200 (pusher-js reconnects at once, to this server or its successor). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      clearInterval(this.sweepTimer)
      const open = [...this.connections.values()]
      const closed = open.map(
        (connection) =>
          new Promise<void>((resolve) => {
            if (connection.ws.readyState === WebSocket.CLOSED) return resolve()
            connection.ws.once('close', () => resolve())
          }),
      )
      for (const connection of open) {
        connection.closingSinceMs = undefined
        this.closeConnection(connection, CLOSE_CODES.SHUTTING_DOWN, 'Server shutting down')
      }
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        Promise.all(closed),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, this.options.closeGraceMs)
        }),
      ])
      clearTimeout(timer)
      for (const connection of this.connections.values()) connection.ws.terminate()
      this.wss.close()
    })()
    return this.closing
  }
}

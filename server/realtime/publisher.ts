// Everything the API publishes goes through this one publisher. With the embedded broker, events are handed to it
// in-process (the broker then tells the other instances, decision 0024); with another Pusher-compatible service
// (Pusher Channels, soketi, Reverb), through the official `pusher` SDK. Channel signatures are always the SDK's.
// Publishing is best-effort by design: clients refetch what they may have missed after every reconnect
// (docs/architecture.md#the-realtime-hub), so a failed publish is logged and reported, never thrown into the request
// that caused it.
import { Agent as HttpAgent } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import Pusher from 'pusher'
import type { PublishedEvent } from './broker/broker'

export interface PusherTarget {
  appId: string
  key: string
  secret: string
  /** Another Pusher-compatible service; undefined means the embedded broker on this server's port. */
  host?: string
  port?: number
  scheme: 'http' | 'https'
  cluster: string
}

export interface BatchEvent {
  channel: string
  name: string
  data: unknown
  socketId?: string
}

export interface Publisher {
  readonly mode: 'embedded' | 'external'
  /**
   * Publishes `event` with `data` (JSON-serialised) on each channel; `socketId` is left out of the delivery.
   * Resolves true when the service accepted it, false (after logging why) when it did not.
   */
  trigger(
    channels: string | readonly string[],
    event: string,
    data: unknown,
    options?: { socketId?: string },
  ): Promise<boolean>
  triggerBatch(events: readonly BatchEvent[]): Promise<boolean>
  /** The `auth` (and `channel_data` for presence) a client subscribes with, signed with the app secret. */
  authorizeChannel(
    socketId: string,
    channel: string,
    presence?: { user_id: string; user_info?: Record<string, unknown> },
  ): { auth: string; channel_data?: string }
  /** The `auth` and `user_data` of a `pusher:signin` (user authentication), signed with the app secret. */
  authenticateUser(
    socketId: string,
    user: { id: string; user_info?: Record<string, unknown> },
  ): { auth: string; user_data: string }
  close(): void
}

export type PublishResult = 'ok' | 'failed' | 'not_listening'

const PUBLISH_TIMEOUT_MS = 5_000

/** The address a loopback client reaches this server at, given what it listens on. */
function loopbackHost(address: AddressInfo): string {
  if (address.address === '0.0.0.0' || address.address === '::') return '127.0.0.1'
  return address.family === 'IPv6' ? `[${address.address}]` : address.address
}

function describeError(error: unknown): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { message: String(error) }
  const { message, status, body } = error as { message?: unknown; status?: unknown; body?: unknown }
  return { message, status, body: typeof body === 'string' ? body.slice(0, 300) : undefined }
}

/** The embedded broker, as the publisher hands it events in-process. */
export interface InProcessBroker {
  publish(event: PublishedEvent): number
  readonly options: { readonly maxEventBytes: number }
}

/** As the `pusher` SDK sends data: a string as it is, anything else as JSON. */
const asJson = (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data))

/**
 * `embedded`: the broker on this server. Events then go to it in-process (decision 0026: no loopback HTTP request, no
 * signature to compute and check, about a millisecond less per order on these machines), with the HTTP events
 * API's own size rule; the SDK still signs channels, and another service (PUSHER_HOST) is still reached through it.
 */
export function createPublisher(
  app: FastifyInstance,
  target: PusherTarget,
  onPublished: (result: PublishResult) => void,
  embedded?: InProcessBroker,
): Publisher {
  const external = target.host !== undefined
  const agent =
    target.scheme === 'https'
      ? new HttpsAgent({ keepAlive: true, maxSockets: 16 })
      : new HttpAgent({ keepAlive: true, maxSockets: 16 })
  const sdkFor = (host: string, port: number | undefined) =>
    new Pusher({
      appId: target.appId,
      key: target.key,
      secret: target.secret,
      host,
      ...(port === undefined ? {} : { port: String(port) }),
      useTLS: target.scheme === 'https',
      timeout: PUBLISH_TIMEOUT_MS,
      agent,
    })

  // Signing needs no address; sending to the embedded broker needs the port, known once the server listens.
  const signer = sdkFor(target.host ?? '127.0.0.1', target.port)
  let sender: Pusher | undefined = external ? signer : undefined
  if (!external) {
    app.addHook('onListen', async () => {
      const address = app.server.address()
      if (typeof address === 'object' && address !== null)
        sender = sdkFor(loopbackHost(address), address.port)
    })
  }

  async function send(description: string, action: (sdk: Pusher) => Promise<unknown>): Promise<boolean> {
    if (!sender) {
      // Built but not listening (tests that only inject): no socket can be subscribed, so nothing is lost.
      onPublished('not_listening')
      app.log.debug({ event: description }, 'realtime publish skipped: the server is not listening')
      return false
    }
    try {
      await action(sender)
      onPublished('ok')
      return true
    } catch (error) {
      onPublished('failed')
      app.log.warn({ event: description, err: describeError(error) }, 'realtime publish failed')
      return false
    }
  }

  /** All or nothing, like POST /batch_events: an event over the size limit fails the whole publish. */
  function publishInProcess(broker: InProcessBroker, events: readonly PublishedEvent[], description: string) {
    if (events.some((event) => Buffer.byteLength(event.data) > broker.options.maxEventBytes)) {
      onPublished('failed')
      app.log.warn({ event: description }, 'realtime publish failed: the event is over the size limit')
      return Promise.resolve(false)
    }
    for (const event of events) broker.publish(event)
    onPublished('ok')
    return Promise.resolve(true)
  }

  return {
    mode: external ? 'external' : 'embedded',
    trigger(channels, event, data, options = {}) {
      const list = typeof channels === 'string' ? [channels] : [...channels]
      if (embedded) {
        const published: PublishedEvent = {
          channels: list,
          name: event,
          data: asJson(data),
          ...(options.socketId ? { excludeSocketId: options.socketId } : {}),
        }
        return publishInProcess(embedded, [published], event)
      }
      return send(event, (sdk) =>
        sdk.trigger(list, event, data, options.socketId ? { socket_id: options.socketId } : undefined),
      )
    },
    triggerBatch(events) {
      const description = events.map((event) => event.name).join(',')
      if (embedded) {
        const published = events.map((event): PublishedEvent => ({
          channels: [event.channel],
          name: event.name,
          data: asJson(event.data),
          ...(event.socketId ? { excludeSocketId: event.socketId } : {}),
        }))
        return publishInProcess(embedded, published, description)
      }
      return send(description, (sdk) =>
        sdk.triggerBatch(
          events.map((event) => ({
            channel: event.channel,
            name: event.name,
            data: event.data,
            ...(event.socketId ? { socket_id: event.socketId } : {}),
          })),
        ),
      )
    },
    authorizeChannel(socketId, channel, presence) {
      return signer.authorizeChannel(socketId, channel, presence)
    },
    authenticateUser(socketId, user) {
      return signer.authenticateUser(socketId, user)
    },
    close() {
      agent.destroy()
    },
  }
}

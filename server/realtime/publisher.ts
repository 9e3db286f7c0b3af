// Everything the API publishes goes through the official `pusher` SDK, so the same code works against the embedded
// broker (over loopback HTTP to this server's own port), Pusher Channels, soketi or Reverb. Publishing is
// best-effort by design: clients refetch what they may have missed after every reconnect (DESIGN 4), so a failed
// publish is logged and reported, never thrown into the request that caused it.
import { Agent as HttpAgent } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import Pusher from 'pusher'

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

export function createPublisher(
  app: FastifyInstance,
  target: PusherTarget,
  onPublished: (result: PublishResult) => void,
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

  return {
    mode: external ? 'external' : 'embedded',
    trigger(channels, event, data, options = {}) {
      const list = typeof channels === 'string' ? [channels] : [...channels]
      return send(event, (sdk) =>
        sdk.trigger(list, event, data, options.socketId ? { socket_id: options.socketId } : undefined),
      )
    },
    triggerBatch(events) {
      return send(events.map((event) => event.name).join(','), (sdk) =>
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
    close() {
      agent.destroy()
    },
  }
}

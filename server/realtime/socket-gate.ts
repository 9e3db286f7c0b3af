// Who may open a realtime socket, shared by the Pusher broker and the price feed (decision 0018): a page
// from an allowed Origin (the page's own origin, and any listed), and at most so many sockets per client address
// (an IPv4 address or an IPv6 /64, counted like the HTTP rate limits), so a few clients cannot hold the server's
// memory with thousands of sockets.
import type { IncomingMessage } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import { clientAddressOf, requestHostOf, type compileTrust } from '../lib/client-address'
import { clientKey } from '../lib/rate-limit'

export interface SocketGateOptions {
  maxConnectionsPerAddress: number
  /** Origins beyond the page's own, e.g. `https://app.example.com`; `*` allows any. */
  allowedOrigins: readonly string[]
}

export type Admission =
  | { ok: true; addressKey: string }
  | { ok: false; reason: 'origin'; origin: string }
  | { ok: false; reason: 'capacity'; addressKey: string }

function normaliseOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin.toLowerCase() : undefined
  } catch {
    return undefined
  }
}

/**
 * A browser always sends Origin with a WebSocket handshake; a request without one is no page (a server-side
 * client, which could send any Origin it liked anyway), so only pages are held to the list.
 */
export function originAllowed(
  origin: string | undefined,
  pageHost: string,
  allowedOrigins: readonly string[],
): boolean {
  if (origin === undefined) return true
  const normalised = normaliseOrigin(origin)
  if (normalised === undefined) return false
  if (new URL(normalised).host === pageHost.toLowerCase()) return true
  return allowedOrigins.some((allowed) => allowed === '*' || normaliseOrigin(allowed) === normalised)
}

export class SocketGate {
  private readonly perAddress = new Map<string, number>()
  private warnedAboutProxy = false

  constructor(
    private readonly options: SocketGateOptions,
    private readonly trust: ReturnType<typeof compileTrust>,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Checks a handshake; an admitted one holds a place for its address until `release`. */
  admit(request: IncomingMessage): Admission {
    const origin = request.headers.origin
    if (!originAllowed(origin, requestHostOf(request, this.trust), this.options.allowedOrigins)) {
      return { ok: false, reason: 'origin', origin: origin ?? '' }
    }
    const addressKey = clientKey(clientAddressOf(request, this.trust))
    const open = this.perAddress.get(addressKey) ?? 0
    if (open >= this.options.maxConnectionsPerAddress) {
      this.warnIfBehindUntrustedProxy(request)
      return { ok: false, reason: 'capacity', addressKey }
    }
    this.perAddress.set(addressKey, open + 1)
    return { ok: true, addressKey }
  }

  release(addressKey: string): void {
    const open = (this.perAddress.get(addressKey) ?? 0) - 1
    if (open > 0) this.perAddress.set(addressKey, open)
    else this.perAddress.delete(addressKey)
  }

  /**
   * Behind a proxy the server does not trust, every socket seems to come from the proxy, and the cap is soon
   * everyone's: said once in the log, since the fix is configuration (TRUST_PROXY).
   */
  private warnIfBehindUntrustedProxy(request: IncomingMessage): void {
    if (this.trust || this.warnedAboutProxy || request.headers['x-forwarded-for'] === undefined) return
    this.warnedAboutProxy = true
    this.log?.warn(
      { limit: this.options.maxConnectionsPerAddress },
      'realtime sockets over the per-address cap arrive with X-Forwarded-For: behind a proxy, set TRUST_PROXY',
    )
  }

  /** Addresses holding at least one socket: for tests and metrics. */
  get addressCount(): number {
    return this.perAddress.size
  }
}

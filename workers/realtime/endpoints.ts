// Where the two sockets go, from GET /settings' `realtime` (docs/product/api.md#calls). A host or URL the settings
// omit means the origin that served the API, which is the page's own origin unless the build points the API
// elsewhere.
import type { RealtimeEndpoints } from '../../src/domain/contract/site'

export interface PusherEndpoint {
  key: string
  cluster: string
  wsHost: string
  wsPort: number
  forceTLS: boolean
}

export interface PriceEndpoint {
  url: string
  apiKey: string
}

/** The origin to default to: the API's, else the worker's own (same as the page's). */
export function defaultOrigin(apiBaseUrl: string, fallbackOrigin: string): URL {
  try {
    return new URL(new URL(apiBaseUrl, fallbackOrigin).origin)
  } catch {
    return new URL(fallbackOrigin)
  }
}

export function resolvePusherEndpoint(pusher: RealtimeEndpoints['pusher'], origin: URL): PusherEndpoint {
  const forceTLS = pusher.forceTLS ?? origin.protocol === 'https:'
  const wsHost = pusher.host || origin.hostname
  // An explicit host without a port is a broker on its default port; otherwise the origin's port (empty = default).
  const originPort = pusher.host ? '' : origin.port
  const wsPort = pusher.port ?? (originPort ? Number(originPort) : forceTLS ? 443 : 80)
  return { key: pusher.key, cluster: pusher.cluster, wsHost, wsPort, forceTLS }
}

export function resolvePriceEndpoint(prices: RealtimeEndpoints['prices'], origin: URL): PriceEndpoint {
  return { url: prices.url || origin.origin, apiKey: prices.apiKey }
}

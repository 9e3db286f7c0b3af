// The hub's HTTP calls to the API, with the token the tabs gave and docs/product/README.md's time-out. Any answer,
// even an error, tells the hub the server is up (see the push channels' `onServerAnswered`).
import type { FetchLike, HubContext } from './environment'
import { HUB_TIMINGS } from './timings'

class HubHttpError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.name = 'HubHttpError'
    this.status = status
  }
}

export interface ApiRequestDeps extends Pick<HubContext, 'clock' | 'config'> {
  fetch: FetchLike
  onServerAnswered: () => void
}

export type ApiRequest = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>

export function createApiRequest(deps: ApiRequestDeps): ApiRequest {
  return async function request(method, path, body) {
    const { token, apiBaseUrl } = deps.config()
    if (!token || !apiBaseUrl) throw new Error('Not signed in')
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    const controller = new AbortController()
    const timer = deps.clock.setTimeout(() => controller.abort(), HUB_TIMINGS.REQUEST_TIMEOUT_MS)
    try {
      const response = await deps.fetch(`${apiBaseUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: controller.signal,
      })
      deps.onServerAnswered()
      if (!response.ok)
        throw new HubHttpError(response.status, `${method} ${path} answered ${response.status}`)
      // Heartbeats may answer 204: no body is not an error.
      return await response.json().catch(() => null)
    } finally {
      deps.clock.clearTimeout(timer)
    }
  }
}

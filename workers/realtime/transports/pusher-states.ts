// How pusher-js's connection states and errors read in docs/product/realtime.md#connection-status's terms. Kept apart
// from pusher-transport.ts so it is tested without loading pusher-js.
import { CONNECTION_STATUS, type ConnectionStatus } from '../../../src/domain/contract/realtime'

/** The text of a pusher-js `error` event: `{ type, data: { code, message } }`, possibly nested in `error`. */
export function describePusherError(error: unknown): string | undefined {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current)
    const record = current as {
      data?: { message?: unknown; code?: unknown }
      message?: unknown
      error?: unknown
    }
    if (typeof record.data?.message === 'string' && record.data.message) return record.data.message
    if (typeof record.message === 'string' && record.message) return record.message
    current = record.error
  }
  // A network failure carries only a DOM Event: nothing more precise to say.
  return typeof error === 'object' &&
    error !== null &&
    (error as { type?: unknown }).type === 'WebSocketError'
    ? 'Server unreachable'
    : undefined
}

/** Pusher's 'connection is unauthorized' close code, which pusher-js does not retry. */
const UNAUTHORIZED_CODE = 4009

/**
 * The session a pusher-js `error` event says was signed out: the broker's pusher:error before it closes such a
 * socket carries `{ code: 4009, session_id }` (docs/decisions/0033-hardening-second-round.md). Undefined for any
 * other error, an Origin refusal (4009 without a session) included.
 */
export function endedSessionOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const data = (error as { data?: unknown }).data
  if (typeof data !== 'object' || data === null) return undefined
  const { code, session_id: sessionId } = data as { code?: unknown; session_id?: unknown }
  return code === UNAUTHORIZED_CODE && typeof sessionId === 'number' ? sessionId : undefined
}

/**
 * pusher-js states onto docs/product/realtime.md#connection-status's. `unavailable` (no connection within 10 s, still
 * retrying) reads as failed; `disconnected` is only normal when we asked for it: otherwise the server refused us
 * (4000-4099) and pusher-js will not retry, which is a failure too.
 */
export function mapPusherState(state: string, disconnectRequested: boolean): ConnectionStatus | null {
  switch (state) {
    case 'connecting':
      return CONNECTION_STATUS.CONNECTING
    case 'connected':
      return CONNECTION_STATUS.CONNECTED
    case 'unavailable':
    case 'failed':
      return CONNECTION_STATUS.FAILED
    case 'disconnected':
      return disconnectRequested ? CONNECTION_STATUS.DISCONNECTED : CONNECTION_STATUS.FAILED
    default:
      return null
  }
}

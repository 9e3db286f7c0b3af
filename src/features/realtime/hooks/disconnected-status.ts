import type { RealtimeStatus } from '../../../lib/realtime-client'

/**
 * The status the realtime hooks read while the page has no realtime client yet: disconnected, nothing heard. A
 * module of its own, so the hooks import the client's types only and not the client (which starts the hub's worker).
 */
export const DISCONNECTED_STATUS: RealtimeStatus = {
  status: 'disconnected',
  message: null,
  polling: false,
  prices: 'disconnected',
  lastTickAt: null,
  lastHeartbeatAt: null,
}

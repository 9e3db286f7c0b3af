// Runs in the realtime hub's worker (shared or dedicated): builds the hub with the real sockets, fetch and Web
// Locks of the worker scope. The two entries differ only in how ports reach this API.
import { createHubApi, type RealtimeApi } from './api'
import { createHub } from './hub'
import { createSocketIoPriceTransport } from './transports/price-transport'
import { createPusherTransport } from './transports/pusher-transport'

export function startHub(scope: WorkerGlobalScope): RealtimeApi {
  const hub = createHub({
    createPushTransport: createPusherTransport,
    createPriceTransport: createSocketIoPriceTransport,
    fetch: (url, init) => scope.fetch(url, init),
    // Web Locks exist only in secure contexts; without them, pagehide alone ends a tab.
    locks: 'locks' in scope.navigator ? scope.navigator.locks : null,
    origin: scope.location.origin,
  })
  return createHubApi(hub)
}

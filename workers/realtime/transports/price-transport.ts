// Runs in the realtime hub (SharedWorker or dedicated Worker): the browser's one price-feed socket (socket.io,
// docs/product/realtime.md#price-feed). The only module that imports socket.io-client.
import { io } from 'socket.io-client'
import { CONNECTION_STATUS, PRICE_EVENTS, REALTIME_TIMINGS } from '../../../src/domain/contract/realtime'
import type { CreatePriceTransport } from './types'

export const createSocketIoPriceTransport: CreatePriceTransport = (options) => {
  const socket = io(options.url, {
    path: '/socket.io/',
    // docs/product/realtime.md#push-channels-and-events: websocket only; long-polling would be a second, slower path
    // through proxies.
    transports: ['websocket'],
    // A function, so that every reconnect presents the token the tabs hold now.
    auth: (send) => {
      const token = options.token()
      send(token ? { apiKey: options.apiKey, token } : { apiKey: options.apiKey })
    },
    reconnection: true,
    reconnectionAttempts: REALTIME_TIMINGS.PRICE_RECONNECT_ATTEMPTS,
    reconnectionDelay: REALTIME_TIMINGS.PRICE_RECONNECT_DELAY_MS,
    // A socket closed and opened again later must not reuse socket.io's cached manager.
    forceNew: true,
  })

  socket.on('connect', () => {
    options.onStatus(CONNECTION_STATUS.CONNECTED)
    // Every connect, first or re-: the server forgets a socket's subscription when it drops.
    socket.emit(PRICE_EVENTS.SUBSCRIBE_ALL)
  })
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') options.onStatus(CONNECTION_STATUS.DISCONNECTED)
    // The server closed us on purpose: socket.io will not retry by itself; the hub retries later.
    else if (reason === 'io server disconnect') options.onStatus(CONNECTION_STATUS.FAILED, reason)
    else options.onStatus(CONNECTION_STATUS.CONNECTING, reason)
  })
  socket.on('connect_error', (error) => {
    // Inactive after a connect_error means the handshake was refused (e.g. a wrong API key): no retry follows.
    options.onStatus(socket.active ? CONNECTION_STATUS.CONNECTING : CONNECTION_STATUS.FAILED, error.message)
  })
  socket.io.on('reconnect_failed', () => options.onStatus(CONNECTION_STATUS.FAILED, 'Reconnection failed'))
  socket.on(PRICE_EVENTS.DATA_ALL, (payload: unknown) => options.onSnapshot(payload))
  socket.on(PRICE_EVENTS.DATA_UPDATE, (payload: unknown) => options.onUpdate(payload))

  return {
    reconnect() {
      socket.disconnect()
      socket.connect()
    },
    disconnect() {
      socket.removeAllListeners()
      socket.io.removeAllListeners()
      socket.disconnect()
    },
  }
}

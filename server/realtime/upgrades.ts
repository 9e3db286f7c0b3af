// One 'upgrade' listener for the whole server, routing by path: /app/... to the Pusher broker and /socket.io/... to
// socket.io's engine. Each service attaching its own listener would leave the question of who answers an unknown
// path, or an upgrade during shutdown, to chance: each listener sees every upgrade, and a library that does not own a
// path may answer it or destroy its socket before the owner runs. An unknown path goes to `unknownPath` (the
// broker closes it with 4005, decision 0036), or is answered 404 when there is none.
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'

export interface UpgradeRoute {
  /** Path prefix, with its trailing slash: '/app/'. */
  prefix: string
  handle: (request: IncomingMessage, socket: Duplex, head: Buffer) => void
}

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

export function routeUpgrades(
  server: Server,
  routes: readonly UpgradeRoute[],
  unknownPath?: UpgradeRoute['handle'],
): { stop: () => void } {
  let stopped = false
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A peer that resets mid-handshake must not become an unhandled 'error' event that ends the process.
    socket.on('error', () => socket.destroy())
    if (stopped) return refuse(socket, '503 Service Unavailable')
    const path = (request.url ?? '/').split('?', 1)[0] ?? '/'
    const route = routes.find((candidate) => path.startsWith(candidate.prefix))
    if (!route) return unknownPath ? unknownPath(request, socket, head) : refuse(socket, '404 Not Found')
    route.handle(request, socket, head)
  }
  server.on('upgrade', onUpgrade)
  return {
    stop() {
      stopped = true
    },
  }
}

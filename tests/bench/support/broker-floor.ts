// bench:broker's floor (decision 0026): the least a Pusher server could do. Plain `ws` on an HTTP server: it answers
// connect and subscribe with pre-built frames, and for each POST /publish writes one frame, built once, to every
// socket's TCP socket. No protocol checks, no channels, no accounting. Run as a child process; prints its port.
import { createServer } from 'node:http'
import type { Socket } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import { rawSocketOf, textFrame } from '../../../server/realtime/broker/frames'

const CHANNEL = process.env.BENCH_CHANNEL ?? 'bench'
const established = JSON.stringify({
  event: 'pusher:connection_established',
  data: JSON.stringify({ socket_id: '1.1', activity_timeout: 120 }),
})
const subscribed = JSON.stringify({
  event: 'pusher_internal:subscription_succeeded',
  channel: CHANNEL,
  data: '{}',
})
const sockets = new Set<Socket>()

const server = createServer((request, response) => {
  let body = ''
  request.on('data', (chunk: Buffer) => (body += String(chunk)))
  request.on('end', () => {
    const frame = textFrame(JSON.stringify({ event: 'tick', channel: CHANNEL, data: body }))
    for (const socket of sockets) socket.write(frame)
    response.end('{}')
  })
})
const wss = new WebSocketServer({ server, perMessageDeflate: false, clientTracking: false })
wss.on('connection', (ws: WebSocket) => {
  const socket = rawSocketOf(ws)
  ws.send(established)
  ws.on('message', () => {
    if (socket) sockets.add(socket)
    ws.send(subscribed)
  })
  ws.on('close', () => socket && sockets.delete(socket))
  ws.on('error', () => undefined)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(`floor listening on ${typeof address === 'object' && address ? address.port : 0}`)
})

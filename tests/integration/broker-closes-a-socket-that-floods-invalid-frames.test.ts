// A socket that floods the broker with frames it cannot act on is closed (decision 0033): an outside probe sent
// about 27,000 invalid frames on one socket in 3 s, and every one was answered and the socket never closed. Past
// MAX_INVALID_FRAMES_PER_SECOND in a second the broker closes it with 4009 (pusher-js does not reconnect into the
// same flood) and answers no more; a client that errs now and then keeps its connection.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MAX_INVALID_FRAMES_PER_SECOND } from '../../server/realtime/broker/broker'
import { CHANNELS } from '../../src/domain/contract'
import { pusherKeyOf } from './support/back-office'
import { closeAllClients, rawPusherSocket, waitFor, type RawSocket } from './support/realtime-clients'
import { listenTestApp, type ListeningServer } from './support/test-server'

/** Far more than the cap, sent at once: well within one second. */
const FLOOD = MAX_INVALID_FRAMES_PER_SECOND * 5

let server: ListeningServer
let pusherKey: string

beforeAll(async () => {
  server = await listenTestApp({ realtime: { prices: { ticksPerSecond: 0 } } })
  pusherKey = await pusherKeyOf(server.app)
})
afterEach(() => closeAllClients())
afterAll(async () => {
  await server?.close()
})

async function openSocket(): Promise<RawSocket> {
  const socket = rawPusherSocket(server.baseUrl, pusherKey)
  await socket.next('pusher:connection_established')
  return socket
}

const answers = (socket: RawSocket) =>
  socket.frames.filter(
    (frame) => frame.event === 'pusher:error' || frame.event === 'pusher:subscription_error',
  )

const INVALID_FRAMES: Array<[string, (socket: RawSocket) => void]> = [
  ['not JSON', (socket) => socket.ws.send('{"event": "pusher:subscribe", ')],
  ['an event the protocol does not have', (socket) => socket.send('pusher:take_over', {})],
  [
    'a subscription with a forged signature',
    (socket) =>
      socket.send('pusher:subscribe', { channel: CHANNELS.user(1), auth: `${pusherKey}:${'0'.repeat(64)}` }),
  ],
  ['a client event while they are off', (socket) => socket.send('client-typing', {}, CHANNELS.user(1))],
]

describe('the broker, flooded with invalid frames', () => {
  it.each(INVALID_FRAMES)('closes the socket with 4009 after the cap: %s', async (_kind, sendInvalid) => {
    const socket = await openSocket()
    for (let sent = 0; sent < FLOOD; sent += 1) sendInvalid(socket)

    expect(await waitFor('the socket closed', (deliver) => void socket.closed.then(deliver))).toEqual({
      code: 4009,
      reason: 'Too many invalid messages',
    })
    expect(answers(socket).length).toBeLessThanOrEqual(MAX_INVALID_FRAMES_PER_SECOND)
  })

  it('keeps a socket that stays within the cap, and answers it as before', async () => {
    const socket = await openSocket()
    for (let sent = 0; sent < MAX_INVALID_FRAMES_PER_SECOND; sent += 1) socket.send('pusher:take_over', {})

    socket.send('pusher:ping', {})
    await socket.next('pusher:pong')
    expect(answers(socket)).toHaveLength(MAX_INVALID_FRAMES_PER_SECOND)
    expect(socket.ws.readyState).toBe(socket.ws.OPEN)
  })
})

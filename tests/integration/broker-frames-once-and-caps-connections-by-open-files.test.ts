// Decision 0026: the broker frames each event once and writes the same bytes to every socket, and its connection cap
// comes from the settings (PUSHER_MAX_CONNECTIONS), by default bounded only by the open-file limit.
import type { EventEmitter } from 'node:events'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultMaxConnections, openFileLimit, RESERVED_FILES } from '../../server/lib/open-files'
import { textFrame } from '../../server/realtime/broker/frames'
import { DEFAULT_BROKER_OPTIONS } from '../../server/realtime/broker/broker'
import { realtimeOptionsFromEnv } from '../../server/realtime/config'
import { closeAllClients, rawPusherSocket } from './support/realtime-clients'
import { listenTestApp, type ListeningServer } from './support/test-server'

// ws's own frame parser, as every client built on ws reads frames (its types do not declare it).
const { Receiver } = createRequire(import.meta.url)('ws') as {
  Receiver: new (options: { isServer: boolean }) => EventEmitter & { write(chunk: Buffer): void }
}

/** What a client's WebSocket parser makes of the bytes. */
function parsed(frame: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const receiver = new Receiver({ isServer: false })
    receiver.on('message', (data: Buffer, isBinary: boolean) =>
      isBinary ? reject(new Error('a binary frame')) : resolve(String(data)),
    )
    receiver.on('error', reject)
    receiver.write(frame)
  })
}

describe('frames built once', () => {
  it.each([0, 1, 125, 126, 127, 65_535, 65_536, 200_000])(
    'frames a %i-byte payload as ws reads it',
    async (length) => {
      const text = 'é'.repeat(Math.floor(length / 2)) + 'x'.repeat(length % 2)
      expect(Buffer.byteLength(text)).toBe(length)
      expect(await parsed(textFrame(text))).toBe(text)
    },
  )
})

describe('the connection cap', () => {
  it('is the open-file limit less a reserve by default, and PUSHER_MAX_CONNECTIONS when set', () => {
    const limits =
      'Limit                     Soft Limit           Hard Limit           Units\nMax open files            20000                20000                files\n'
    expect(openFileLimit(limits)).toBe(20_000)
    expect(defaultMaxConnections(20_000)).toBe(20_000 - RESERVED_FILES)
    expect(defaultMaxConnections(undefined)).toBe(10_000)
    // This process's own limit, as the server reads it.
    const own = openFileLimit()
    if (own !== undefined) expect(DEFAULT_BROKER_OPTIONS.maxConnections).toBe(defaultMaxConnections(own))
    expect(realtimeOptionsFromEnv({ PUSHER_MAX_CONNECTIONS: '19000' }, 8080).broker).toMatchObject({
      maxConnections: 19_000,
    })
    expect(() => realtimeOptionsFromEnv({ PUSHER_MAX_CONNECTIONS: 'lots' }, 8080)).toThrow(
      /PUSHER_MAX_CONNECTIONS/,
    )
  })

  describe('on a server capped at 3', () => {
    let server: ListeningServer
    let key: string
    beforeAll(async () => {
      server = await listenTestApp({
        realtime: { broker: { maxConnections: 3 }, prices: { ticksPerSecond: 0 } },
      })
      key = (await server.app.inject({ url: '/api/v1/settings' })).json().data.realtime.pusher.key
    })
    afterAll(async () => {
      closeAllClients()
      await server.close()
    })

    it('admits 3 sockets and closes the 4th with 4100, and a published event reaches the 3 as valid frames', async () => {
      const admitted = [0, 1, 2].map(() => rawPusherSocket(server.baseUrl, key))
      for (const socket of admitted) await socket.next('pusher:connection_established')
      const over = rawPusherSocket(server.baseUrl, key)
      expect((await over.closed).code).toBe(4100)
      for (const socket of admitted) {
        socket.send('pusher:subscribe', { channel: 'news' })
        await socket.next('pusher_internal:subscription_succeeded')
      }
      const sent = server.app.realtime.broker!.publish({
        channels: ['news'],
        name: 'headline',
        data: '{"n":1}',
      })
      expect(sent).toBe(3)
      for (const socket of admitted) {
        expect(await socket.next('headline')).toEqual({ event: 'headline', channel: 'news', data: '{"n":1}' })
      }
    })
  })
})

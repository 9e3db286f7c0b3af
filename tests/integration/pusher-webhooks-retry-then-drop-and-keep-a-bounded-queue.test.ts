// The webhook sender's limits (decision 0036), against a real HTTP receiver: a batch the receiver keeps refusing is
// tried `attempts` times, then dropped with one warning naming its events, and the batches after it still go; a
// receiver that cannot keep up never makes the queue grow past `maxQueued` (the oldest events go, with one warning).
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLO_OCCUPANCY, Webhooks, DEFAULT_WEBHOOK_OPTIONS } from '../../server/realtime/broker/webhooks'
import { startWebhookReceiver, type WebhookReceiver } from '../conformance/support/webhook-receiver'
import { eventually } from './support/realtime-clients'

const RECEIVER_PORT = 7114
const KEY = 'limits-key'
const SECRET = 'limits-secret'

let receiver: WebhookReceiver
const open: Webhooks[] = []

beforeAll(async () => {
  receiver = await startWebhookReceiver(RECEIVER_PORT)
})
afterAll(async () => {
  await Promise.all(open.map((webhooks) => webhooks.close()))
  await receiver?.close()
})

/** The sender's warnings, as the app's logger would get them. */
function warnings() {
  const lines: { details: Record<string, unknown>; message: string }[] = []
  const log = {
    warn: (details: Record<string, unknown>, message: string) => lines.push({ details, message }),
  } as unknown as FastifyBaseLogger
  return { lines, log }
}

function sender(log: FastifyBaseLogger, options: Partial<typeof DEFAULT_WEBHOOK_OPTIONS>) {
  const webhooks = new Webhooks(
    { ...DEFAULT_WEBHOOK_OPTIONS, url: receiver.url, key: KEY, secret: SECRET, ...options },
    SOLO_OCCUPANCY,
    log,
  )
  open.push(webhooks)
  return webhooks
}

describe('the webhook sender', () => {
  it('drops a batch refused on every try with one warning, and goes on with the next', async () => {
    const { lines, log } = warnings()
    const webhooks = sender(log, { attempts: 3, firstRetryMs: 20 })
    receiver.refuse('doomed-channel', 500, 502, 503)
    webhooks.cacheMiss('doomed-channel')
    await eventually(() => expect(lines).toHaveLength(1))
    expect(lines[0]).toMatchObject({
      message: 'webhooks: the receiver did not take a batch; dropped',
      details: { events: 1, names: ['cache_miss'], failure: 'HTTP 503' },
    })
    const tries = receiver.received.filter((request) => request.rawBody.includes('doomed-channel'))
    expect(tries.map((request) => request.status)).toEqual([500, 502, 503])

    webhooks.cacheMiss('after-channel')
    await eventually(() =>
      expect(receiver.events().filter((event) => event.channel === 'after-channel')).toHaveLength(1),
    )
  })

  it('keeps at most maxQueued events, dropping the oldest, with one warning', async () => {
    const { lines, log } = warnings()
    const webhooks = sender(log, { maxQueued: 3, batchSize: 10 })
    // All in one turn: the first POST goes after it, when ten events have been offered to a queue of three.
    for (let n = 0; n < 10; n += 1) webhooks.cacheMiss(`bounded-${n}`)
    await eventually(() =>
      expect(receiver.events().filter((event) => event.channel.startsWith('bounded-'))).toHaveLength(3),
    )
    expect(
      receiver
        .events()
        .filter((event) => event.channel.startsWith('bounded-'))
        .map((event) => event.channel),
    ).toEqual(['bounded-7', 'bounded-8', 'bounded-9'])
    expect(lines.map((line) => line.message)).toEqual(['webhooks: queue full; dropping the oldest events'])
  })
})

// Pusher's webhooks (https://pusher.com/docs/channels/server_api/webhooks/), sent to PUSHER_WEBHOOK_URL: a POST whose
// body is `{ time_ms, events: [{ name, channel, ... }] }`, signed in X-Pusher-Signature (HMAC-SHA256 hex of the raw
// body with the app's secret) beside X-Pusher-Key, as the `pusher` SDK's webhook() checks it (decision 0036).
//
// - channel_occupied / channel_vacated and member_added / member_removed are the cluster's: with Redis, each
//   instance notes in a set which instances hold the channel (or the member), and only the instance whose entry
//   made the set non-empty, or empty, sends the event, so each is sent once. Redis is written only when a channel
//   or a member comes or goes on an instance, not on every subscribe. Alone, the broker's own counts decide.
// - client_event and cache_miss are sent by the instance whose socket caused them.
// - Nothing waits for the receiver: events queue in memory (bounded; the oldest go first when it is full), are
//   sent in batches in order, and a batch that fails is retried with a doubling pause, then dropped with a log line.
import { createHmac } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'

export const WEBHOOK_EVENTS = {
  CHANNEL_OCCUPIED: 'channel_occupied',
  CHANNEL_VACATED: 'channel_vacated',
  MEMBER_ADDED: 'member_added',
  MEMBER_REMOVED: 'member_removed',
  CLIENT_EVENT: 'client_event',
  CACHE_MISS: 'cache_miss',
} as const

export interface WebhookEvent {
  name: string
  channel: string
  [field: string]: unknown
}

export interface WebhookOptions {
  url: string
  key: string
  secret: string
  /** Events held while the receiver is slow or down; past it the oldest are dropped. */
  maxQueued: number
  /** Events per POST. */
  batchSize: number
  /** Tries per batch before it is dropped. */
  attempts: number
  /** The pause after the first failure; it doubles with each further one. */
  firstRetryMs: number
  /** A receiver that has not answered within this has failed this try. */
  timeoutMs: number
}

export const DEFAULT_WEBHOOK_OPTIONS: Omit<WebhookOptions, 'url' | 'key' | 'secret'> = {
  maxQueued: 10_000,
  batchSize: 50,
  // 1 + 2 + 4 + 8 + 16 s of pauses: half a minute for a receiver that restarts.
  attempts: 6,
  firstRetryMs: 1_000,
  timeoutMs: 5_000,
}

/** The cluster's view of who holds a channel or a presence member: enter answers "first", leave answers "last". */
export interface Occupancy {
  enter(key: string): Promise<boolean>
  leave(key: string): Promise<boolean>
}

/** Alone: the broker calls only on its own first and last, which are the cluster's. */
export const SOLO_OCCUPANCY: Occupancy = {
  enter: () => Promise.resolve(true),
  leave: () => Promise.resolve(true),
}

const ENTER_SCRIPT = `
local added = redis.call('SADD', KEYS[1], ARGV[1])
if added == 1 and redis.call('SCARD', KEYS[1]) == 1 then return 1 end
return 0`
const LEAVE_SCRIPT = `
local removed = redis.call('SREM', KEYS[1], ARGV[1])
if removed == 1 and redis.call('SCARD', KEYS[1]) == 0 then return 1 end
return 0`

/**
 * With Redis: one set per channel (and per presence member) of the instances that hold it, changed atomically by a
 * script, so exactly one instance sees it become non-empty or empty. When Redis cannot be reached the instance
 * decides alone (an event may then be sent twice rather than never), with a warning.
 */
export function redisOccupancy(
  redis: Redis,
  prefix: string,
  instanceId: string,
  log: FastifyBaseLogger,
): Occupancy {
  let failing = false
  const run = async (script: string, key: string) => {
    try {
      const decided = (await redis.eval(script, 1, `${prefix}:webhooks:${key}`, instanceId)) === 1
      failing = false
      return decided
    } catch (error) {
      // Once per outage: a reconnect wave would otherwise log a line per socket.
      if (!failing) {
        failing = true
        log.warn(
          { err: { message: error instanceof Error ? error.message : String(error) }, key },
          'webhooks: Redis did not answer; this instance decides alone',
        )
      }
      return true
    }
  }
  return { enter: (key) => run(ENTER_SCRIPT, key), leave: (key) => run(LEAVE_SCRIPT, key) }
}

export function webhookSignature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex')
}

/** What the broker tells the webhooks: its own sockets' changes; whether the cluster's changed is decided here. */
export interface BrokerWebhooks {
  channelOccupied(channel: string): void
  channelVacated(channel: string): void
  memberAdded(channel: string, userId: string): void
  memberRemoved(channel: string, userId: string): void
  clientEvent(event: {
    channel: string
    event: string
    data: string
    socketId: string
    userId?: string
  }): void
  cacheMiss(channel: string): void
  close(): Promise<void>
}

export class Webhooks implements BrokerWebhooks {
  private readonly queue: WebhookEvent[] = []
  private draining = false
  private closed = false
  private overflowing = false
  private retryTimer: NodeJS.Timeout | undefined
  private wakeRetry: (() => void) | undefined
  /** Occupancy changes are applied in the order the broker saw them: each waits for the one before. */
  private occupancyChain: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly options: WebhookOptions,
    private readonly occupancy: Occupancy,
    private readonly log: FastifyBaseLogger,
  ) {}

  channelOccupied(channel: string): void {
    this.throughOccupancy('enter', `channel:${channel}`, { name: WEBHOOK_EVENTS.CHANNEL_OCCUPIED, channel })
  }

  channelVacated(channel: string): void {
    this.throughOccupancy('leave', `channel:${channel}`, { name: WEBHOOK_EVENTS.CHANNEL_VACATED, channel })
  }

  memberAdded(channel: string, userId: string): void {
    this.throughOccupancy('enter', `member:${channel}:${userId}`, {
      name: WEBHOOK_EVENTS.MEMBER_ADDED,
      channel,
      user_id: userId,
    })
  }

  memberRemoved(channel: string, userId: string): void {
    this.throughOccupancy('leave', `member:${channel}:${userId}`, {
      name: WEBHOOK_EVENTS.MEMBER_REMOVED,
      channel,
      user_id: userId,
    })
  }

  clientEvent(event: {
    channel: string
    event: string
    data: string
    socketId: string
    userId?: string
  }): void {
    this.enqueue({
      name: WEBHOOK_EVENTS.CLIENT_EVENT,
      channel: event.channel,
      event: event.event,
      data: event.data,
      socket_id: event.socketId,
      // Pusher names the member on presence channels only.
      ...(event.userId === undefined ? {} : { user_id: event.userId }),
    })
  }

  cacheMiss(channel: string): void {
    this.enqueue({ name: WEBHOOK_EVENTS.CACHE_MISS, channel })
  }

  private throughOccupancy(change: 'enter' | 'leave', key: string, event: WebhookEvent): void {
    const decided = this.occupancyChain.then(() => this.occupancy[change](key))
    this.occupancyChain = decided.then(
      (send) => {
        if (send) this.enqueue(event)
      },
      () => undefined,
    )
  }

  private enqueue(event: WebhookEvent): void {
    if (this.closed) return
    if (this.queue.length >= this.options.maxQueued) {
      this.queue.shift()
      // Once per overflow: a receiver that is down for long would flood the log otherwise.
      if (!this.overflowing) {
        this.overflowing = true
        this.log.warn(
          { maxQueued: this.options.maxQueued },
          'webhooks: queue full; dropping the oldest events',
        )
      }
    }
    this.queue.push(event)
    if (!this.draining) {
      this.draining = true
      // After this turn: the events of one action (a socket closing on several channels) go in one POST.
      setImmediate(() => void this.drain())
    }
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.closed) {
      const batch = this.queue.splice(0, this.options.batchSize)
      if (this.queue.length < this.options.maxQueued / 2) this.overflowing = false
      await this.deliver(batch)
    }
    this.draining = false
  }

  private async deliver(events: WebhookEvent[]): Promise<void> {
    const body = JSON.stringify({ time_ms: Date.now(), events })
    const headers = {
      'content-type': 'application/json',
      'x-pusher-key': this.options.key,
      'x-pusher-signature': webhookSignature(this.options.secret, body),
    }
    let failure = ''
    for (let attempt = 1; attempt <= this.options.attempts && !this.closed; attempt += 1) {
      try {
        const response = await fetch(this.options.url, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(this.options.timeoutMs),
        })
        // The body is not read: only the status matters, and the connection is freed.
        await response.body?.cancel()
        if (response.ok) return
        failure = `HTTP ${response.status}`
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error)
      }
      if (attempt < this.options.attempts) await this.pause(this.options.firstRetryMs * 2 ** (attempt - 1))
    }
    this.log.warn(
      { events: events.length, names: [...new Set(events.map((event) => event.name))], failure },
      'webhooks: the receiver did not take a batch; dropped',
    )
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wakeRetry = resolve
      this.retryTimer = setTimeout(resolve, ms)
      this.retryTimer.unref()
    })
  }

  /**
   * Stops sending, once the occupancy changes already made are noted in Redis (at most a second): what is queued
   * is dropped, as a shutting-down instance's sockets reconnect to the others.
   */
  async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      this.occupancyChain,
      new Promise((resolve) => {
        timer = setTimeout(resolve, 1_000)
      }),
    ])
    clearTimeout(timer)
    this.closed = true
    this.queue.length = 0
    clearTimeout(this.retryTimer)
    this.wakeRetry?.()
  }
}

// The instances' message bus (decision 0024): Redis pub/sub, one Redis channel per topic under the deployment's key
// prefix. A message reaches every *other* instance once (the sender acts locally itself, without the round trip);
// pub/sub keeps no backlog, so an instance that was away catches up from the database, as a tab does
// (docs/architecture.md#the-realtime-hub).
import type { Redis } from 'ioredis'

export type BusHandler = (payload: unknown, fromInstance: string) => void

export interface ClusterBus {
  /** Sends `payload` (JSON-serialised once) to every other instance; best-effort, never throws. */
  publish(topic: string, payload: unknown): void
  /** Sends a payload already serialised to JSON (the broker serialises each event once). */
  publishJson(topic: string, json: string): void
  /** Handles `topic`'s messages from other instances. Returns the function that stops handling them. */
  subscribe(topic: string, handler: BusHandler): () => void
  /**
   * How many other instances listen to `topic` now (Redis PUBSUB NUMSUB, less this one): how many answers a
   * question asked on it will get. Rejects when Redis does not answer.
   */
  peers(topic: string): Promise<number>
  close(): void
}

export interface BusLog {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

// The envelope is `<instance id>\n<json>`: the sender is read without parsing the payload, so an instance skips
// its own messages for free.
const SEPARATOR = '\n'

export function createRedisBus(options: {
  commands: Redis
  subscriber: Redis
  instanceId: string
  prefix: string
  log: BusLog
}): ClusterBus {
  const { commands, subscriber, instanceId, prefix, log } = options
  const handlers = new Map<string, Set<BusHandler>>()
  const channelOf = (topic: string) => `${prefix}:bus:${topic}`
  const topicOf = (channel: string) => channel.slice(prefix.length + 5)
  let failures = 0

  subscriber.on('message', (channel: string, message: string) => {
    const cut = message.indexOf(SEPARATOR)
    if (cut < 0) return
    const from = message.slice(0, cut)
    if (from === instanceId) return
    const listeners = handlers.get(topicOf(channel))
    if (!listeners || listeners.size === 0) return
    let payload: unknown
    try {
      payload = JSON.parse(message.slice(cut + 1))
    } catch {
      log.warn({ channel }, 'cluster bus: a message that is not JSON was ignored')
      return
    }
    for (const handler of listeners) {
      try {
        handler(payload, from)
      } catch (error) {
        log.error(
          { err: { message: error instanceof Error ? error.message : String(error) }, channel },
          'cluster bus handler failed',
        )
      }
    }
  })

  const publishJson = (topic: string, json: string) => {
    commands.publish(channelOf(topic), instanceId + SEPARATOR + json).then(
      () => {
        failures = 0
      },
      (error: unknown) => {
        // Logged once per outage: a tick batch every 50 ms would flood the log otherwise.
        if (failures++ === 0) {
          log.warn(
            { err: { message: error instanceof Error ? error.message : String(error) }, topic },
            'cluster bus: could not publish',
          )
        }
      },
    )
  }

  return {
    publish: (topic, payload) => publishJson(topic, JSON.stringify(payload)),
    publishJson,
    subscribe(topic, handler) {
      let listeners = handlers.get(topic)
      if (!listeners) {
        handlers.set(topic, (listeners = new Set()))
        void subscriber
          .subscribe(channelOf(topic))
          .catch((error: unknown) =>
            log.error(
              { err: { message: error instanceof Error ? error.message : String(error) }, topic },
              'cluster bus: could not subscribe',
            ),
          )
      }
      listeners.add(handler)
      return () => {
        listeners.delete(handler)
      }
    },
    async peers(topic) {
      const reply = (await commands.pubsub('NUMSUB', channelOf(topic))) as [string, number | string]
      const listening = Number(reply[1])
      return Math.max(0, listening - (handlers.has(topic) ? 1 : 0))
    },
    close() {
      handlers.clear()
    },
  }
}

/** One instance alone: there is nobody to tell. */
export const SOLO_BUS: ClusterBus = {
  publish: () => undefined,
  publishJson: () => undefined,
  subscribe: () => () => undefined,
  peers: async () => 0,
  close: () => undefined,
}

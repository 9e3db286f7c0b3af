// The Redis connections of one instance (decision 0024): one for commands and one for pub/sub subscriptions (a
// subscribed connection can issue nothing else). REDIS_URL's database number is honoured (`redis://host:port/3`),
// so tests and deployments can share a Redis server without sharing keys.
import { Redis, type RedisOptions } from 'ioredis'

export interface RedisConnections {
  /** Commands: rate-limit counters, the leader lease, publishes. Fails fast while Redis is away. */
  readonly commands: Redis
  /** Subscriptions only. */
  readonly subscriber: Redis
  /** Whether the command connection is up now (what /readyz reports). */
  readonly connected: boolean
  close(): Promise<void>
}

export interface RedisLog {
  warn(details: object, message: string): void
  info(details: object, message: string): void
}

/** Reconnects every 100 ms at first, backing off to a second: a Redis restart is noticed within about a second. */
const retryStrategy = (attempt: number) => Math.min(100 * attempt, 1000)

export function openRedis(url: string, log: RedisLog): RedisConnections {
  const common: RedisOptions = {
    retryStrategy,
    // Connection errors are reported once per outage below, not as unhandled 'error' events.
    lazyConnect: false,
    connectTimeout: 2000,
  }
  // A command while Redis is down fails at once instead of queueing: rate limits fall back, /readyz answers 503,
  // and the leader lease is not renewed (so it steps down), all without waiting for a timeout.
  const commands = new Redis(url, { ...common, enableOfflineQueue: false, maxRetriesPerRequest: 0 })
  // Subscriptions are restored by ioredis after a reconnect; queued SUBSCRIBEs are what makes that work.
  const subscriber = new Redis(url, { ...common, maxRetriesPerRequest: null })

  let down = false
  let closed = false
  const onError = (error: Error) => {
    if (down) return
    down = true
    log.warn({ err: { message: error.message } }, 'redis unreachable; retrying')
  }
  const onReady = () => {
    if (!down) return
    down = false
    log.info({}, 'redis reachable again')
  }
  for (const connection of [commands, subscriber]) {
    connection.on('error', onError)
    connection.on('ready', onReady)
  }

  return {
    commands,
    subscriber,
    get connected() {
      return commands.status === 'ready'
    },
    async close() {
      if (closed) return
      closed = true
      // quit() waits for the reply to QUIT, which never comes while Redis is down: disconnect then.
      await Promise.all(
        [commands, subscriber].map((connection) =>
          connection.status === 'ready'
            ? connection.quit().catch(() => connection.disconnect())
            : connection.disconnect(),
        ),
      )
    },
  }
}

// Pusher's cache channels (https://pusher.com/docs/channels/using_channels/cache-channels/): `cache-`,
// `private-cache-` and `presence-cache-` keep their last event for 30 minutes, and a new subscriber gets it right
// after `pusher_internal:subscription_succeeded`, or `pusher:cache_miss` (and the cache_miss webhook) when there is
// none. Each instance keeps the last events it delivered in memory (relayed events included); with Redis, the
// instance an event was published through also stores it there, for instances that started after it (decision 0036).
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import { z } from 'zod'

export const CACHE_TTL_MS = 30 * 60_000
/** Channels whose last event this instance keeps in memory; past it, the least recently published goes. */
export const MAX_CACHED_CHANNELS = 10_000
export const CACHE_MISS_EVENT = 'pusher:cache_miss'

const CACHE_CHANNEL_PATTERN = /^(?:private-|presence-)?cache-/
export const isCacheChannel = (channel: string) => CACHE_CHANNEL_PATTERN.test(channel)

/** One channel's last event: the message as subscribers got it, and when it stops being sent. */
export interface CachedEvent {
  text: string
  expiresAtMs: number
}

/** Where the cluster's last events are kept (Redis); alone there is none, and memory is all. */
export interface CacheStore {
  get(channel: string): Promise<CachedEvent | undefined>
  save(channel: string, event: CachedEvent): void
}

const StoredEvent = z.object({ text: z.string(), expiresAtMs: z.number() })

export function redisCacheStore(redis: Redis, prefix: string, log: FastifyBaseLogger): CacheStore {
  const keyOf = (channel: string) => `${prefix}:cache-channel:${channel}`
  const warn = (error: unknown, message: string) =>
    log.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, message)
  return {
    async get(channel) {
      const stored = await redis.get(keyOf(channel))
      if (stored === null) return undefined
      try {
        const parsed = StoredEvent.safeParse(JSON.parse(stored))
        return parsed.success ? parsed.data : undefined
      } catch {
        return undefined
      }
    },
    save(channel, event) {
      const ttl = Math.max(1, event.expiresAtMs - Date.now())
      redis
        .set(keyOf(channel), JSON.stringify(event), 'PX', ttl)
        .catch((error: unknown) => warn(error, 'cache channels: could not store an event in Redis'))
    },
  }
}

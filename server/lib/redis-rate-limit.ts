// The sliding-window limiter of rate-limit.ts with its counts in Redis, so that every instance of a cluster counts
// the same hits (decision 0024). One sorted set per (action, client key), scored by the hit's time; one Lua script
// per hit, so two instances counting at once can never both let in the last place. Same semantics as the in-memory
// one: a refused hit is not recorded, Retry-After comes from the oldest hit in the window and is at least a second.
// When Redis cannot answer (down, or slower than `timeoutMs`), the hit is counted by the fallback limiter in this
// process instead: a rate limit must never turn into an error or a hung request.
import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import { type RateLimit, type RateLimiter, type RateLimitResult, retryAfterSeconds } from './rate-limit'

// KEYS[1]: the sorted set. ARGV: now, window start, max, window (ms), a member unique to this hit.
// Returns 1 when the hit is let in, else the oldest hit's score (a bulk string).
const HIT = `
redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[2])
local count = redis.call('zcard', KEYS[1])
if count > 0 and count >= tonumber(ARGV[3]) then
  return redis.call('zrange', KEYS[1], 0, 0, 'WITHSCORES')[2]
end
redis.call('zadd', KEYS[1], ARGV[1], ARGV[5])
redis.call('pexpire', KEYS[1], ARGV[4])
return 1`

/** A stalled Redis must not hold requests for long: past this, the hit is counted locally. */
const DEFAULT_TIMEOUT_MS = 500

export interface RedisRateLimiterOptions {
  redis: Redis
  /** The action's key prefix, e.g. `cfd:rate:login`; the client key follows after a colon. */
  keyPrefix: string
  limit: RateLimit
  /** Counts the hits Redis could not. */
  fallback: RateLimiter
  /** Told of every failed Redis call (the caller logs once per outage). */
  onUnavailable: (error: unknown) => void
  /** Told of every answered Redis call (the end of an outage). */
  onAvailable: () => void
  timeoutMs?: number
}

export class RedisSlidingWindowLimiter implements RateLimiter {
  // Members must be unique per hit: two hits in the same millisecond are two hits.
  private readonly memberPrefix = randomBytes(6).toString('base64url')
  private sequence = 0

  constructor(private readonly options: RedisRateLimiterOptions) {}

  async hit(key: string, nowMs: number): Promise<RateLimitResult> {
    const { redis, keyPrefix, limit, fallback } = this.options
    const windowStart = nowMs - limit.windowMs
    this.sequence += 1
    const member = `${nowMs}:${this.memberPrefix}:${this.sequence}`
    let reply: unknown
    try {
      reply = await withTimeout(
        redis.eval(
          HIT,
          1,
          `${keyPrefix}:${key}`,
          String(nowMs),
          String(windowStart),
          String(limit.max),
          String(limit.windowMs),
          member,
        ),
        this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      )
    } catch (error) {
      this.options.onUnavailable(error)
      return fallback.hit(key, nowMs)
    }
    this.options.onAvailable()
    if (typeof reply !== 'string') return { allowed: true }
    return { allowed: false, retryAfterSeconds: retryAfterSeconds(Number(reply), windowStart) }
  }
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

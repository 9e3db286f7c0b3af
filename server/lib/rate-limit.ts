// A small in-memory sliding-window limiter: at most `max` accepted hits per key in any `windowMs`. Memory is
// bounded: a key holds at most `max` timestamps, idle keys are swept, and past `maxKeys` the least recently
// admitted key is forgotten (it starts afresh, which is kinder than refusing everybody during a flood).
import { isIPv6 } from 'node:net'

export interface RateLimit {
  max: number
  windowMs: number
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** Counts one hit of `key` at `nowMs`: at once in this process, or after a round trip (redis-rate-limit.ts). */
export interface RateLimiter {
  hit(key: string, nowMs: number): RateLimitResult | Promise<RateLimitResult>
}

/** When the oldest hit of a full window leaves it: whole seconds, at least one. */
export function retryAfterSeconds(oldestMs: number, windowStartMs: number): number {
  return Math.max(1, Math.ceil((oldestMs - windowStartMs) / 1000))
}

const DEFAULT_MAX_KEYS = 100_000

export class SlidingWindowLimiter implements RateLimiter {
  // Insertion order = order of each key's latest admitted hit, so idle keys always sit at the front.
  private readonly hits = new Map<string, number[]>()

  constructor(
    private readonly limit: RateLimit,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  hit(key: string, nowMs: number): RateLimitResult {
    const windowStart = nowMs - this.limit.windowMs
    this.sweep(windowStart)

    const times = this.hits.get(key) ?? []
    const expired = times.findIndex((time) => time > windowStart)
    times.splice(0, expired === -1 ? times.length : expired)

    const oldest = times[0]
    if (oldest !== undefined && times.length >= this.limit.max) {
      // A refused hit is not recorded, so a client that keeps hammering is still let in once the window moves.
      return { allowed: false, retryAfterSeconds: retryAfterSeconds(oldest, windowStart) }
    }

    times.push(nowMs)
    this.hits.delete(key)
    this.hits.set(key, times)
    if (this.hits.size > this.maxKeys) {
      const leastRecent = this.hits.keys().next().value
      if (leastRecent !== undefined) this.hits.delete(leastRecent)
    }
    return { allowed: true }
  }

  /** Keys currently remembered; for tests and metrics. */
  get size(): number {
    return this.hits.size
  }

  private sweep(windowStart: number): void {
    for (const [key, times] of this.hits) {
      const latest = times[times.length - 1]
      if (latest !== undefined && latest > windowStart) break
      this.hits.delete(key)
    }
  }
}

/**
 * The rate-limit key for a client address. One IPv6 customer usually holds a whole /64, so an address per request
 * would walk around any per-address limit: IPv6 counts per /64. IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function clientKey(ip: string): string {
  const address = (ip.split('%')[0] ?? '').toLowerCase()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (!isIPv6(address)) return address

  const [head = '', tail] = address.split('::')
  const headGroups = head === '' ? [] : head.split(':')
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':')
  // A trailing dotted IPv4 part stands for two groups.
  const groupCount = (groups: string[]) => groups.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0)
  const zeros: string[] = Array.from(
    { length: 8 - groupCount(headGroups) - groupCount(tailGroups) },
    () => '0',
  )
  const prefix = [...headGroups, ...zeros, ...tailGroups]
    .slice(0, 4)
    .map((group) => (group.includes('.') ? group : Number.parseInt(group, 16).toString(16)))
  return `${prefix.join(':')}::/64`
}

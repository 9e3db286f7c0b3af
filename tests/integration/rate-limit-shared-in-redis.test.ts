// Beyond one machine (decision 0024): with a Redis, every instance counts the same hits, so a client cannot get each
// instance's allowance by spreading its calls; with Redis unreachable, each instance counts alone and never answers
// 500 or hangs. Runs on a real Redis (TEST_REDIS_URL, else 127.0.0.1:6379 database 11), under a key prefix of its
// own that is deleted afterwards; skipped with a warning when no Redis answers and TEST_REDIS_URL is unset.
import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SlidingWindowLimiter } from '../../server/lib/rate-limit'
import { RedisSlidingWindowLimiter } from '../../server/lib/redis-rate-limit'
import { createTestApp, movableClock } from './support/test-server'

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/11'
// Nothing listens there: the instance starts, and every Redis call fails at once.
const UNREACHABLE_REDIS_URL = 'redis://127.0.0.1:6390/0'
const prefix = `test-rate-${randomBytes(6).toString('hex')}`
const MINUTE_MS = 60_000

async function probeRedis(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  probe.on('error', () => undefined)
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch (error) {
    if (process.env.TEST_REDIS_URL) throw error
    console.warn(`rate-limit-shared-in-redis: skipped, no Redis at ${redisUrl} (${String(error)})`)
    return false
  } finally {
    probe.disconnect()
  }
}

const reachable = await probeRedis()

/** Deletes this run's keys only: the Redis may be shared, so never FLUSHDB. */
async function deleteKeys(redis: Redis): Promise<void> {
  let cursor = '0'
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500)
    cursor = next
    if (keys.length > 0) await redis.del(...keys)
  } while (cursor !== '0')
}

/** The command connection refuses commands until it is up (no offline queue); a test must not count that. */
async function untilRedisReady(app: FastifyInstance): Promise<void> {
  const deadline = Date.now() + 5000
  while (!(await app.cluster.redisReachable())) {
    if (Date.now() > deadline) throw new Error('the app never reached Redis')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe.runIf(reachable)('rate limits shared in Redis', () => {
  const clock = movableClock()
  const limits = { forgotPassword: { max: 3, windowMs: MINUTE_MS } }
  let redis: Redis
  let first: FastifyInstance | undefined
  let second: FastifyInstance | undefined

  beforeAll(async () => {
    redis = new Redis(redisUrl)
    const cluster = { redisUrl, prefix }
    first = await createTestApp({ now: clock.now, rateLimits: limits, cluster })
    second = await createTestApp({ now: clock.now, rateLimits: limits, cluster })
    await untilRedisReady(first)
    await untilRedisReady(second)
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
    if (redis) {
      await deleteKeys(redis)
      await redis.quit()
    }
  })

  const forgotPassword = (app: FastifyInstance | undefined, remoteAddress: string) => {
    if (!app) throw new Error('app did not start')
    return app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: 'nobody@example.com' },
      remoteAddress,
    })
  }

  it('counts the hits of every instance against one limit', async () => {
    const address = '10.18.0.1'
    expect((await forgotPassword(first, address)).statusCode).toBe(200)
    expect((await forgotPassword(first, address)).statusCode).toBe(200)
    expect((await forgotPassword(second, address)).statusCode).toBe(200)

    for (const app of [first, second]) {
      const refused = await forgotPassword(app, address)
      expect(refused.statusCode, refused.body).toBe(429)
      const retryAfter = Number(refused.headers['retry-after'])
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(60)
    }
    // Another address has its own count, on either instance.
    expect((await forgotPassword(second, '10.18.0.2')).statusCode).toBe(200)
    // The counts are in Redis under the deployment's prefix, per action and client key.
    expect(await redis.zcard(`${prefix}:rate:forgotPassword:${address}`)).toBe(3)

    // Once the window has moved past the first hits, the client is let in again, on either instance.
    clock.advance(MINUTE_MS)
    expect((await forgotPassword(second, address)).statusCode).toBe(200)
    expect((await forgotPassword(first, address)).statusCode).toBe(200)
  })

  it('keeps the in-memory limiter’s window, refusals and Retry-After to the millisecond', async () => {
    const limit = { max: 2, windowMs: 10_000 }
    const limiter = new RedisSlidingWindowLimiter({
      redis,
      keyPrefix: `${prefix}:rate:unit`,
      limit,
      fallback: new SlidingWindowLimiter(limit),
      onUnavailable: (error) => {
        throw error
      },
      onAvailable: () => undefined,
    })
    // The same sequence as rate-limit.test.ts's for SlidingWindowLimiter.
    expect(await limiter.hit('a', 0)).toEqual({ allowed: true })
    expect(await limiter.hit('a', 4_000)).toEqual({ allowed: true })
    expect(await limiter.hit('a', 5_000)).toEqual({ allowed: false, retryAfterSeconds: 5 })
    expect(await limiter.hit('a', 9_999)).toEqual({ allowed: false, retryAfterSeconds: 1 })
    expect(await limiter.hit('a', 10_000)).toEqual({ allowed: true })
    expect(await limiter.hit('a', 10_001)).toEqual({ allowed: false, retryAfterSeconds: 4 })
    // Two hits in the same millisecond are two hits.
    expect(await limiter.hit('b', 0)).toEqual({ allowed: true })
    expect(await limiter.hit('b', 0)).toEqual({ allowed: true })
    expect(await limiter.hit('b', 0)).toEqual({ allowed: false, retryAfterSeconds: 10 })
    // Idle keys expire with the window.
    const ttl = await redis.pttl(`${prefix}:rate:unit:b`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(limit.windowMs)
  })
})

describe('rate limits while Redis is unreachable', () => {
  const logLines: string[] = []
  let app: FastifyInstance | undefined

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk))
        done()
      },
    })
    app = await createTestApp({
      rateLimits: { forgotPassword: { max: 2, windowMs: MINUTE_MS } },
      cluster: { redisUrl: UNREACHABLE_REDIS_URL, prefix },
      logger: { level: 'info', stream },
    })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('counts in this instance instead, answering at once and never 500', async () => {
    if (!app) throw new Error('app did not start')
    const statuses: number[] = []
    for (let i = 0; i < 3; i += 1) {
      const startedMs = performance.now()
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: 'nobody@example.com' },
        remoteAddress: '10.18.1.1',
      })
      expect(performance.now() - startedMs).toBeLessThan(2000)
      statuses.push(response.statusCode)
      if (response.statusCode === 429)
        expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    }
    expect(statuses).toEqual([200, 200, 429])
    // One warning for the outage, not one per request.
    expect(logLines.filter((line) => line.includes('rate limits: redis unreachable'))).toHaveLength(1)
  })
})

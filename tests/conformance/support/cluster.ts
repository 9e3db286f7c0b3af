// Two or more instances of the app behind one throwaway PostgreSQL database and the shared Redis, as the
// conformance suite's cluster files start them (decision 0024): each file has its own key prefix in Redis and its
// own Pusher app, and leaves nothing behind in either.
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { expect } from 'vitest'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../integration/support/postgres'
import { eventually } from '../../integration/support/realtime-clients'
import { listenTestApp, type ListeningServer } from '../../integration/support/test-server'
import type { Credentials } from './pusher'

/** Database 14 of the machine's Redis: the suite's, apart from the integration suite's. */
export const CONFORMANCE_REDIS_URL = 'redis://127.0.0.1:6379/14'

export interface ConformanceCluster {
  /** This file's key prefix in Redis (its bus channels are `${prefix}:bus:…`). */
  prefix: string
  /** Starts an instance and waits until it reaches Redis. Start them one after the other: the first migrates. */
  start(instanceId: string): Promise<ListeningServer>
  /** Closes every instance started, drops the database and deletes this file's keys. */
  dispose(): Promise<void>
}

export async function startConformanceCluster(options: {
  /** Names the prefix, for a person reading Redis while a run hangs. */
  name: string
  credentials: Credentials
  /** Where the instances send Pusher's webhooks, and how soon a refused batch is retried. */
  webhooks?: { url: string; firstRetryMs: number }
}): Promise<ConformanceCluster> {
  const prefix = `test-pusher-${options.name}-${randomBytes(4).toString('hex')}`
  const database: ThrowawayDatabase = await createThrowawayDatabase()
  const started: ListeningServer[] = []
  return {
    prefix,
    async start(instanceId) {
      const server = await listenTestApp({
        databaseUrl: database.url,
        realtime: {
          pusher: options.credentials,
          prices: { ticksPerSecond: 0 },
          ...(options.webhooks ? { webhooks: options.webhooks } : {}),
        },
        cluster: { redisUrl: CONFORMANCE_REDIS_URL, prefix, instanceId },
      })
      started.push(server)
      await eventually(async () => expect(await server.app.cluster.redisReachable()).toBe(true))
      return server
    },
    async dispose() {
      await Promise.all(started.map((server) => server.close()))
      await database.drop()
      // Only this file's keys: the Redis is shared.
      const redis = new Redis(CONFORMANCE_REDIS_URL)
      const keys = await redis.keys(`${prefix}:*`)
      if (keys.length > 0) await redis.del(...keys)
      await redis.quit()
    },
  }
}

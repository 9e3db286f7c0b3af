// Any number of instances behave as one (decision 0024, docs/architecture.md#more-than-one-instance). With REDIS_URL,
// this instance joins the others: a message bus (Redis pub/sub) for the broker's events, the price stream and the
// trigger book, and a leader lease that decides which instance runs what must run once. Without it the instance is
// alone: it leads from the start and the bus goes nowhere, which is exactly the single-server behaviour the project
// always had. Decorates the app with `cluster`, answers /healthz and /readyz, and names the instance in X-Served-By.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { Gauge } from 'prom-client'
import { createRedisBus, SOLO_BUS, type ClusterBus } from './bus'
import { createRedisLease, soloLease, type LeaderLease, type LeaseOptions } from './leader'
import { openRedis } from './redis'

export interface ClusterOptions {
  /** redis://host:port/db: join the other instances (REDIS_URL). */
  redisUrl?: string
  /** This instance's name in X-Served-By, /readyz and metrics (INSTANCE_ID; default a random one). */
  instanceId?: string
  /** Every key and channel starts with it (REDIS_PREFIX, default 'cfd'): two deployments may share one Redis. */
  prefix?: string
  /** The leader lease's timings (tests shorten them). */
  lease?: LeaseOptions
}

export interface Cluster {
  readonly mode: 'solo' | 'redis'
  readonly instanceId: string
  readonly prefix: string
  readonly bus: ClusterBus
  readonly leader: LeaderLease
  /** The command connection, for shared state (rate limits); undefined when alone. */
  readonly redis: Redis | undefined
  /** Whether Redis answers a PING within a second (true when alone). */
  redisReachable(): Promise<boolean>
  /** Closes the Redis connections (the app's onClose does; also an app whose build failed halfway). */
  close(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    cluster: Cluster
  }
}

export const INSTANCE_HEADER = 'x-served-by'
const INSTANCE_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/
const PING_TIMEOUT_MS = 1000

export function isRedisUrl(url: string | undefined): url is string {
  return url !== undefined && /^rediss?:\/\//.test(url)
}

export function registerCluster(app: FastifyInstance, options: ClusterOptions = {}): Cluster {
  const instanceId = options.instanceId ?? `i-${randomBytes(4).toString('hex')}`
  if (!INSTANCE_ID_PATTERN.test(instanceId)) {
    throw new Error('INSTANCE_ID must be 1-64 letters, digits, dots, dashes or underscores')
  }
  const prefix = options.prefix ?? 'cfd'
  if (options.redisUrl !== undefined && !isRedisUrl(options.redisUrl)) {
    throw new Error('REDIS_URL must start with redis:// or rediss://')
  }

  let cluster: Cluster
  if (options.redisUrl === undefined) {
    cluster = {
      mode: 'solo',
      instanceId,
      prefix,
      bus: SOLO_BUS,
      leader: soloLease(instanceId),
      redis: undefined,
      redisReachable: async () => true,
      close: async () => undefined,
    }
  } else {
    const redis = openRedis(options.redisUrl, app.log)
    cluster = {
      mode: 'redis',
      instanceId,
      prefix,
      bus: createRedisBus({ ...redis, instanceId, prefix, log: app.log }),
      leader: createRedisLease({
        redis: redis.commands,
        instanceId,
        prefix,
        log: app.log,
        ...(options.lease ? { lease: options.lease } : {}),
      }),
      redis: redis.commands,
      async redisReachable() {
        if (!redis.connected) return false
        let timer: NodeJS.Timeout | undefined
        const timeout = new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)
        })
        const answer = redis.commands.ping().then(
          (reply) => reply === 'PONG',
          () => false,
        )
        const reachable = await Promise.race([answer, timeout])
        clearTimeout(timer)
        return reachable
      },
      close: () => redis.close(),
    }
  }

  app.decorate('cluster', cluster)
  if (cluster.mode === 'redis') {
    // Each instance's figures are its own (sockets, ticks sent): Prometheus tells them apart by this label.
    app.metrics.setDefaultLabels({ instance: instanceId })
  }
  new Gauge({
    name: 'cluster_leader',
    help: 'Whether this instance leads (runs the price simulator, the trigger book and the jobs): 1 or 0',
    registers: [app.metrics],
    collect() {
      this.set(cluster.leader.isLeader ? 1 : 0)
    },
  })
  app.addHook('onRequest', async (_request, reply) => {
    reply.header(INSTANCE_HEADER, instanceId)
  })
  // Once every part has registered its leadership listener (the feed, the engine, the jobs).
  app.addHook('onReady', async () => cluster.leader.start())
  // First of all on the way down: another instance takes over the price feed and the jobs at once.
  app.addHook('preClose', async () => cluster.leader.release())
  app.addHook('onClose', async () => {
    cluster.bus.close()
    await cluster.close()
  })
  return cluster
}

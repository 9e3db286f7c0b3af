// Health for orchestrators and load balancers (decision 0024), outside /api/v1 as they expect:
// - GET /healthz: the process is alive and answering (a restart is the cure when it is not);
// - GET /readyz: this instance can serve: the database answers and its migrations are all applied, Redis answers
//   (with REDIS_URL), and a leader is known (someone runs the price feed). 503 takes it out of the rotation until
//   it recovers, which it does by itself when the engine it waits for is back.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { MIGRATION_COUNT } from '../db/client'
import { appliedMigrations } from '../repositories/migrations'

const HealthSchema = z.object({ status: z.literal('ok'), instance: z.string() })
const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  instance: z.string(),
  checks: z.object({
    database: z.boolean(),
    migrations: z.boolean(),
    redis: z.boolean(),
    leader: z.boolean(),
  }),
  leader: z.string().nullable(),
})

const DATABASE_TIMEOUT_MS = 2000

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise,
    new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(fallback), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const noStore = { 'cache-control': 'no-store' }

  app.get(
    '/healthz',
    { schema: { response: { 200: HealthSchema } }, logLevel: 'warn' },
    async (_request, reply) => {
      reply.headers(noStore)
      return { status: 'ok' as const, instance: app.cluster.instanceId }
    },
  )

  app.get(
    '/readyz',
    { schema: { response: { 200: ReadinessSchema, 503: ReadinessSchema } }, logLevel: 'warn' },
    async (_request, reply) => {
      const [applied, redis] = await Promise.all([
        within(appliedMigrations(app.db), DATABASE_TIMEOUT_MS, -1),
        app.cluster.redisReachable(),
      ])
      const leader = app.cluster.leader.leaderId ?? null
      const checks = {
        database: applied >= 0,
        migrations: applied >= MIGRATION_COUNT,
        redis,
        leader: leader !== null,
      }
      const ready = Object.values(checks).every(Boolean)
      reply.headers(noStore).code(ready ? 200 : 503)
      return {
        status: ready ? ('ready' as const) : ('not_ready' as const),
        instance: app.cluster.instanceId,
        checks,
        leader,
      }
    },
  )
}

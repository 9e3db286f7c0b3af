// The multi-instance site of decision 0024 for a browser: nginx (deploy/nginx.conf, through scripts/cluster/nginx.ts)
// in front of two instances of the real server (as startServer runs it for every other spec, built client included)
// on one throwaway PostgreSQL database and a redis-server of their own. The browser only ever talks to nginx; the
// test may ask each instance directly what it alone knows (/readyz, its socket counts on /metrics).
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startNginx, type RunningNginx } from '../../../scripts/cluster/nginx'
import { startRedisServer, type RedisServer } from '../../integration/support/cluster'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../integration/support/postgres'
import { startServer, type RunningServer } from './server'

export const INSTANCE_IDS = ['a', 'b'] as const
export type InstanceId = (typeof INSTANCE_IDS)[number]

export interface PusherFigures {
  connections: number
  subscriptions: number
}

export interface RunningCluster {
  /** nginx's http://localhost:PORT: the site as browsers see it. */
  url: string
  instances: Record<InstanceId, RunningServer>
  /** The instance holding the leader lease (price feed, take-profit and stop-loss book, jobs), as /readyz says. */
  leader(): Promise<InstanceId>
  /** The one database both instances share, for a test's own setup. */
  databaseUrl: string
  /**
   * What each instance's Pusher broker holds now: its sockets and their channel subscriptions (the instance's own
   * /metrics, read directly: only this machine may, and no browser does).
   */
  pusher(): Promise<Record<InstanceId, PusherFigures>>
  /** Stops nginx and the instances, then Redis, and drops the database; safe after a failed start. */
  stop(): Promise<void>
}

/** A free port, held (listened on) until `release`: nothing else on this machine can take it meanwhile. */
async function holdFreePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const holder: Server = createServer()
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject)
    holder.listen(0, '127.0.0.1', resolve)
  })
  const address = holder.address()
  if (typeof address !== 'object' || !address) throw new Error('no port')
  return { port: address.port, release: () => new Promise((resolve) => holder.close(() => resolve())) }
}

async function readyz(instance: RunningServer) {
  const response = await fetch(`${instance.url}/readyz`)
  return { ok: response.ok, body: (await response.json()) as { instance: string; leader: string | null } }
}

async function until<T>(label: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${label}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A gauge's value in a Prometheus text page (one series: an instance labels its own). */
function gauge(metrics: string, name: string): number {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)$`, 'm').exec(metrics)
  if (!match) throw new Error(`no ${name} in /metrics`)
  return Number(match[1])
}

/**
 * Starts the whole site. `env` reaches both instances after the e2e defaults (startServer's) and the cluster's own
 * variables, so a spec can set the tick rate.
 */
export async function startCluster(env: Record<string, string> = {}): Promise<RunningCluster> {
  const stops: (() => Promise<unknown>)[] = []
  const stop = async () => {
    // nginx first (no new requests), then the instances (they hand leadership over and close their sockets), then
    // what they share.
    for (const step of stops.reverse()) await step().catch((error: unknown) => console.error(error))
    stops.length = 0
  }
  try {
    const database: ThrowawayDatabase = await createThrowawayDatabase()
    stops.push(() => database.drop())
    const redis: RedisServer = await startRedisServer()
    stops.push(() => redis.stop())

    // nginx's port is chosen first (the instances' PUBLIC_URL names it) and held until nginx starts, so that neither
    // instance is given it.
    const nginxPort = await holdFreePort()
    stops.push(() => nginxPort.release())
    const url = `http://localhost:${nginxPort.port}`
    const start = (id: InstanceId) =>
      startServer(
        {
          DATABASE_URL: database.url,
          REDIS_URL: redis.url,
          INSTANCE_ID: id,
          TRUST_PROXY: '1',
          PUBLIC_URL: url,
          ...env,
        },
        // A data directory of its own, empty: the data is in PostgreSQL, not in the suite's PGlite template.
        { dataDir: mkdtempSync(join(tmpdir(), `cfd-e2e-cluster-${id}-`)) },
      )
    // Together, as compose starts them: they migrate and seed under a lock, and one of them takes the lead.
    const started = await Promise.allSettled([start('a'), start('b')])
    for (const result of started) {
      if (result.status === 'fulfilled') stops.push(() => result.value.dispose())
    }
    const failed = started.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    const [a, b] = started.map((result) => (result as PromiseFulfilledResult<RunningServer>).value) as [
      RunningServer,
      RunningServer,
    ]
    const instances: Record<InstanceId, RunningServer> = { a, b }
    for (const instance of [a, b]) {
      await until(
        'both instances ready',
        async () => ((await readyz(instance)).ok ? true : undefined),
        30_000,
      )
    }

    await nginxPort.release()
    const nginx: RunningNginx = await startNginx({
      port: nginxPort.port,
      listenHost: '127.0.0.1',
      upstreams: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`],
    })
    stops.push(() => nginx.stop())

    return {
      url,
      instances,
      async leader() {
        const { body } = await readyz(a)
        if (body.leader !== 'a' && body.leader !== 'b') throw new Error(`no leader known: ${body.leader}`)
        return body.leader
      },
      databaseUrl: database.url,
      async pusher() {
        const figures = async (instance: RunningServer): Promise<PusherFigures> => {
          const metrics = await (await fetch(`${instance.url}/metrics`)).text()
          return {
            connections: gauge(metrics, 'realtime_pusher_connections'),
            subscriptions: gauge(metrics, 'realtime_pusher_subscriptions'),
          }
        }
        const [atA, atB] = await Promise.all([figures(a), figures(b)])
        return { a: atA, b: atB }
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

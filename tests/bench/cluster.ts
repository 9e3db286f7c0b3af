// npm run bench:cluster (decision 0024): two instances on one PostgreSQL and one Redis, 5,000 Pusher-protocol
// connections split across them, events published through instance A's HTTP API (the `pusher` SDK, as the API
// publishes). Prints the fan-out latency on A (local delivery) and on B (through Redis pub/sub), p50/p99, and the
// CPU that A, B and redis-server used while publishing. Figures, not a pass/fail test.
import { execSync } from 'node:child_process'
import PusherServer from 'pusher'
import { startInstance, startRedisServer, type Instance } from '../integration/support/cluster'
import { createThrowawayDatabase } from '../integration/support/postgres'
import { cpuSeconds, percentile, startClientProcess } from './support/client-processes'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5000)
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200)
const EVENTS_PER_SECOND = Number(process.env.BENCH_EVENTS_PER_SECOND ?? 20)
const CHANNEL = 'bench'
const wallNowMs = () => performance.timeOrigin + performance.now()

async function main() {
  const database = await createThrowawayDatabase()
  const redis = await startRedisServer()
  const env = {
    PRICE_TICKS_PER_SECOND: '20',
    PUSHER_MAX_CONNECTIONS_PER_ADDRESS: String(CONNECTIONS),
    RATE_LIMIT_MULTIPLIER: '100',
    LOG_LEVEL: 'error',
  }
  const instances: Instance[] = []
  const clients = startClientProcess()
  try {
    const a = await startInstance({ name: 'a', databaseUrl: database.url, redisUrl: redis.url, env })
    instances.push(a)
    const b = await startInstance({ name: 'b', databaseUrl: database.url, redisUrl: redis.url, env })
    instances.push(b)
    const settings = (await (await fetch(`${a.baseUrl}/api/v1/settings`)).json()) as {
      data: { realtime: { pusher: { key: string } } }
    }
    const key = settings.data.realtime.pusher.key
    const credentials = await readCredentials(database.url)
    const wsUrl = (instance: Instance) =>
      `${instance.baseUrl.replace('http', 'ws')}/app/${key}?protocol=7&client=js&version=8.6.0`

    const half = Math.floor(CONNECTIONS / 2)
    const connectStartMs = performance.now()
    await clients.ask(
      {
        kind: 'start',
        channel: CHANNEL,
        targets: [
          { name: 'a', url: wsUrl(a), count: half },
          { name: 'b', url: wsUrl(b), count: CONNECTIONS - half },
        ],
      },
      'ready',
    )
    console.log(`${CONNECTIONS} sockets subscribed in ${Math.round(performance.now() - connectStartMs)} ms`)
    const redisPid = Number(
      execSync(`redis-cli -p ${redis.port} info server | grep process_id | cut -d: -f2`).toString().trim(),
    )

    const sdk = new PusherServer({
      appId: credentials.appId,
      key,
      secret: credentials.secret,
      host: '127.0.0.1',
      port: new URL(a.baseUrl).port,
      useTLS: false,
    })
    // A warm-up round, not counted.
    for (let index = 0; index < 20; index += 1) await sdk.trigger(CHANNEL, 'tick', { sentAtMs: wallNowMs() })
    await new Promise((resolve) => setTimeout(resolve, 500))
    await clients.ask({ kind: 'report' }, 'report')

    const pids = { a: a.process.pid!, b: b.process.pid!, redis: redisPid }
    const cpuBefore = {
      a: await cpuSeconds(pids.a),
      b: await cpuSeconds(pids.b),
      redis: await cpuSeconds(pids.redis),
    }
    const startedMs = performance.now()
    for (let index = 0; index < EVENTS; index += 1) {
      const dueMs = startedMs + (index * 1000) / EVENTS_PER_SECOND
      const waitMs = dueMs - performance.now()
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs))
      void sdk.trigger(CHANNEL, 'tick', { sentAtMs: wallNowMs(), index })
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const elapsedS = (performance.now() - startedMs) / 1000
    const cpuAfter = {
      a: await cpuSeconds(pids.a),
      b: await cpuSeconds(pids.b),
      redis: await cpuSeconds(pids.redis),
    }
    const report = await clients.ask<{ latencies: Record<string, number[]> }>({ kind: 'report' }, 'report')

    const rows = Object.entries(report.latencies).map(([name, samples]) => {
      const sorted = [...samples].sort((x, y) => x - y)
      return {
        delivered_on: name === 'a' ? 'A (published here)' : 'B (through Redis)',
        deliveries: sorted.length,
        expected: (name === 'a' ? half : CONNECTIONS - half) * EVENTS,
        p50_ms: Number(percentile(sorted, 50).toFixed(2)),
        p99_ms: Number(percentile(sorted, 99).toFixed(2)),
        max_ms: Number((sorted.at(-1) ?? Number.NaN).toFixed(2)),
      }
    })
    console.log(
      `\n${EVENTS} events at ${EVENTS_PER_SECOND}/s, ${CONNECTIONS} subscribers (half on each instance)`,
    )
    console.table(rows)
    const cpu = (name: keyof typeof pids) =>
      `${(((cpuAfter[name] - cpuBefore[name]) / elapsedS) * 100).toFixed(1)} %`
    console.table([
      { instance_a: cpu('a'), instance_b: cpu('b'), redis_server: cpu('redis'), over_s: elapsedS.toFixed(1) },
    ])
  } finally {
    clients.child.send({ kind: 'stop' })
    await Promise.all(instances.map((instance) => instance.stop('SIGTERM')))
    await redis.stop()
    await database.drop()
  }
}

async function readCredentials(databaseUrl: string): Promise<{ appId: string; secret: string }> {
  const pg = (await import('pg')).default
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const result = await client.query<{ app_id: string; secret: string }>(
      'select pusher_app_id as app_id, pusher_secret as secret from realtime_credentials limit 1',
    )
    const row = result.rows[0]
    if (!row) throw new Error('no realtime credentials in the database')
    return { appId: row.app_id, secret: row.secret }
  } finally {
    await client.end()
  }
}

await main()

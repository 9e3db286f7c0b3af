// npm run bench:broker (decision 0026): the embedded Pusher broker beside a floor server (support/broker-floor.ts:
// one pre-built frame written per socket, no protocol work), in one run, with the same raw clients split over two
// processes of their own, from many loopback addresses and with the page's Origin. At 1,000, 10,000 and 19,000
// subscribers of one public channel, events go through each server's HTTP endpoint (the broker's signed events API,
// through the `pusher` SDK, as the API publishes) and the clients time each delivery. Prints p50 and p99 per server
// and their ratio, and the broker's resident memory per idle connection at the largest size. Figures, not a pass/fail
// test. These machines cap a process at 20,000 open files, so 19,000 is about all one server can hold.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import PusherServer from 'pusher'
import { freePort } from '../support/free-port'
import {
  mergeReports,
  percentile,
  rssKb,
  startClientProcess,
  type ClientProcess,
} from './support/client-processes'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** Another checkout's server to measure (an earlier build, for before-and-after figures); default this one. */
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? ROOT
const SIZES = (process.env.BENCH_SUBSCRIBERS ?? '1000,10000,19000').split(',').map(Number)
const EVENTS = Number(process.env.BENCH_EVENTS ?? 30)
const EVENTS_PER_SECOND = Number(process.env.BENCH_EVENTS_PER_SECOND ?? 2)
const PER_ADDRESS = 25
const CHANNEL = 'bench'
const wallNowMs = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Server {
  name: 'broker' | 'floor'
  wsUrl: string
  origin: string
  pid: number
  publish(data: object): Promise<unknown>
  stop(): void
}

function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let printed = ''
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${printed}`)),
      timeoutMs,
    )
    const onData = (chunk: Buffer) => {
      printed += String(chunk)
      const match = pattern.exec(printed)
      if (!match) return
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      resolve(match)
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => (printed += String(chunk)))
  })
}

async function startFloor(): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/support/broker-floor.ts'], {
    cwd: ROOT,
    env: { ...process.env, BENCH_CHANNEL: CHANNEL },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const port = Number((await waitForLine(child, /floor listening on (\d+)/))[1])
  const origin = `http://127.0.0.1:${port}`
  return {
    name: 'floor',
    wsUrl: `ws://127.0.0.1:${port}/app/floor?protocol=7&client=js&version=8.6.0`,
    origin,
    pid: child.pid!,
    publish: (data) =>
      fetch(`http://127.0.0.1:${port}/publish`, { method: 'POST', body: JSON.stringify(data) }).then((r) =>
        r.text(),
      ),
    stop: () => child.kill('SIGKILL'),
  }
}

async function startBroker(): Promise<Server & { dataDir: string }> {
  const port = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), 'cfd-bench-broker-'))
  const credentials = { appId: '777', key: 'bench-key', secret: 'bench-secret-4f1d2c' }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: '/nonexistent-client-dir',
      LOG_LEVEL: 'error',
      PUSHER_APP_ID: credentials.appId,
      PUSHER_KEY: credentials.key,
      PUSHER_SECRET: credentials.secret,
      // The price feed would compete with the broker for the same core.
      PRICE_TICKS_PER_SECOND: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await waitForLine(child, /running at/)
  const sdk = new PusherServer({ ...credentials, host: '127.0.0.1', port: String(port), useTLS: false })
  return {
    name: 'broker',
    wsUrl: `ws://127.0.0.1:${port}/app/${credentials.key}?protocol=7&client=js&version=8.6.0`,
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    dataDir,
    publish: (data) => sdk.trigger(CHANNEL, 'tick', data),
    stop: () => child.kill('SIGKILL'),
  }
}

/** Connects `size` sockets split over the client processes (each from its own loopback addresses). */
async function connectAll(clients: ClientProcess[], server: Server, size: number): Promise<number> {
  const startedMs = performance.now()
  const share = Math.ceil(size / clients.length)
  await Promise.all(
    clients.map((client, index) =>
      client.ask(
        {
          kind: 'start',
          channel: CHANNEL,
          targets: [
            {
              name: server.name,
              url: server.wsUrl,
              count: Math.min(share, size - share * index),
              origin: server.origin,
              perAddress: PER_ADDRESS,
              firstAddress: index * Math.ceil(share / PER_ADDRESS),
            },
          ],
        },
        'ready',
      ),
    ),
  )
  return performance.now() - startedMs
}

async function measure(clients: ClientProcess[], server: Server): Promise<number[]> {
  for (let index = 0; index < 5; index += 1) await server.publish({ sentAtMs: wallNowMs(), warmUp: true })
  await sleep(1000)
  await Promise.all(clients.map((client) => client.ask({ kind: 'report' }, 'report')))
  const startedMs = performance.now()
  for (let index = 0; index < EVENTS; index += 1) {
    const waitMs = startedMs + (index * 1000) / EVENTS_PER_SECOND - performance.now()
    if (waitMs > 0) await sleep(waitMs)
    void server.publish({ sentAtMs: wallNowMs(), index })
  }
  await sleep(2000)
  const reports = await Promise.all(
    clients.map((client) =>
      client.ask<{ latencies: Record<string, number[]> }>({ kind: 'report' }, 'report'),
    ),
  )
  return [...(mergeReports(reports).get(server.name) ?? [])].sort((x, y) => x - y)
}

async function main() {
  const clients = [startClientProcess(), startClientProcess()]
  const floor = await startFloor()
  const broker = await startBroker()
  const rows: Record<string, string | number>[] = []
  let rssPerConnection: string | undefined
  try {
    for (const size of SIZES) {
      const figures: Record<string, { p50: number; p99: number; deliveries: number; connectMs: number }> = {}
      for (const server of [floor, broker]) {
        const idleRssKb = await rssKb(server.pid)
        const connectMs = await connectAll(clients, server, size)
        if (server === broker && size === Math.max(...SIZES)) {
          await sleep(2000)
          rssPerConnection = (((await rssKb(server.pid)) - idleRssKb) / size).toFixed(1)
        }
        const latencies = await measure(clients, server)
        figures[server.name] = {
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          deliveries: latencies.length,
          connectMs,
        }
        await Promise.all(clients.map((client) => client.ask({ kind: 'close' }, 'closed')))
        await sleep(1000)
      }
      const { floor: f, broker: b } = figures as Record<'floor' | 'broker', (typeof figures)[string]>
      rows.push({
        subscribers: size,
        'broker p50 ms': Number(b.p50.toFixed(1)),
        'broker p99 ms': Number(b.p99.toFixed(1)),
        'floor p50 ms': Number(f.p50.toFixed(1)),
        'floor p99 ms': Number(f.p99.toFixed(1)),
        'p50 ratio': Number((b.p50 / f.p50).toFixed(2)),
        'p99 ratio': Number((b.p99 / f.p99).toFixed(2)),
        deliveries: `${b.deliveries}/${f.deliveries} of ${size * EVENTS}`,
      })
      console.table(rows.slice(-1))
    }
    console.log(
      `\n${EVENTS} events at ${EVENTS_PER_SECOND}/s per server and size; clients in 2 processes, ${PER_ADDRESS} sockets per loopback address`,
    )
    console.table(rows)
    if (rssPerConnection !== undefined) {
      console.log(
        `broker resident memory per idle subscribed connection at ${Math.max(...SIZES)}: ${rssPerConnection} KB`,
      )
    }
  } finally {
    for (const client of clients) client.child.send({ kind: 'stop' })
    floor.stop()
    broker.stop()
    await rm(broker.dataDir, { recursive: true, force: true })
  }
}

await main()

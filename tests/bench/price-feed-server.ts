// Figures, not a test: how many ticks per second the price feed sustains, to how many socket.io clients, at what
// server CPU and delivery latency. Starts the real server (PRICE_IGNORE_MARKET_HOURS, a fresh data directory) per
// tick rate, and the clients in a separate process so their CPU is not the server's.
// Latency is the batch's lastUpdated (server emit time) to its arrival in a client process (p50 of the best, p99 of
// the worst process). Run: `node --import tsx tests/bench/price-feed-server.ts [rates] [client counts] [seconds]`,
// e.g. `... 500,2000,10000 1,10,50 10`. Prints a table and writes tests/bench/results/price-feed-server.json.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { freePort } from '../support/free-port'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { io } from 'socket.io-client'

const ROOT = new URL('../../', import.meta.url).pathname
const RESULTS = new URL('./results/', import.meta.url).pathname
const CLOCK_TICKS_PER_SECOND = 100
const CLIENTS_PER_PROCESS = 10

interface ClientFigures {
  clients: number
  ticksPerSecondPerClient: number
  batchesPerSecondPerClient: number
  latencyP50Ms: number
  latencyP99Ms: number
  clientCpuPercent: number
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN)

/** Child mode: N sockets subscribed to everything; reports what they received over `seconds`. */
async function runClients(url: string, apiKey: string, count: number, seconds: number): Promise<void> {
  let ticks = 0
  let batches = 0
  const latencies: number[] = []
  const sockets = Array.from({ length: count }, () =>
    io(url, { transports: ['websocket'], auth: { apiKey }, forceNew: true, reconnection: false }),
  )
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve, reject) => {
          socket.once('connect', () => {
            socket.emit('subscribe:all')
            resolve()
          })
          socket.once('connect_error', reject)
        }),
    ),
  )
  // Let the first batches settle, then count.
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  const cpuBefore = process.cpuUsage()
  const startedAt = Date.now()
  for (const socket of sockets) {
    socket.on('data:update', (batch: Array<{ lastUpdated?: number }>) => {
      ticks += batch.length
      batches += 1
      const sent = batch[0]?.lastUpdated
      if (sent !== undefined) latencies.push(Date.now() - sent)
    })
  }
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  const elapsed = (Date.now() - startedAt) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  for (const socket of sockets) socket.close()
  latencies.sort((a, b) => a - b)
  const figures: ClientFigures = {
    clients: count,
    ticksPerSecondPerClient: ticks / count / elapsed,
    batchesPerSecondPerClient: batches / count / elapsed,
    latencyP50Ms: percentile(latencies, 0.5),
    latencyP99Ms: percentile(latencies, 0.99),
    clientCpuPercent: ((cpu.user + cpu.system) / 1e6 / elapsed) * 100,
  }
  process.stdout.write(`${JSON.stringify(figures)}\n`)
}

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  // utime and stime are fields 14 and 15 of stat; after "pid (comm) " they are at 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND
}

async function startServer(ticksPerSecond: number) {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'cfd-bench-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PRICE_TICKS_PER_SECOND: String(ticksPerSecond),
      PRICE_IGNORE_MARKET_HOURS: 'true',
      // Every bench client connects from this one address; the per-address cap (decision 0018) is not measured.
      PRICE_MAX_CONNECTIONS_PER_ADDRESS: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(`${url}/api/v1/settings`)
      if (response.ok) {
        const body = (await response.json()) as { data: { realtime: { prices: { apiKey: string } } } }
        return { child, url, dataDir, apiKey: body.data.realtime.prices.apiKey }
      }
    } catch {
      if (attempt > 600) throw new Error('server did not start')
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function runClientProcess(
  url: string,
  apiKey: string,
  count: number,
  seconds: number,
): Promise<ClientFigures> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        new URL(import.meta.url).pathname,
        '--clients',
        url,
        apiKey,
        String(count),
        String(seconds),
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output.trim()) as ClientFigures)
        : reject(new Error(`clients exited ${code}`)),
    )
  })
}

async function main(): Promise<void> {
  const rates = (process.argv[2] ?? '500,2000,10000').split(',').map(Number)
  const counts = (process.argv[3] ?? '1,10,50').split(',').map(Number)
  const seconds = Number(process.argv[4] ?? 10)
  const rows: Array<Record<string, number | string>> = []
  for (const rate of rates) {
    const server = await startServer(rate)
    const pid = server.child.pid ?? 0
    try {
      // Idle baseline: the simulator and persistence with nobody listening.
      const idleStart = cpuSeconds(pid)
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      const idleCpu = ((cpuSeconds(pid) - idleStart) / 3) * 100
      for (const count of counts) {
        const before = cpuSeconds(pid)
        const startedAt = Date.now()
        // One client process per 10 sockets: a single process parsing 50 x 10,000 ticks/s is the bottleneck
        // otherwise, not the server.
        const processes = Math.ceil(count / CLIENTS_PER_PROCESS)
        const parts = await Promise.all(
          Array.from({ length: processes }, (_, index) =>
            runClientProcess(
              server.url,
              server.apiKey,
              Math.min(CLIENTS_PER_PROCESS, count - index * CLIENTS_PER_PROCESS),
              seconds,
            ),
          ),
        )
        const figures: ClientFigures = {
          clients: count,
          ticksPerSecondPerClient:
            parts.reduce((sum, part) => sum + part.ticksPerSecondPerClient * part.clients, 0) / count,
          batchesPerSecondPerClient:
            parts.reduce((sum, part) => sum + part.batchesPerSecondPerClient * part.clients, 0) / count,
          latencyP50Ms: Math.max(...parts.map((part) => part.latencyP50Ms)),
          latencyP99Ms: Math.max(...parts.map((part) => part.latencyP99Ms)),
          clientCpuPercent: parts.reduce((sum, part) => sum + part.clientCpuPercent, 0),
        }
        // The window includes connecting and the 1 s settling: a little diluted, never flattered.
        const serverCpu = ((cpuSeconds(pid) - before) / ((Date.now() - startedAt) / 1000)) * 100
        rows.push({
          ticksPerSecond: rate,
          clients: count,
          receivedPerClient: Math.round(figures.ticksPerSecondPerClient),
          batchesPerClient: Number(figures.batchesPerSecondPerClient.toFixed(1)),
          latencyP50Ms: figures.latencyP50Ms,
          latencyP99Ms: figures.latencyP99Ms,
          serverCpuPercent: Math.round(serverCpu),
          serverIdleCpuPercent: Math.round(idleCpu),
          clientProcesses: processes,
          clientProcessesCpuPercent: Math.round(figures.clientCpuPercent),
        })
      }
    } finally {
      server.child.kill('SIGTERM')
      await new Promise((resolve) => server.child.once('exit', resolve))
      rmSync(server.dataDir, { recursive: true, force: true })
    }
  }
  console.table(rows)
  mkdirSync(RESULTS, { recursive: true })
  const result = { at: new Date().toISOString(), loadAverage: (await import('node:os')).loadavg(), rows }
  writeFileSync(join(RESULTS, 'price-feed-server.json'), `${JSON.stringify(result, null, 2)}\n`)
}

if (process.argv[2] === '--clients') {
  const [, , , url = '', apiKey = '', count = '1', seconds = '10'] = process.argv
  await runClients(url, apiKey, Number(count), Number(seconds))
  process.exit(0)
} else {
  await main()
}

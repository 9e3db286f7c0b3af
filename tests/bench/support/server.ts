// The benches' server and client directory. Unset BENCH_CLIENT_DIR: tests/e2e/support/server.ts as is (server.ts
// serving dist/, so build first). Set: the same server, through ./serve-client-dir.ts, serving that directory.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort, startServer, TEMPLATE_ENV, type RunningServer } from '../../e2e/support/server'

const ROOT = new URL('../../../', import.meta.url).pathname

/** The built client the benches measure and the server serves. */
export const CLIENT_DIR = resolve(process.env.BENCH_CLIENT_DIR ?? join(ROOT, 'dist'))

export function assertClientBuilt() {
  if (!existsSync(join(CLIENT_DIR, 'index.html'))) {
    throw new Error(
      `no built client in ${CLIENT_DIR}: run \`npm run build\`, or build elsewhere and point BENCH_CLIENT_DIR at it`,
    )
  }
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`)
    try {
      if ((await fetch(`${url}/api/v1/settings`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 150))
  }
  throw new Error(`server did not answer within 60 s:\n${output()}`)
}

/** startServer of the e2e suite, with the same environment, serving CLIENT_DIR. */
export async function startBenchServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  assertClientBuilt()
  if (!process.env.BENCH_CLIENT_DIR) return startServer(env, options)
  const port = await freePort()
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'cfd-bench-'))
  const template = process.env[TEMPLATE_ENV]
  if (!options.dataDir && template) cpSync(template, dataDir, { recursive: true })
  const url = `http://localhost:${port}`
  let child: ChildProcess | null = null
  let log = ''
  const start = async () => {
    log = ''
    const running = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/support/serve-client-dir.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        RATE_LIMIT_MULTIPLIER: '50',
        PRICE_IGNORE_MARKET_HOURS: 'true',
        PRICE_TICKS_PER_SECOND: '200',
        BENCH_CLIENT_DIR: CLIENT_DIR,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = running
    // Only the tail: the request log of a long bench would otherwise grow without bound.
    const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000))
    running.stdout?.on('data', keep)
    running.stderr?.on('data', keep)
    await waitUntilAnswering(url, running, () => log)
  }
  const stop = async () => {
    const running = child
    if (!running || running.exitCode !== null) return
    await new Promise<void>((done) => {
      running.once('exit', () => done())
      running.kill('SIGTERM')
      setTimeout(() => running.kill('SIGKILL'), 10_000).unref()
    })
    child = null
  }
  await start()
  return {
    url,
    port,
    dataDir,
    start,
    stop,
    async dispose() {
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

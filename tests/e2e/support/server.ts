// Starts the real reference server (built client, PGlite, demo data) as a child process on a free port, with its
// own data directory, as `npm run serve` does (tests/support/server-process.ts), so a test can stop and restart it
// like an operator would.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../support/free-port'
import { SERVER_START_ARGS } from '../../support/server-process'

const ROOT = new URL('../../../', import.meta.url).pathname

export { freePort }

async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`)
    try {
      const response = await fetch(`${url}/api/v1/settings`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${output()}`)
}

export interface RunningServer {
  url: string
  port: number
  dataDir: string
  stop(): Promise<void>
  start(): Promise<void>
  dispose(): Promise<void>
}

/** Set by global-setup: a data directory already migrated and seeded, copied for each server. */
export const TEMPLATE_ENV = 'CFD_E2E_TEMPLATE_DATA_DIR'

export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'cfd-e2e-'))
  const template = process.env[TEMPLATE_ENV]
  if (!options.dataDir && template) cpSync(template, dataDir, { recursive: true })
  const url = `http://localhost:${port}`
  let child: ChildProcess | null = null
  let log = ''

  const start = async () => {
    log = ''
    child = spawn(process.execPath, [...SERVER_START_ARGS], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // The suite signs in far more often than a person; the limits themselves are tested in integration.
        RATE_LIMIT_MULTIPLIER: '50',
        // Warnings and errors only: the log is read only when a server fails to start (below), and writing a line
        // per request was about 7 % of a server's CPU in a suite that is bound by CPU (docs/decisions/0044).
        LOG_LEVEL: 'warn',
        // Every market ticks whatever the day, and often enough for a test to see a price move: 50 ticks/s over
        // the 100 assets, 2.5 times the default. 200 made every open tab of two workers repaint so often that the
        // 2-core machines ran at a load of 20 and pages took longer than the expect timeout to load.
        PRICE_IGNORE_MARKET_HOURS: 'true',
        PRICE_TICKS_PER_SECOND: '50',
        // Every tab of every test comes from 127.0.0.1: the per-address socket caps (decision 0021) are tested in
        // integration, not here.
        PUSHER_MAX_CONNECTIONS_PER_ADDRESS: '1000',
        PRICE_MAX_CONNECTIONS_PER_ADDRESS: '1000',
        // The page's own origin, as an operator lists it when the sockets are served from another address (the
        // backup-connection spec's proxy): a socket's Origin must be its page's.
        REALTIME_ALLOWED_ORIGINS: url,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // Only the tail, for the failure message: a long run's request log would otherwise grow without bound.
    const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000))
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    await waitUntilAnswering(url, child, () => log)
  }

  const stop = async () => {
    const running = child
    if (!running || running.exitCode !== null) return
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve())
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

export const DEMO_CUSTOMER = { email: 'demo@example.com', password: 'Demo1234!' } as const
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin1234!' } as const

export async function apiLogin(
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  })
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`)
  const body = (await response.json()) as { data: { token: string } }
  return body.data.token
}

export async function patchSettings(baseUrl: string, adminToken: string, patch: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}/api/v1/admin/settings`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(patch),
  })
  if (!response.ok) throw new Error(`settings patch failed: ${response.status} ${await response.text()}`)
}

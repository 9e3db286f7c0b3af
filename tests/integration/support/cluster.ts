// Several real server processes on one PostgreSQL database and one Redis (decision 0024): each instance is the
// server as `npm run serve` runs it (tests/support/server-process.ts), in its own process, so a test can stop it
// with SIGTERM or kill it with SIGKILL. The Redis is a redis-server of the test's own on a free port, so a test may stop and restart it
// without touching anybody else's.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../support/free-port'
import { SERVER_START_ARGS } from '../../support/server-process'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const START_TIMEOUT_MS = 60_000

export { freePort }

async function waitUntil(label: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${label}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export interface RedisServer {
  readonly url: string
  readonly port: number
  /** Stops it (SIGKILL: as an outage looks to the instances). */
  stop(): Promise<void>
  /** Starts it again on the same port, empty. */
  start(): Promise<void>
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort()
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    )
    await waitUntil(
      'redis-server',
      () =>
        new Promise<boolean>((resolve) => {
          const probe = spawn('redis-cli', ['-p', String(port), 'ping'], {
            stdio: ['ignore', 'pipe', 'ignore'],
          })
          let out = ''
          probe.stdout.on('data', (chunk: Buffer) => (out += String(chunk)))
          probe.on('exit', () => resolve(out.trim() === 'PONG'))
        }),
      10_000,
    )
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    async stop() {
      if (!child || child.exitCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGKILL')
      await exited
    },
    start,
  }
}

export interface Instance {
  readonly name: string
  readonly baseUrl: string
  readonly process: ChildProcess
  /** Everything the process printed (for a failing test's message). */
  output(): string
  /** SIGTERM and wait for the exit (graceful shutdown), or SIGKILL. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<number | null>
}

export interface InstanceOptions {
  name: string
  databaseUrl: string
  redisUrl: string
  env?: Record<string, string>
}

/** Starts `npm run serve` (the same command) on a free port and waits until it answers /healthz. */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const port = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), `cfd-instance-${options.name}-`))
  const child = spawn(process.execPath, [...SERVER_START_ARGS], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      INSTANCE_ID: options.name,
      CLIENT_DIR: '/nonexistent-client-dir',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  const keep = (chunk: Buffer) => {
    printed = (printed + String(chunk)).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitUntil(
      `instance ${options.name} to answer`,
      async () => {
        if (child.exitCode !== null) throw new Error(`instance ${options.name} exited:\n${printed}`)
        return (await fetch(`${baseUrl}/healthz`)).ok
      },
      START_TIMEOUT_MS,
    )
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`${String(error)}\n${printed}`)
  }
  return {
    name: options.name,
    baseUrl,
    process: child,
    output: () => printed,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      const code = await exited
      await rm(dataDir, { recursive: true, force: true })
      return code
    },
  }
}

export interface Readiness {
  status: 'ready' | 'not_ready'
  instance: string
  checks: { database: boolean; migrations: boolean; redis: boolean; leader: boolean }
  leader: string | null
}

export async function readiness(instance: Instance): Promise<{ statusCode: number; body: Readiness }> {
  const response = await fetch(`${instance.baseUrl}/readyz`)
  return { statusCode: response.status, body: (await response.json()) as Readiness }
}

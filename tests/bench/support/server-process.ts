// The reference server as an operator runs it, in a child process of its own with a data directory on disk:
// started, timed until it answers, killed with SIGKILL or stopped with SIGTERM, and started again on the same
// directory. The restart and soak benches drive it; its log lines are kept to read the start-up phases from.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../support/free-port'
import { cpuSeconds } from './client-processes'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** What follows `node` in package.json's `serve` script of the checkout at `root`: the server as operators run it. */
export function serveArgs(root: string = ROOT): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const [command, ...args] = scripts.serve!.split(/\s+/)
  if (command !== 'node') throw new Error(`npm run serve is not a node command: '${scripts.serve}'`)
  return args
}

export interface ServerProcessOptions {
  dataDir: string
  /** Extra environment (RATE_LIMIT_MULTIPLIER, PRICE_*, ...) on top of this process's. */
  env?: Record<string, string>
  /** The command after `node` (default: package.json's `serve` script's). */
  args?: string[]
  /** The checkout whose server runs (default: this one). */
  root?: string
}

export interface StartTiming {
  /** From spawn to the first 200 of GET /healthz and of GET /api/v1/settings. */
  healthzMs: number
  settingsMs: number
  /** CPU seconds the server process had used (all threads) when both answered: less moved by a busy machine. */
  cpuSecondsToAnswer: number
  /** The server's own 'startup phases' log line (wall and CPU ms per phase), when it printed one. */
  phases: StartupPhases | undefined
}

export interface StartupPhases {
  phasesMs: Record<string, number>
  phasesCpuMs: Record<string, number>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
    await response.arrayBuffer()
    return response.ok
  } catch {
    return false
  }
}

export class ServerProcess {
  child: ChildProcess | undefined
  port = 0
  private lines: string[] = []

  constructor(private readonly options: ServerProcessOptions) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`
  }

  /** What follows `node` in the server's command line. */
  get args(): string[] {
    return this.options.args ?? serveArgs(this.options.root ?? ROOT)
  }

  get pid(): number {
    return this.child?.pid ?? 0
  }

  /** The log so far (for an error message). */
  output(): string {
    return this.lines.slice(-40).join('\n')
  }

  /** Starts the server and waits until both /healthz and /api/v1/settings answer 200, polling every 10 ms. */
  async start(timeoutMs = 120_000): Promise<StartTiming> {
    if (this.port === 0) this.port = await freePort()
    this.lines = []
    const startedMs = performance.now()
    const root = this.options.root ?? ROOT
    const child = spawn(process.execPath, this.args, {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.options.dataDir,
        CLIENT_DIR: '/nonexistent-client-dir',
        LOG_LEVEL: 'info',
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    let pending = ''
    const onData = (chunk: Buffer) => {
      pending += chunk.toString('utf8')
      const parts = pending.split('\n')
      pending = parts.pop() ?? ''
      this.lines.push(...parts)
      if (this.lines.length > 2_000) this.lines.splice(0, this.lines.length - 1_000)
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)

    let healthzMs: number | undefined
    let settingsMs: number | undefined
    const deadline = startedMs + timeoutMs
    while (healthzMs === undefined || settingsMs === undefined) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${this.output()}`)
      if (performance.now() > deadline) throw new Error(`server did not answer in ${timeoutMs} ms`)
      const [health, settings] = await Promise.all([
        healthzMs === undefined ? answers(`${this.baseUrl}/healthz`) : Promise.resolve(false),
        settingsMs === undefined ? answers(`${this.baseUrl}/api/v1/settings`) : Promise.resolve(false),
      ])
      const atMs = performance.now() - startedMs
      if (health) healthzMs = atMs
      if (settings) settingsMs = atMs
      if (healthzMs === undefined || settingsMs === undefined) await sleep(10)
    }
    const cpuSecondsToAnswer = await cpuSeconds(child.pid!)
    // The phases line is written right after listen; give the pipe a moment to deliver it.
    for (let wait = 0; wait < 50 && !this.phasesLine(); wait += 1) await sleep(20)
    return { healthzMs, settingsMs, cpuSecondsToAnswer, phases: this.phasesLine() }
  }

  private phasesLine(): StartupPhases | undefined {
    for (let index = this.lines.length - 1; index >= 0; index -= 1) {
      const line = this.lines[index]!
      if (!line.includes('"startup phases"')) continue
      try {
        const { phasesMs, phasesCpuMs } = JSON.parse(line) as StartupPhases
        return { phasesMs, phasesCpuMs }
      } catch {
        return undefined
      }
    }
    return undefined
  }

  /** SIGKILL, as a crash or an OOM killer would: nothing is flushed or closed. */
  async kill9(): Promise<void> {
    await this.signal('SIGKILL')
  }

  /** SIGTERM: the server closes its sockets, finishes requests and closes the database. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM')
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(signal)
    await exited
  }
}

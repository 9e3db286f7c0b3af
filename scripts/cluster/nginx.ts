// nginx in front of several instances on this machine (decision 0024): renders deploy/nginx.conf, the one
// configuration docker compose runs too, with local addresses, and runs nginx as a foreground child (never the system
// service). Used by scripts/start-cluster.sh (the CLI below) and by tests that put nginx in front of two instances:
//
//   import { startNginx } from '../../scripts/cluster/nginx'
//   const nginx = await startNginx({ port, upstreams: ['127.0.0.1:8081', '127.0.0.1:8082'] })
//   ... nginx.url ...
//   await nginx.stop()
//
// CLI: node --import tsx scripts/cluster/nginx.ts --port 8080 --upstream 127.0.0.1:8081 --upstream 127.0.0.1:8082
//        [--runtime-dir DIR] [--listen-host 127.0.0.1]
// writes DIR/nginx.conf, checks it with `nginx -t` and prints its path (run it: nginx -c PATH -g 'daemon off;').
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs, promisify } from 'node:util'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const NGINX_TEMPLATE = join(ROOT, 'deploy', 'nginx.conf')

const PLACEHOLDERS = [
  'CFD_LISTEN',
  'CFD_TLS',
  'CFD_UPSTREAM_SERVERS',
  'CFD_RESOLVER',
  'CFD_RUNTIME_DIR',
  'CFD_ERROR_LOG',
  'CFD_ACCESS_LOG',
] as const
type Placeholder = (typeof PLACEHOLDERS)[number]

export interface NginxConfigOptions {
  /** The port nginx listens on (browsers open http://localhost:PORT). */
  port: number
  /** Where to listen; default every IPv4 address (`listen PORT`), e.g. '127.0.0.1' for this machine only. */
  listenHost?: string
  /** The instances, `host:port` each, in rotation order. */
  upstreams: readonly string[]
  /** The pid file, temporary files and (by default) the logs; must be an absolute path. */
  runtimeDir: string
  /** Default `<runtimeDir>/error.log`; `/dev/stderr` to see nginx's errors with the caller's output. */
  errorLog?: string
  /** Default `<runtimeDir>/access.log` (one line per request, with the instance that served it). */
  accessLog?: string
  /** Default deploy/nginx.conf. */
  template?: string
  /**
   * End TLS here, with HTTP/2 (PEM files, absolute paths): browsers then open https://localhost:PORT. The benches use
   * it to load the app as a deployment serves it (docs/decisions/0043-the-signed-in-start-on-a-phone.md).
   */
  tls?: { certificateFile: string; keyFile: string }
}

const ADDRESS = /^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9A-Fa-f:.]+\]:\d{1,5}$/
// What a placeholder's value may hold: no quotes, braces or newlines that could change the config's structure.
const SAFE_VALUE = /^[A-Za-z0-9_./:[\] =;-]*$/

/** The configuration text: the template with every ${CFD_...} placeholder filled. */
export async function renderNginxConfig(options: NginxConfigOptions): Promise<string> {
  if (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535) {
    throw new Error(`nginx: port must be 1-65535, got ${options.port}`)
  }
  if (options.upstreams.length === 0) throw new Error('nginx: at least one upstream instance is needed')
  for (const upstream of options.upstreams) {
    if (!ADDRESS.test(upstream)) throw new Error(`nginx: an upstream must be host:port, got '${upstream}'`)
  }
  if (!options.runtimeDir.startsWith('/')) throw new Error('nginx: runtimeDir must be an absolute path')
  const { tls } = options
  if (tls && !(tls.certificateFile.startsWith('/') && tls.keyFile.startsWith('/'))) {
    throw new Error('nginx: the TLS certificate and key must be absolute paths')
  }
  const listen = options.listenHost ? `${options.listenHost}:${options.port}` : String(options.port)
  const values: Record<Placeholder, string> = {
    CFD_LISTEN: tls ? `${listen} ssl http2` : listen,
    CFD_TLS: tls
      ? `ssl_certificate ${tls.certificateFile}; ssl_certificate_key ${tls.keyFile}; ssl_protocols TLSv1.2 TLSv1.3;`
      : '',
    CFD_UPSTREAM_SERVERS: options.upstreams.map((upstream) => `server ${upstream};`).join(' '),
    // Local addresses never change while nginx runs: no resolver.
    CFD_RESOLVER: '',
    CFD_RUNTIME_DIR: options.runtimeDir,
    CFD_ERROR_LOG: options.errorLog ?? join(options.runtimeDir, 'error.log'),
    CFD_ACCESS_LOG: options.accessLog ?? join(options.runtimeDir, 'access.log'),
  }
  for (const [name, value] of Object.entries(values)) {
    if (!SAFE_VALUE.test(value))
      throw new Error(`nginx: ${name} holds characters a config cannot take: ${value}`)
  }
  const template = await readFile(options.template ?? NGINX_TEMPLATE, 'utf8')
  const rendered = template.replace(/\$\{(CFD_[A-Z_]+)\}/g, (_match, name: string) => {
    if (!(PLACEHOLDERS as readonly string[]).includes(name)) {
      throw new Error(`nginx: the template names an unknown placeholder \${${name}}`)
    }
    return values[name as Placeholder]
  })
  return rendered
}

/**
 * Writes `<runtimeDir>/nginx.conf` and creates the runtime directory. It is made readable by everyone because nginx
 * started as root runs its workers as another user (nobody), which writes request bodies to temporary files there;
 * its parent directories must let that user through as well (a directory under /tmp, or the project's data/).
 */
export async function writeNginxConfig(options: NginxConfigOptions): Promise<string> {
  await mkdir(options.runtimeDir, { recursive: true })
  await chmod(options.runtimeDir, 0o755)
  const file = join(options.runtimeDir, 'nginx.conf')
  await writeFile(file, await renderNginxConfig(options))
  return file
}

/** NGINX_PATH, else nginx on the PATH, else Debian's /usr/sbin/nginx (scripts/ensure-nginx.sh installs it). */
export function nginxBinary(): string {
  if (process.env.NGINX_PATH) return process.env.NGINX_PATH
  for (const dir of (process.env.PATH ?? '').split(':').concat('/usr/sbin')) {
    if (dir && existsSync(join(dir, 'nginx'))) return join(dir, 'nginx')
  }
  throw new Error('nginx is not installed: run `bash scripts/ensure-nginx.sh` (apt-get install nginx)')
}

/** `nginx -t` on a written configuration; throws with nginx's own words. */
export async function checkNginxConfig(file: string): Promise<void> {
  try {
    await promisify(execFile)(nginxBinary(), ['-t', '-q', '-c', file])
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error)
    throw new Error(`nginx rejects ${file}:\n${stderr}`)
  }
}

export interface RunningNginx {
  /**
   * http://localhost:PORT (https:// with `tls`): what a browser opens (its Origin and Host then agree, as the socket
   * gate requires).
   */
  url: string
  port: number
  configFile: string
  runtimeDir: string
  process: ChildProcess
  /** The last lines nginx wrote to stderr (errors when errorLog is /dev/stderr), for failure messages. */
  output(): string
  /** Graceful stop (SIGQUIT: open requests finish), SIGKILL after 5 s; removes a runtime directory it created. */
  stop(): Promise<void>
}

export interface StartNginxOptions extends Omit<NginxConfigOptions, 'runtimeDir'> {
  /** Default: a new directory under the system's temporary directory, removed by stop(). */
  runtimeDir?: string
  /** How long to wait for the port to accept connections (default 10 s). */
  timeoutMs?: number
}

function portAccepts(port: number, host: string): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = connect({ port, host })
    socket.once('connect', () => {
      socket.destroy()
      resolvePromise(true)
    })
    socket.once('error', () => resolvePromise(false))
  })
}

/** Writes and checks the configuration, starts nginx in the foreground and waits until it accepts connections. */
export async function startNginx(options: StartNginxOptions): Promise<RunningNginx> {
  const probeHost = options.listenHost && options.listenHost !== '0.0.0.0' ? options.listenHost : '127.0.0.1'
  // Otherwise the wait below could take another server's answer for nginx's.
  if (await portAccepts(options.port, probeHost))
    throw new Error(`nginx: port ${options.port} is already in use`)
  const ownDir = options.runtimeDir === undefined
  const runtimeDir = options.runtimeDir ?? (await mkdtemp(join(tmpdir(), 'cfd-nginx-')))
  const configFile = await writeNginxConfig({ ...options, runtimeDir })
  await checkNginxConfig(configFile)
  const child = spawn(nginxBinary(), ['-c', configFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-10_000)))
  const exited = new Promise<void>((resolvePromise) => child.once('exit', () => resolvePromise()))

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT')
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(killer)
    }
    if (ownDir) await rm(runtimeDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + (options.timeoutMs ?? 10_000)
  while (!(await portAccepts(options.port, probeHost))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      const log = await readFile(options.errorLog ?? join(runtimeDir, 'error.log'), 'utf8').catch(() => '')
      throw new Error(`nginx did not start on port ${options.port}:\n${output}${log}`)
    }
    await new Promise((wait) => setTimeout(wait, 50))
  }
  return {
    url: `${options.tls ? 'https' : 'http'}://localhost:${options.port}`,
    port: options.port,
    configFile,
    runtimeDir,
    process: child,
    output: () => output,
    stop,
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      upstream: { type: 'string', multiple: true },
      'runtime-dir': { type: 'string' },
      'listen-host': { type: 'string' },
      'error-log': { type: 'string' },
      'access-log': { type: 'string' },
    },
  })
  const runtimeDir = resolve(values['runtime-dir'] ?? join(ROOT, 'data', 'cluster', 'nginx'))
  const file = await writeNginxConfig({
    port: Number(values.port ?? 8080),
    upstreams: values.upstream ?? [],
    runtimeDir,
    ...(values['listen-host'] ? { listenHost: values['listen-host'] } : {}),
    ...(values['error-log'] ? { errorLog: values['error-log'] } : {}),
    ...(values['access-log'] ? { accessLog: values['access-log'] } : {}),
  })
  await checkNginxConfig(file)
  console.log(file)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}

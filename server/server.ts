// Entry point: reads the environment, listens, prints where to go, and shuts down cleanly on SIGINT/SIGTERM.
// Run with `node --import tsx server/server.ts` (npm run serve).
import { resolve } from 'node:path'
import { buildApp, type BuildAppOptions } from './app'
import { DEMO_USERS } from './db/seed-data/catalog'
import { isPaymentProviderName, PAYMENT_PROVIDERS } from './funds/payment-provider'
import { scaleRateLimits } from './plugins/rate-limit'
import { pushOptionsFromEnv } from './push'
import { realtimeOptionsFromEnv } from './realtime/config'

// performance.now() counts from the process's start: this line runs once Node, tsx and every module have loaded.
const startedAtMs = performance.now()
const modulesCpu = process.cpuUsage()
/** Start-up phases in order, wall and CPU ms each: logged once listening (tests/bench/restart.ts reads the line). */
const startupPhasesMs: Record<string, number> = { modules: Math.round(startedAtMs) }
const startupPhasesCpuMs: Record<string, number> = {
  modules: Math.round((modulesCpu.user + modulesCpu.system) / 1000),
}
const port = Number(process.env.PORT ?? 8080)
const host = process.env.HOST ?? '0.0.0.0'
const dataDir = resolve(process.env.DATA_DIR ?? 'data/')
const databaseUrl = process.env.DATABASE_URL || undefined
// Beyond one machine (decision 0024): with REDIS_URL this instance cooperates with the others on the same PostgreSQL.
const redisUrl = process.env.REDIS_URL || undefined
const instanceId = process.env.INSTANCE_ID || undefined
const redisPrefix = process.env.REDIS_PREFIX || undefined
const seedDemo = process.env.SEED_DEMO !== 'false'
// The built client to serve (default dist/): the benchmarks point it at a build of their own.
const clientDir = process.env.CLIENT_DIR ? resolve(process.env.CLIENT_DIR) : undefined
const trustProxy = parseTrustProxy(process.env.TRUST_PROXY)
// CSP_CONNECT_SRC: origins the page may call beyond this one and the realtime endpoints, space- or comma-separated
// (a client built with VITE_API_BASE_URL pointing at another API, served from here).
const extraConnectSources = (process.env.CSP_CONNECT_SRC ?? '').split(/[\s,]+/).filter(Boolean)
// Scales every per-address rate limit: end-to-end suites sign in dozens of times a minute from one address.
const rateLimitMultiplier = Number(process.env.RATE_LIMIT_MULTIPLIER ?? 1)
// METRICS_TOKEN: the bearer token Prometheus sends for /metrics; unset, /metrics answers this machine only.
const metricsToken = process.env.METRICS_TOKEN || undefined
// Mail (decision 0020): SMTP_URL sends real mail; without it mails go to the dev outbox admins read. Links in mails
// point at PUBLIC_URL (the page's origin as customers reach it), by default this server on localhost.
const mail = {
  smtpUrl: process.env.SMTP_URL || undefined,
  from: process.env.MAIL_FROM || undefined,
  publicUrl: process.env.PUBLIC_URL || `http://localhost:${process.env.PORT ?? 8080}`,
}
// An orchestrator waits about 10-30 s after SIGTERM before it kills; finish well inside that.
const SHUTDOWN_GRACE_MS = 8000

if (!Number.isFinite(rateLimitMultiplier) || rateLimitMultiplier <= 0) {
  console.error(`RATE_LIMIT_MULTIPLIER must be a positive number, got '${process.env.RATE_LIMIT_MULTIPLIER}'`)
  process.exit(1)
}

if (metricsToken !== undefined && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
  console.error('METRICS_TOKEN must be at least 16 printable characters without spaces')
  process.exit(1)
}

if (extraConnectSources.some((source) => /[;'"]/.test(source))) {
  console.error(
    `CSP_CONNECT_SRC must list origins (e.g. https://api.example.com), got '${process.env.CSP_CONNECT_SRC}'`,
  )
  process.exit(1)
}

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be an integer from 0 to 65535, got '${process.env.PORT}'`)
  process.exit(1)
}

/**
 * TRUST_PROXY: unset or 'false' (default: the socket address is the client), 'true' (any proxy), a hop count,
 * or the proxies' addresses/CIDRs, comma-separated. Set it only behind a proxy that overwrites X-Forwarded-For.
 */
function parseTrustProxy(value: string | undefined): NonNullable<BuildAppOptions['trustProxy']> {
  const text = value?.trim() ?? ''
  if (text === '' || text === 'false') return false
  if (text === 'true') return true
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    // The nearest `hops` addresses in the X-Forwarded-For chain are proxies; the one before them is the client.
    return (_address: string, hop: number) => hop < hops
  }
  return text
}

// The cashier (decision 0019): which card gateway charges cards, and how fast the sandbox chain confirms transfers.
const paymentProvider = process.env.PAYMENT_PROVIDER || 'sandbox'
if (!isPaymentProviderName(paymentProvider)) {
  console.error(`PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')}, got '${paymentProvider}'`)
  process.exit(1)
}
const confirmationIntervalMs = Number(process.env.CRYPTO_CONFIRMATION_INTERVAL_MS ?? 2000)
if (!Number.isInteger(confirmationIntervalMs) || confirmationIntervalMs < 10) {
  console.error(
    `CRYPTO_CONFIRMATION_INTERVAL_MS must be a whole number of milliseconds, at least 10, got '${process.env.CRYPTO_CONFIRMATION_INTERVAL_MS}'`,
  )
  process.exit(1)
}

let realtime: BuildAppOptions['realtime']
let push: BuildAppOptions['push']
try {
  realtime = realtimeOptionsFromEnv(process.env, port)
  push = pushOptionsFromEnv(process.env)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

const app = await buildApp({
  realtime,
  push,
  dataDir,
  seedDemo,
  trustProxy,
  rateLimits: scaleRateLimits(rateLimitMultiplier),
  securityHeaders: { extraConnectSources },
  mail,
  funds: { paymentProvider, confirmationIntervalMs },
  cluster: {
    ...(redisUrl === undefined ? {} : { redisUrl }),
    ...(instanceId === undefined ? {} : { instanceId }),
    ...(redisPrefix === undefined ? {} : { prefix: redisPrefix }),
  },
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  ...(databaseUrl === undefined ? {} : { databaseUrl }),
  ...(clientDir === undefined ? {} : { clientDir }),
  ...(metricsToken === undefined ? {} : { metricsToken }),
  onPhase: (phase, { wallMs, cpuMs }) => {
    startupPhasesMs[phase] = Math.round(wallMs)
    startupPhasesCpuMs[phase] = Math.round(cpuMs)
  },
})

let shuttingDown = false
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return
  shuttingDown = true
  app.log.info({ signal }, 'shutting down')
  const forceExit = setTimeout(() => {
    app.log.error('shutdown took too long; exiting anyway')
    process.exit(1)
  }, SHUTDOWN_GRACE_MS)
  forceExit.unref()
  try {
    // Closes the realtime sockets (Pusher clients get 4200 and reconnect at once), the HTTP server (finishing
    // requests in flight), and then the database.
    const closingAtMs = performance.now()
    await app.close()
    app.log.info({ durationMs: Math.round(performance.now() - closingAtMs) }, 'closed')
    process.exitCode = 0
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down')
    process.exitCode = 1
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'))
process.once('SIGTERM', () => void shutdown('SIGTERM'))

const listeningFromMs = performance.now()
const listeningFromCpu = process.cpuUsage()
try {
  await app.listen({ port, host })
} catch (error) {
  app.log.error({ err: error }, 'could not listen')
  await app.close()
  process.exit(1)
}
const listeningCpu = process.cpuUsage(listeningFromCpu)
startupPhasesMs.listen = Math.round(performance.now() - listeningFromMs)
startupPhasesCpuMs.listen = Math.round((listeningCpu.user + listeningCpu.system) / 1000)
app.log.info(
  { phasesMs: startupPhasesMs, phasesCpuMs: startupPhasesCpuMs, totalMs: Math.round(performance.now()) },
  'startup phases',
)

const address = app.server.address()
const boundPort = typeof address === 'object' && address !== null ? address.port : port
const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
const lines = [
  '',
  `  CFD Trader is running at http://${shownHost}:${boundPort}/  (ready in ${Math.round(performance.now() - startedAtMs)} ms)`,
  `  Database: ${databaseUrl === undefined ? `PGlite in ${dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
]
if (app.cluster.mode === 'redis') {
  lines.push(`  Instance ${app.cluster.instanceId}, one of a cluster on Redis (REDIS_URL)`)
}
if (seedDemo) {
  lines.push('  Demo logins:')
  for (const demo of DEMO_USERS) lines.push(`    ${demo.role.padEnd(8)} ${demo.email} / ${demo.password}`)
}
console.log(lines.join('\n') + '\n')

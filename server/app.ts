// Builds the reference server: plugins, then the database and repositories, the realtime services and the trade
// engine, then routes. Listening is server.ts's job, so tests can build as many apps as they like and `inject` into
// them.
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { API_PREFIX } from '../src/domain/contract'
import { registerChat } from './chat'
import { registerCluster, type ClusterOptions } from './cluster'
import { openDatabase } from './db/client'
import { registerMail, type MailOptions } from './mail'
import { seed } from './db/seed'
import { registerAuth } from './plugins/auth'
import { registerFunds, type FundsOptions } from './funds'
import { registerClock } from './plugins/clock'
import { frameworkErrorHandler, registerErrorHandling } from './plugins/errors'
import { registerJsonBodies } from './plugins/json-bodies'
import { registerMetrics } from './plugins/metrics'
import { registerOpenApi } from './plugins/openapi'
import { registerRateLimits, type AllRateLimits } from './plugins/rate-limit'
import { registerSecurityHeaders, type SecurityHeaderOptions } from './plugins/security-headers'
import { registerStatic } from './plugins/static'
import { registerPush, type PushOptions } from './push'
import { registerRealtime, type RealtimeOptions } from './realtime'
import { createRepositories } from './repositories'
import { apiRoutes } from './routes'
import { healthRoutes } from './routes/health'
import { metricsRoutes } from './routes/metrics'
import { registerTrading } from './trading'

export interface BuildAppOptions {
  /** postgres://... uses PostgreSQL; anything else (or nothing) uses PGlite under `dataDir`. */
  databaseUrl?: string
  /** Where PGlite keeps its files; 'memory://' keeps everything in memory (tests). */
  dataDir: string
  /** With 'memory://': the dump the database starts from (see OpenDatabaseOptions.memoryTemplate). */
  memoryTemplate?: Blob
  seedDemo: boolean
  logger?: boolean | object
  /** The built client; defaults to `<repo>/dist`. */
  clientDir?: string
  /**
   * Whether X-Forwarded-For may name the client (fastify's trustProxy: true, a hop count, or the proxies'
   * addresses). Off by default: anyone can send that header, and rate limits key on the client address.
   */
  trustProxy?: FastifyServerOptions['trustProxy']
  /**
   * Per-client-address limits of the sign-in, sign-up, order and marketplace calls, by action; unset ones keep
   * their defaults.
   */
  rateLimits?: Partial<AllRateLimits>
  /** The clock for expiries, locks and rate windows; tests move it instead of waiting. */
  now?: () => Date
  /**
   * The Pusher broker or service, the price feed and its simulator (server.ts reads them from PUSHER_* and
   * PRICE_*); unset parts take their defaults: embedded broker, generated credentials, 20 ticks/s.
   */
  realtime?: RealtimeOptions
  /** The Content-Security-Policy's extra sources (server.ts reads CSP_CONNECT_SRC). */
  securityHeaders?: SecurityHeaderOptions
  /**
   * The bearer token /metrics asks for (server.ts reads METRICS_TOKEN); unset, /metrics answers loopback callers
   * only.
   */
  metricsToken?: string
  /**
   * The cashier (decision 0019): the payment provider (server.ts reads PAYMENT_PROVIDER), the sandbox chain's
   * confirmation interval (CRYPTO_CONFIRMATION_INTERVAL_MS), and whether its jobs run on timers.
   */
  funds?: FundsOptions
  /** SMTP_URL, MAIL_FROM and PUBLIC_URL (links in mails); without an SMTP URL mails go to the dev outbox. */
  mail?: MailOptions
  /**
   * Beyond one machine (decision 0024): REDIS_URL joins the other instances (broker fan-out, one price stream, one
   * leader for the jobs, shared rate limits); INSTANCE_ID names this one. Without a Redis URL the instance is alone.
   */
  cluster?: ClusterOptions
  /**
   * Told each start-up phase as it ends, with its wall and CPU time (server.ts logs them in one line; the restart
   * bench reads it). The database's open and its migrations are separate phases.
   */
  onPhase?: (phase: string, time: { wallMs: number; cpuMs: number }) => void
  /**
   * Web Push (decision 0037): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY and VAPID_SUBJECT, WEB_PUSH_ALLOWED_ORIGINS; tests
   * add a CA for their local receiver. Unset: a generated key pair and the browsers' push services.
   */
  push?: PushOptions
}

const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../dist', import.meta.url))
const BODY_LIMIT_BYTES = 1024 * 1024

// Secrets never reach the log, whatever a future log line includes.
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'body.password',
  'body.token',
  'password',
  'token',
  '*.password',
  '*.token',
  '*.password_hash',
  '*.passwordHash',
  // A card's number and CVC go to the payment provider and nowhere else (decision 0019).
  'body.card_number',
  'body.cvc',
  'req.body.card_number',
  'req.body.cvc',
  'card_number',
  'cvc',
  '*.card_number',
  '*.cvc',
]

// One-time sign-in links put their token in the page URL (/auto-login?token=...), and request lines are logged.
const SECRET_QUERY_PARAMETER = /([?&](?:token|access_token)=)[^&#]*/gi

interface LoggedRequest {
  method: string
  url: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}

/** fastify's own request serializer, with secrets in the query string blanked. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_QUERY_PARAMETER, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

function loggerOptions(logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return false
  const base = logger === true ? {} : logger
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  }
}

/** Reports the wall and CPU time since the previous mark as the phase `name` ended. */
function phaseClock(onPhase: BuildAppOptions['onPhase']): (name: string) => void {
  let lastMs = performance.now()
  let lastCpu = process.cpuUsage()
  return (name) => {
    const nowMs = performance.now()
    const cpu = process.cpuUsage(lastCpu)
    onPhase?.(name, { wallMs: nowMs - lastMs, cpuMs: (cpu.user + cpu.system) / 1000 })
    lastMs = nowMs
    lastCpu = process.cpuUsage()
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const phase = phaseClock(options.onPhase)
  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: frameworkErrorHandler,
    trustProxy: options.trustProxy ?? false,
    // The broker's GET /apps/{id}/channels/{name} takes Pusher's 164-character names (decision 0036); past this
    // limit a path parameter is refused (400) before any route sees it.
    routerOptions: { maxParamLength: 200 },
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  registerSecurityHeaders(app, options.securityHeaders)
  registerErrorHandling(app)
  registerJsonBodies(app)
  registerMetrics(app)
  registerClock(app, options.now)
  // Before the rate limits (they count in Redis when there is one) and the realtime services (they follow the
  // leader); its preClose hands leadership over before anything else closes.
  registerCluster(app, options.cluster)
  registerRateLimits(app, options.rateLimits)
  phase('plugins')

  const database = await openDatabase({
    ...options,
    onPhase: phase,
    // A pooled PostgreSQL connection can drop while idle (a restart, a failover); the pool replaces it.
    onIdleConnectionError: (error) =>
      app.log.warn({ err: { message: error.message } }, 'idle database connection lost'),
    onCheckpointError: (error) =>
      app.log.warn({ err: { message: error.message } }, 'database checkpoint failed'),
  })
  let closed = false
  const closeDatabase = async () => {
    if (closed) return
    closed = true
    await database.close()
  }
  app.addHook('onClose', closeDatabase)

  try {
    await seed(database.db, { demo: options.seedDemo })
    phase('seed')
    app.decorate('db', database.db)
    app.decorate('repos', createRepositories(database.db))
    registerAuth(app)
    registerMail(app, options.mail)
    await registerRealtime(app, options.realtime, options.trustProxy)
    phase('realtime')
    // Before the trading desk: its price alerts push.
    await registerPush(app, options.push)
    await registerTrading(app)
    await registerFunds(app, options.funds)
    await registerChat(app, options.dataDir, database.driver)
    phase('trading, funds, chat')

    // First, so that its onRoute hook sees every route (decision 0038).
    await registerOpenApi(app)
    await app.register(apiRoutes, { prefix: API_PREFIX })
    await app.register(metricsRoutes, { token: options.metricsToken })
    await app.register(healthRoutes)
    await registerStatic(app, options.clientDir ?? DEFAULT_CLIENT_DIR)
    phase('routes')
  } catch (error) {
    // The caller never gets the app, so nobody else could close the database (or the Redis connections).
    await closeDatabase()
    await app.cluster.close()
    throw error
  }
  return app
}

// Realtime configuration: what buildApp accepts, what the environment says (server.ts), and how the two plus the
// stored credentials resolve into the broker, the publisher, the price feed and the public settings.
import { randomInt } from 'node:crypto'
import { z } from 'zod'
import type { RealtimeEndpoints } from '../../src/domain/contract'
import type { RealtimeCredentials } from '../repositories/realtime-credentials'
import { DEFAULT_BROKER_OPTIONS, type BrokerOptions } from './broker/broker'
import { DEFAULT_WEBHOOK_OPTIONS } from './broker/webhooks'
import type { PriceFeedOptions } from './prices/feed'
import type { PusherTarget } from './publisher'

export interface RealtimeOptions {
  pusher?: {
    appId?: string
    key?: string
    secret?: string
    /** Another Pusher-compatible service: the embedded broker is off and the SDK publishes there. */
    host?: string
    port?: number
    scheme?: 'http' | 'https'
    cluster?: string
    /** Where browsers connect, when that is not the page's own origin (or, for an external service, its host). */
    publicHost?: string
    publicPort?: number
  }
  broker?: Partial<BrokerOptions>
  /** Pusher's webhooks from the embedded broker to `url` (PUSHER_WEBHOOK_URL); tests shorten the retries. */
  webhooks?: { url: string } & Partial<typeof DEFAULT_WEBHOOK_OPTIONS>
  prices?: Partial<PriceFeedOptions> & {
    /** Where browsers reach the feed, when not the page's own origin. */
    url?: string
  }
  /**
   * The market's clock, when it must differ from the app's: a test moves market time ahead (prices move as far as
   * hours of trading would move them) without also expiring tokens and request signatures.
   */
  marketNow?: () => Date
}

export const DEFAULT_CLUSTER = 'mt1'
const MISSING_EXTERNAL_CREDENTIALS =
  'PUSHER_HOST names another service: PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET must be set as well'

export const DEFAULT_PRICE_OPTIONS: Omit<PriceFeedOptions, 'apiKey' | 'seed'> = {
  ticksPerSecond: 20,
  emitIntervalMs: 50,
  ignoreMarketHours: false,
  persistIntervalMs: 5_000,
  historyMinutes: 1_440,
  // As the broker's: one SharedWorker per browser holds the one feed socket.
  maxConnectionsPerAddress: DEFAULT_BROKER_OPTIONS.maxConnectionsPerAddress,
  allowedOrigins: [],
}

export interface ResolvedRealtime {
  /** undefined when an external service does the broker's job. */
  broker: BrokerOptions | undefined
  /** Where the embedded broker sends webhooks, and how it retries; undefined without a URL or without the broker. */
  webhooks: ({ url: string } & typeof DEFAULT_WEBHOOK_OPTIONS) | undefined
  target: PusherTarget
  prices: PriceFeedOptions
  endpoints: RealtimeEndpoints
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0'])

/** PUSHER_HOST naming this very server (loopback and our port, or no port) means the embedded broker. */
export function pointsAtThisServer(host: string, port: number | undefined, serverPort: number): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) && (port === undefined || port === serverPort)
}

/** Pusher Channels' REST host for a cluster is api-<cluster>.pusher.com; browsers connect to ws-<cluster>. */
function browserHostFor(host: string): string {
  const cluster = /^api-([a-z0-9-]+)\.pusher\.com$/i.exec(host)?.[1]
  return cluster === undefined ? host : `ws-${cluster}.pusher.com`
}

export function resolveRealtime(options: RealtimeOptions, stored: RealtimeCredentials): ResolvedRealtime {
  const pusher = options.pusher ?? {}
  const external = pusher.host !== undefined
  if (external && (!pusher.appId || !pusher.key || !pusher.secret))
    throw new Error(MISSING_EXTERNAL_CREDENTIALS)
  const scheme = pusher.scheme ?? (external ? 'https' : 'http')
  const cluster = pusher.cluster ?? DEFAULT_CLUSTER
  const target: PusherTarget = {
    appId: pusher.appId ?? stored.pusherAppId,
    key: pusher.key ?? stored.pusherKey,
    secret: pusher.secret ?? stored.pusherSecret,
    scheme,
    cluster,
    ...(pusher.host === undefined ? {} : { host: pusher.host }),
    ...(pusher.port === undefined ? {} : { port: pusher.port }),
  }

  const publicHost =
    pusher.publicHost ?? (pusher.host === undefined ? undefined : browserHostFor(pusher.host))
  const publicPort = pusher.publicPort ?? (pusher.publicHost === undefined ? pusher.port : undefined)
  const prices = options.prices ?? {}
  const endpoints: RealtimeEndpoints = {
    pusher: {
      key: target.key,
      cluster,
      // Embedded: left out, like the host, so the page's own scheme decides (the broker is on the page's origin;
      // behind a TLS proxy the server cannot know that scheme itself).
      ...(external ? { forceTLS: scheme === 'https' } : {}),
      ...(publicHost === undefined ? {} : { host: publicHost }),
      ...(publicPort === undefined ? {} : { port: publicPort }),
    },
    prices: {
      apiKey: prices.apiKey ?? stored.priceApiKey,
      ...(prices.url === undefined ? {} : { url: prices.url }),
    },
  }

  return {
    broker: external ? undefined : { ...DEFAULT_BROKER_OPTIONS, ...options.broker },
    webhooks:
      external || options.webhooks === undefined
        ? undefined
        : { ...DEFAULT_WEBHOOK_OPTIONS, ...options.webhooks },
    target,
    prices: {
      ...DEFAULT_PRICE_OPTIONS,
      ...prices,
      apiKey: prices.apiKey ?? stored.priceApiKey,
      seed: prices.seed ?? randomInt(0, 2 ** 31),
    },
    endpoints,
  }
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()
const optionalPort = z.coerce.number().int().min(1).max(65535).optional()
const optionalFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((value) => (value === '' ? undefined : value === 'true' || value === '1'))
  .optional()
const positive = (max: number) => z.coerce.number().positive().max(max).optional()
const optionalCount = z.coerce.number().int().min(1).max(1_000_000).optional()
/** `https://a.example, https://b.example` or `*`: origins as the browser sends them (scheme, host, port). */
const optionalOrigins = z
  .string()
  .transform((value) => value.split(/[\s,]+/).filter(Boolean))
  .refine((origins) => origins.every((origin) => origin === '*' || /^https?:\/\/[^/\s]+$/i.test(origin)), {
    message: 'must list origins such as https://app.example.com, or *',
  })
  .optional()

const EnvSchema = z.object({
  PUSHER_APP_ID: optionalText,
  PUSHER_KEY: optionalText,
  PUSHER_SECRET: optionalText,
  PUSHER_HOST: optionalText,
  PUSHER_PORT: optionalPort,
  PUSHER_SCHEME: z.enum(['http', 'https']).optional(),
  PUSHER_CLUSTER: optionalText,
  PUSHER_PUBLIC_HOST: optionalText,
  PUSHER_PUBLIC_PORT: optionalPort,
  PUSHER_CLIENT_EVENTS: optionalFlag,
  PUSHER_ACTIVITY_TIMEOUT: z.coerce.number().int().min(1).max(3600).optional(),
  PUSHER_WEBHOOK_URL: optionalText.refine((url) => url === undefined || /^https?:\/\/[^\s]+$/i.test(url), {
    message: 'must be an http:// or https:// URL',
  }),
  PRICE_API_KEY: optionalText,
  PRICE_FEED_URL: optionalText,
  PRICE_TICKS_PER_SECOND: z.coerce.number().min(0).max(100_000).optional(),
  PRICE_EMIT_INTERVAL_MS: z.coerce.number().int().min(10).max(5_000).optional(),
  PRICE_IGNORE_MARKET_HOURS: optionalFlag,
  PRICE_SEED: z.coerce.number().int().min(0).optional(),
  PRICE_PERSIST_INTERVAL_MS: positive(3_600_000),
  PRICE_HISTORY_MINUTES: z.coerce.number().int().min(60).max(10_080).optional(),
  REALTIME_ALLOWED_ORIGINS: optionalOrigins,
  PUSHER_MAX_CONNECTIONS: optionalCount,
  PUSHER_MAX_CONNECTIONS_PER_ADDRESS: optionalCount,
  PUSHER_MAX_SUBSCRIPTIONS_PER_CONNECTION: optionalCount,
  PRICE_MAX_CONNECTIONS_PER_ADDRESS: optionalCount,
})

/** Reads the PUSHER_* and PRICE_* variables; throws with every bad variable named. */
export function realtimeOptionsFromEnv(env: NodeJS.ProcessEnv, serverPort: number): RealtimeOptions {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid realtime settings in the environment: ${problems.join('; ')}`)
  }
  const e = parsed.data
  const host = e.PUSHER_HOST
  const external = host !== undefined && !pointsAtThisServer(host, e.PUSHER_PORT, serverPort)
  if (external && (!e.PUSHER_APP_ID || !e.PUSHER_KEY || !e.PUSHER_SECRET)) {
    throw new Error(MISSING_EXTERNAL_CREDENTIALS)
  }
  const defined = <T extends object>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>
  return {
    pusher: defined({
      appId: e.PUSHER_APP_ID,
      key: e.PUSHER_KEY,
      secret: e.PUSHER_SECRET,
      host: external ? host : undefined,
      port: external ? e.PUSHER_PORT : undefined,
      scheme: e.PUSHER_SCHEME,
      cluster: e.PUSHER_CLUSTER,
      publicHost: e.PUSHER_PUBLIC_HOST,
      publicPort: e.PUSHER_PUBLIC_PORT,
    }),
    broker: defined({
      clientEvents: e.PUSHER_CLIENT_EVENTS,
      activityTimeoutSeconds: e.PUSHER_ACTIVITY_TIMEOUT,
      idlePingMs:
        e.PUSHER_ACTIVITY_TIMEOUT === undefined ? undefined : (e.PUSHER_ACTIVITY_TIMEOUT + 10) * 1000,
      maxConnections: e.PUSHER_MAX_CONNECTIONS,
      maxConnectionsPerAddress: e.PUSHER_MAX_CONNECTIONS_PER_ADDRESS,
      maxSubscriptionsPerConnection: e.PUSHER_MAX_SUBSCRIPTIONS_PER_CONNECTION,
      allowedOrigins: e.REALTIME_ALLOWED_ORIGINS,
    }),
    ...(e.PUSHER_WEBHOOK_URL === undefined ? {} : { webhooks: { url: e.PUSHER_WEBHOOK_URL } }),
    prices: defined({
      apiKey: e.PRICE_API_KEY,
      url: e.PRICE_FEED_URL,
      ticksPerSecond: e.PRICE_TICKS_PER_SECOND,
      emitIntervalMs: e.PRICE_EMIT_INTERVAL_MS,
      ignoreMarketHours: e.PRICE_IGNORE_MARKET_HOURS,
      seed: e.PRICE_SEED,
      persistIntervalMs: e.PRICE_PERSIST_INTERVAL_MS,
      historyMinutes: e.PRICE_HISTORY_MINUTES,
      maxConnectionsPerAddress: e.PRICE_MAX_CONNECTIONS_PER_ADDRESS,
      allowedOrigins: e.REALTIME_ALLOWED_ORIGINS,
    }),
  }
}

// Per-client-address rate limits on the calls that guess or spend: sign-in, sign-up and their helpers, opening
// positions, setting price alerts, buying advisors and the back-office requests. Routes opt in with
// `onRequest: [app.rateLimit('login')]`, which refuses before the body is even read.
// Alone, the counts live in this process. In a cluster (decision 0024: `app.cluster.redis`, so register after the
// cluster) they live in Redis and every instance counts the same hits; while Redis is unreachable each instance
// falls back to its own counts, which still stop a brute force, and says so once per outage in the log.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { clientKey, SlidingWindowLimiter, type RateLimit, type RateLimiter } from '../lib/rate-limit'
import { RedisSlidingWindowLimiter } from '../lib/redis-rate-limit'
import { sendError } from './errors'

/** The sign-in and sign-up calls' limits. */
export type RateLimits = Record<
  'login' | 'checkEmail' | 'register' | 'forgotPassword' | 'autoLogin',
  RateLimit
>
/**
 * Opening positions (each is a transaction under the customer's row lock) and setting price alerts (each a row the
 * leader's book watches on every tick, decision 0037).
 */
export type TradingRateLimits = Record<'tradeStore' | 'priceAlert', RateLimit>
/** Buying an expert advisor (a money transaction) and asking the back office for the auto trader or a plan. */
export type MarketplaceRateLimits = Record<'eaPurchase' | 'autotraderRequest' | 'planUpgrade', RateLimit>
/**
 * The account and security centre (decision 0020): password changes and resets, two-factor codes (sign-in, enabling,
 * disabling), e-mail changes and confirmations, and uploads (verification documents, avatars).
 */
export type AccountRateLimits = Record<
  'passwordChange' | 'resetPassword' | 'twoFactor' | 'emailChange' | 'accountUpload',
  RateLimit
>
/** The cashier's calls that move money or make references (decision 0019). */
export type FundsRateLimits = Record<
  'cardDeposit' | 'wireDeposit' | 'withdrawal' | 'savingsTransfer',
  RateLimit
>
export type AllRateLimits = RateLimits &
  TradingRateLimits &
  MarketplaceRateLimits &
  AccountRateLimits &
  FundsRateLimits
export type RateLimitedAction = keyof AllRateLimits

const MINUTE_MS = 60_000

export const DEFAULT_RATE_LIMITS: AllRateLimits = {
  login: { max: 20, windowMs: MINUTE_MS },
  checkEmail: { max: 30, windowMs: MINUTE_MS },
  register: { max: 10, windowMs: MINUTE_MS },
  forgotPassword: { max: 5, windowMs: MINUTE_MS },
  autoLogin: { max: 20, windowMs: MINUTE_MS },
  // A person clicks Buy or Sell at most a few times a second in a burst; scripts hammering the engine do not.
  tradeStore: { max: 120, windowMs: MINUTE_MS },
  // Each alert is a dialog filled in and confirmed: a person sets a handful a minute.
  priceAlert: { max: 30, windowMs: MINUTE_MS },
  // Each is a click behind a confirmation dialog; a person makes a handful a minute, retries included.
  eaPurchase: { max: 30, windowMs: MINUTE_MS },
  autotraderRequest: { max: 20, windowMs: MINUTE_MS },
  planUpgrade: { max: 20, windowMs: MINUTE_MS },
  // Each needs a password or a code: a person types a few a minute; more is guessing (2FA: 10 a minute gives a
  // six-digit code a one-in-100,000 chance a minute, and each challenge allows only 5 tries).
  passwordChange: { max: 10, windowMs: MINUTE_MS },
  resetPassword: { max: 10, windowMs: MINUTE_MS },
  twoFactor: { max: 10, windowMs: MINUTE_MS },
  emailChange: { max: 10, windowMs: MINUTE_MS },
  accountUpload: { max: 20, windowMs: MINUTE_MS },
  // Card charges and their 3-D Secure steps: a card tester's script tries hundreds a minute; a person a handful.
  cardDeposit: { max: 20, windowMs: MINUTE_MS },
  // Wire references and 'I have sent the transfer'.
  wireDeposit: { max: 20, windowMs: MINUTE_MS },
  // Withdrawal requests and cancellations.
  withdrawal: { max: 30, windowMs: MINUTE_MS },
  savingsTransfer: { max: 60, windowMs: MINUTE_MS },
}

type RateLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: (action: RateLimitedAction) => RateLimitHook
  }
}

/** Every default limit multiplied by `factor` (at least 1 request per window). */
export function scaleRateLimits(factor: number): AllRateLimits {
  const scaled = {} as AllRateLimits
  for (const [action, limit] of Object.entries(DEFAULT_RATE_LIMITS) as [RateLimitedAction, RateLimit][]) {
    scaled[action] = { ...limit, max: Math.max(1, Math.round(limit.max * factor)) }
  }
  return scaled
}

export function tooManyAttemptsMessage(seconds: number): string {
  return `Too many attempts. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`
}

/** A 429 with Retry-After, shared with the account lock. */
export function sendTooManyAttempts(reply: FastifyReply, retryAfterSeconds: number, message?: string) {
  reply.header('retry-after', String(retryAfterSeconds))
  return sendError(reply, 429, { message: message ?? tooManyAttemptsMessage(retryAfterSeconds) })
}

/** Every hook `app.rateLimit()` made, so the API reference can say which routes answer 429 (plugins/openapi.ts). */
const rateLimitHooks = new WeakSet<object>()

export function isRateLimitHook(hook: unknown): boolean {
  return typeof hook === 'function' && rateLimitHooks.has(hook)
}

export function registerRateLimits(app: FastifyInstance, overrides: Partial<AllRateLimits> = {}): void {
  const { redis, prefix } = app.cluster
  let redisDown = false
  const onUnavailable = (error: unknown) => {
    if (redisDown) return
    redisDown = true
    app.log.warn(
      { err: { message: error instanceof Error ? error.message : String(error) } },
      'rate limits: redis unreachable, counting in this instance until it is back',
    )
  }
  const onAvailable = () => {
    if (!redisDown) return
    redisDown = false
    app.log.info({}, 'rate limits: counting in redis again')
  }

  const limiters = new Map<RateLimitedAction, RateLimiter>()
  for (const [action, defaults] of Object.entries(DEFAULT_RATE_LIMITS) as [RateLimitedAction, RateLimit][]) {
    const limit = { ...defaults, ...overrides[action] }
    const inMemory = new SlidingWindowLimiter(limit)
    limiters.set(
      action,
      redis === undefined
        ? inMemory
        : new RedisSlidingWindowLimiter({
            redis,
            keyPrefix: `${prefix}:rate:${action}`,
            limit,
            fallback: inMemory,
            onUnavailable,
            onAvailable,
          }),
    )
  }

  app.decorate('rateLimit', (action: RateLimitedAction): RateLimitHook => {
    const limiter = limiters.get(action)
    if (!limiter) throw new Error(`No rate limit for '${action}'`)
    // request.ip is the socket's address unless the app was built with trustProxy (server.ts: TRUST_PROXY).
    const hook: RateLimitHook = async (request, reply) => {
      const result = await limiter.hit(clientKey(request.ip), app.now().getTime())
      return result.allowed ? undefined : sendTooManyAttempts(reply, result.retryAfterSeconds)
    }
    rateLimitHooks.add(hook)
    return hook
  })
}

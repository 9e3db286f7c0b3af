// Wires the cashier (decision 0019) into the app after the trade engine (withdrawals are checked at its prices) and
// before the routes; decorates the app with `funds`. Two jobs run here, both resuming from the database after a
// restart: the sandbox chain counts a confirmation of each pending transfer every `confirmationIntervalMs`, and the
// savings job accrues the day's interest and credits past months at start-up and hourly. Both are safe on several
// instances at once, and still only the leader runs them (decision 0024): once is the rule, the safety is the
// backstop.
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { loggableError } from '../lib/loggable-error'
import { createCashier, type Cashier } from './cashier'
import { createWithdrawalStatusMailer } from './withdrawal-mail'
import { createPaymentProvider, type PaymentProvider, type PaymentProviderName } from './payment-provider'

declare module 'fastify' {
  interface FastifyInstance {
    funds: Cashier
  }
}

export interface FundsOptions {
  /** A provider, or the name PAYMENT_PROVIDER gave (default `sandbox`). */
  paymentProvider?: PaymentProvider | PaymentProviderName
  /** How often the sandbox chain counts a confirmation (CRYPTO_CONFIRMATION_INTERVAL_MS, default 2000). */
  confirmationIntervalMs?: number
  /** How often the savings job runs after start-up (default hourly). */
  savingsIntervalMs?: number
  /** False: no timers (tests drive the jobs through app.funds). */
  jobs?: boolean
}

export const DEFAULT_CONFIRMATION_INTERVAL_MS = 2_000
const HOUR_MS = 3_600_000

export async function registerFunds(app: FastifyInstance, options: FundsOptions = {}): Promise<void> {
  const confirmationIntervalMs = options.confirmationIntervalMs ?? DEFAULT_CONFIRMATION_INTERVAL_MS
  const provider =
    typeof options.paymentProvider === 'object'
      ? options.paymentProvider
      : createPaymentProvider(options.paymentProvider)
  // Deposit addresses are keyed by a secret every instance shares and nobody outside knows: derived from the
  // realtime secret kept in the database (generated at first start), under a purpose label of its own.
  const credentials = await app.repos.realtimeCredentials.getOrCreate()
  const addressSecret = createHash('sha256')
    .update(`deposit-addresses/${credentials.pusherSecret}`)
    .digest('hex')

  const cashier = createCashier({
    repos: app.repos,
    prices: app.prices,
    publisher: app.publisher,
    trading: app.trading,
    provider,
    addressSecret,
    confirmationIntervalMs,
    mailWithdrawalStatus: createWithdrawalStatusMailer({
      mailer: app.mailer,
      repos: app.repos,
      log: app.log,
    }),
    pushFundsStatus: (userId, change) => app.push.events.fundsStatus(userId, change),
    now: () => app.now(),
    log: app.log,
  })
  app.decorate('funds', cashier)

  if (options.jobs === false) return
  const timers: NodeJS.Timeout[] = []
  const running = new Set<Promise<unknown>>()
  /**
   * Runs `job` unless its previous run is still going; a failed pass is logged and the next interval tries again.
   * A row that fails is the job's own business (set-aside.ts): it never stops the pass.
   */
  const every = (name: string, intervalMs: number, job: () => Promise<unknown>) => {
    let busy = false
    const run = () => {
      if (busy || !app.cluster.leader.isLeader) return
      busy = true
      const pass = job()
        // A failed query's message lists its parameters: the log gets the SQL and the database's own error.
        .catch((error: unknown) => app.log.error({ err: loggableError(error) }, `${name} failed`))
        .finally(() => {
          busy = false
          running.delete(pass)
        })
      running.add(pass)
    }
    timers.push(setInterval(run, intervalMs).unref())
    return run
  }
  app.addHook('onReady', async () => {
    every('the sandbox chain', confirmationIntervalMs, () => cashier.confirmTransfers())
    const savings = every('the savings job', options.savingsIntervalMs ?? HOUR_MS, () => cashier.runSavings())
    savings()
    // An instance that becomes leader later runs it then, as a lone server does at start-up.
    app.cluster.leader.onChange((leading) => {
      if (leading) savings()
    })
  })
  // Before the database closes: no new pass starts, and the ones under way finish.
  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer)
    await Promise.allSettled([...running])
  })
}

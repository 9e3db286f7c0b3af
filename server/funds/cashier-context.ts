// What every part of the cashier (decision 0019) shares: its sentences and answers, the limits' check, the
// request hash an Idempotency-Key is bound to, and `CashierContext`, the dependencies with the helpers each part
// uses: what can be withdrawn now at the trade engine's prices, a coin's USD price, and the events a deposit's or a
// withdrawal's change sends. cashier.ts builds the parts (deposits.ts, withdrawals.ts, savings.ts, jobs.ts) on it.
import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import {
  findCoin,
  findNetwork,
  heldLimit,
  MAX_MONEY_USD,
  type CryptoCoin,
  type Limit,
  type Savings,
} from '../../src/domain/contract'
import { dayKey, monthKey } from '../../src/domain/funds/savings-accrual'
import { withdrawableNow } from '../../src/domain/funds/withdrawable'
import { moneyToCents } from '../lib/money'
import type { Prices } from '../realtime'
import type { Publisher } from '../realtime/publisher'
import { publishRequestsChanged } from '../realtime/user-events'
import type { Repositories } from '../repositories'
import type { DepositRow } from '../repositories/deposits'
import type { Position } from '../repositories/trades'
import type { WithdrawalRow } from '../repositories/withdrawals'
import type { TradeEngine } from '../trading/engine'
import { publishFundsChange } from './events'
import { formatDollars } from './format'
import type { PaymentProvider } from './payment-provider'
import type { WithdrawalStatusMailer } from './withdrawal-mail'
import type { FundsStatusChange } from '../push/events'

export const CASHIER_MESSAGES = {
  CUSTOMERS_ONLY: 'The cashier is for customer accounts.',
  DEPOSIT_NOT_FOUND: 'Deposit not found',
  WITHDRAWAL_NOT_FOUND: 'Withdrawal not found',
  USER_NOT_FOUND: 'User not found',
  NOT_WAITING_FOR_THREE_DS: 'This payment is not waiting for 3-D Secure.',
  PROCESSING: 'Your payment is being processed.',
  PROVIDER_FAILED: 'The payment could not be processed. Please try again.',
  KEY_REUSED:
    'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
  NETWORK_NOT_OFFERED: 'This coin is not offered on that network.',
  NO_PRICE: 'No price is available for this coin right now.',
  ACCOUNT_INACTIVE: 'Your account is not active.',
  TRANSFER_TOO_LARGE:
    'This transfer is worth more than the account can hold with its balance and the transfers still confirming.',
} as const

export type FieldErrors = Record<string, string[]>
export type Refusal = {
  ok: false
  statusCode: 402 | 403 | 404 | 409 | 422 | 502
  message: string
  errors?: FieldErrors
}
export type Answer<T> = { ok: true; statusCode: 200 | 201 | 202; message: string; data: T } | Refusal

export const refuse = (statusCode: Refusal['statusCode'], message: string, field?: string): Refusal => ({
  ok: false,
  statusCode,
  message,
  ...(field === undefined ? {} : { errors: { [field]: [message] } }),
})

/**
 * The amount against a limit, each bound held within what an amount can be (heldLimit, decision 0033). The patch
 * schema bounds new limits and the settings repository holds stored ones, but this must not trust either: a maximum
 * of 1e307 once made BigInt(Infinity) throw on every deposit. Holding changes no answer, since no amount lies
 * beyond MAX_MONEY_USD; a bound that is no finite number counts as no bound.
 */
export function limitProblem(amountUsd: string, limit: Limit, what: string): string | undefined {
  const cents = moneyToCents(amountUsd)
  const min = heldLimit(limit.min, 0)
  const max = heldLimit(limit.max, MAX_MONEY_USD)
  if (cents < BigInt(Math.round(min * 100)) || cents > BigInt(Math.round(max * 100))) {
    return `${what} must be from ${formatDollars(min)} to ${formatDollars(max)}.`
  }
  return undefined
}

/** sha256 of a validated request, keys sorted: a retry under the same Idempotency-Key must send it again. */
export function requestHash(body: object): string {
  const sorted = (value: unknown): unknown =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([key, inner]) => [key, sorted(inner)]),
        )
      : value
  return createHash('sha256')
    .update(JSON.stringify(sorted(body)))
    .digest('hex')
}

export interface CashierDependencies {
  repos: Repositories
  prices: Prices
  publisher: Publisher
  trading: TradeEngine
  provider: PaymentProvider
  /** The HMAC key deposit addresses are derived with. */
  addressSecret: string
  confirmationIntervalMs: number
  /** Tells the customer by mail of each state their withdrawal reaches (withdrawal-mail.ts). */
  mailWithdrawalStatus: WithdrawalStatusMailer
  /** Pushes a deposit's or withdrawal's new status to the customer's devices, by their preferences (decision 0037). */
  pushFundsStatus?: (userId: number, change: FundsStatusChange) => void
  now: () => Date
  log: FastifyBaseLogger
}

export type CashierContext = ReturnType<typeof createCashierContext>

export function createCashierContext(deps: CashierDependencies) {
  const { repos, prices, publisher, trading, now } = deps

  /** What can be withdrawn now, in cents, from an account read under its row lock. */
  function withdrawableCents(account: { balanceUsd: string; openPositions: Position[] }) {
    const { equity, margin } = trading.figuresOf(account)
    const withdrawable = withdrawableNow({ balance: Number(account.balanceUsd), equity, margin })
    return { cents: BigInt(Math.round(withdrawable * 100)), withdrawable }
  }

  /** The coin's USD price now: the feed's, else the last one stored; 1 for a stable coin. */
  async function priceUsd(coin: CryptoCoin): Promise<number | null> {
    if (coin.price_symbol === null) return 1
    const feedId = coin.price_symbol.toLowerCase()
    const live = prices.current(feedId)?.price
    if (live !== undefined) return live
    return (await repos.assets.findByIdOrAssetId(feedId))?.rate ?? null
  }

  function coinAndNetwork(coinSlug: string, networkId: string) {
    const coin = findCoin(coinSlug)
    const network = coin && findNetwork(coin, networkId)
    return coin && network ? { coin, network } : undefined
  }

  function depositChanged(row: DepositRow): void {
    publishFundsChange(
      publisher,
      row.userId,
      { kind: 'deposit', id: row.id, status: row.status },
      { balanceChanged: row.status === 'completed', now: now() },
    )
    deps.pushFundsStatus?.(row.userId, { kind: 'deposit', id: row.id, status: row.status })
  }

  /** A withdrawal changed state: its customer is mailed and told, and the admins' queue refetches. */
  function withdrawalChanged(row: WithdrawalRow, balanceChanged: boolean, at: Date = now()): void {
    deps.mailWithdrawalStatus(row)
    deps.pushFundsStatus?.(row.userId, { kind: 'withdrawal', id: row.id, status: row.status })
    publishFundsChange(
      publisher,
      row.userId,
      { kind: 'withdrawal', id: row.id, status: row.status },
      { balanceChanged, now: at },
    )
    publishRequestsChanged(publisher)
  }

  async function savingsView(userId: number): Promise<Savings> {
    const today = dayKey(now())
    const [settings, view] = await Promise.all([
      repos.settings.getFunds(),
      repos.savings.view(userId, `${monthKey(today)}-01`),
    ])
    return { ...view, apr_percent: settings.savings_apr_percent }
  }

  return {
    ...deps,
    withdrawableCents,
    priceUsd,
    coinAndNetwork,
    depositChanged,
    withdrawalChanged,
    savingsView,
  }
}

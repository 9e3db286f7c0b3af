// The cashier (decision 0019): decides what the funds routes answer, as the trade engine does for orders. Cards go
// through the PaymentProvider seam, transfers through the sandbox chain, wires through the request queue; every
// refusal is a 4xx with a sentence; withdrawals and moves to savings are checked against "withdrawable now" at the
// trade engine's prices under the customer's row lock (repositories). Events leave after the commit.
import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import {
  AUDIT_ACTIONS,
  CRYPTO_COINS,
  DEPOSIT_MESSAGES,
  findCoin,
  findNetwork,
  FUNDS_ADMIN_MESSAGES,
  heldLimit,
  MAX_MONEY_USD,
  REQUIRED_CONFIRMATIONS,
  SAVINGS_MESSAGES,
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_MIN_VERIFICATION_LEVEL,
  type CryptoCoin,
  type Deposit,
  type FundsOptions,
  type FundsSettings,
  type FundsSummary,
  type Limit,
  type Savings,
  type Withdrawal,
  type WithdrawalRequestSchema,
} from '../../src/domain/contract'
import {
  cardBrand,
  cardDigits,
  cardNumberProblem,
  cvcProblem,
  expiryProblem,
  maskedCard,
  parseExpiry,
} from '../../src/domain/funds/card'
import { isValidAddress } from '../../src/domain/funds/crypto-address'
import { dailyAccrualCents, dayKey, monthKey } from '../../src/domain/funds/savings-accrual'
import { withdrawableNow } from '../../src/domain/funds/withdrawable'
import { loggableError } from '../lib/loggable-error'
import { moneyToCents, moneyToJson } from '../lib/money'
import type { Prices } from '../realtime'
import type { Publisher } from '../realtime/publisher'
import { publishRequestsChanged } from '../realtime/user-events'
import type { Repositories } from '../repositories'
import { recordAudit, type AuditActor } from '../repositories/audit'
import { toDeposit, type DepositRow } from '../repositories/deposits'
import type { Position } from '../repositories/trades'
import { toWithdrawal, type WithdrawalTarget } from '../repositories/withdrawals'
import type { TradeEngine } from '../trading/engine'
import { cryptoDestination, deriveDepositAddress, randomTxHash } from './crypto-addresses'
import { publishFundsChange } from './events'
import { formatDollars } from './format'
import { eachRowOnItsOwn, logRowFailure, ROW_TRIES_BEFORE_SET_ASIDE, setAsideReason } from './set-aside'
import type { WithdrawalStatusMailer } from './withdrawal-mail'
import type { PaymentProvider } from './payment-provider'

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

/** More open positions than any account holds in practice (the trade engine's own figure). */
const OPEN_POSITIONS_LIMIT = 1_000

export type FieldErrors = Record<string, string[]>
export type Refusal = {
  ok: false
  statusCode: 402 | 403 | 404 | 409 | 422 | 502
  message: string
  errors?: FieldErrors
}
export type Answer<T> = { ok: true; statusCode: 200 | 201 | 202; message: string; data: T } | Refusal

const refuse = (statusCode: Refusal['statusCode'], message: string, field?: string): Refusal => ({
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
function limitProblem(amountUsd: string, limit: Limit, what: string): string | undefined {
  const cents = moneyToCents(amountUsd)
  const min = heldLimit(limit.min, 0)
  const max = heldLimit(limit.max, MAX_MONEY_USD)
  if (cents < BigInt(Math.round(min * 100)) || cents > BigInt(Math.round(max * 100))) {
    return `${what} must be from ${formatDollars(min)} to ${formatDollars(max)}.`
  }
  return undefined
}

/** sha256 of a validated request, keys sorted: a retry under the same Idempotency-Key must send it again. */
function requestHash(body: object): string {
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
  now: () => Date
  log: FastifyBaseLogger
}

export type Cashier = ReturnType<typeof createCashier>

export function createCashier(deps: CashierDependencies) {
  const { repos, prices, publisher, trading, provider, now, log } = deps

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

  /** One day's interest for every saver at the settings' rate (none at 0 %); answers the accruals added. */
  async function accrueSavings(today: string, at: Date): Promise<number> {
    const { savings_apr_percent: aprPercent } = await repos.settings.getFunds()
    if (aprPercent <= 0) return 0
    return repos.savings.accrue(
      today,
      aprPercent,
      (balanceUsd) => dailyAccrualCents(Number(balanceUsd), aprPercent),
      at,
    )
  }

  function depositChanged(row: DepositRow): void {
    publishFundsChange(
      publisher,
      row.userId,
      { kind: 'deposit', id: row.id, status: row.status },
      { balanceChanged: row.status === 'completed', now: now() },
    )
  }

  /** How a card deposit's state answers: credited, waiting for 3-D Secure or in flight, or failed. */
  function cardAnswer(row: DepositRow, created: boolean): Answer<Deposit> {
    const data = toDeposit(row)
    switch (row.status) {
      case 'completed':
        return { ok: true, statusCode: created ? 201 : 200, message: DEPOSIT_MESSAGES.COMPLETED, data }
      case 'pending':
        return {
          ok: true,
          statusCode: 202,
          message:
            row.nextAction === 'three_ds' ? DEPOSIT_MESSAGES.THREE_DS_REQUIRED : CASHIER_MESSAGES.PROCESSING,
          data,
        }
      default:
        return refuse(402, row.failureReason ?? DEPOSIT_MESSAGES.DECLINED)
    }
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
    provider,

    async options(): Promise<FundsOptions> {
      const settings = await repos.settings.getFunds()
      return {
        ...settings,
        coins: CRYPTO_COINS.map((coin) => ({
          slug: coin.slug,
          code: coin.code,
          name: coin.name,
          minimum: coin.minimum,
          networks: coin.networks.map((network) => ({ id: network.id, name: network.name })),
        })),
        required_confirmations: REQUIRED_CONFIRMATIONS,
      }
    },

    async summary(userId: number): Promise<FundsSummary | undefined> {
      const user = await repos.users.findById(userId)
      if (!user) return undefined
      const [account, open, reservedUsd] = await Promise.all([
        trading.accountAtMarket(userId, user.balanceUsd),
        repos.trades.page(userId, 'open', 1, OPEN_POSITIONS_LIMIT),
        repos.withdrawals.reservedUsd(userId),
      ])
      const balance = moneyToJson(user.balanceUsd)
      // From the unrounded figures, as the withdrawal's own check computes it: the figure shown is always accepted.
      const { withdrawable } = withdrawableCents({
        balanceUsd: user.balanceUsd,
        openPositions: open.positions,
      })
      return {
        balance,
        equity: account.equity,
        margin: account.margin,
        free_margin: account.free_margin,
        reserved: moneyToJson(reservedUsd),
        savings: moneyToJson(user.savingsBalanceUsd),
        withdrawable,
      }
    },

    /** POST /funds/deposits/card: checked like the form, charged once per key, credited at once or after 3DS. */
    async cardDeposit(
      userId: number,
      body: { card_number: string; expiry: string; cvc: string; name: string; amount: string },
      idempotencyKey: string,
    ): Promise<Answer<Deposit>> {
      const errors: FieldErrors = {}
      const numberProblem = cardNumberProblem(body.card_number)
      if (numberProblem) errors.card_number = [numberProblem]
      const expiryIssue = expiryProblem(body.expiry, now())
      if (expiryIssue) errors.expiry = [expiryIssue]
      const brand = cardBrand(body.card_number)
      const cvcIssue = cvcProblem(body.cvc, brand)
      if (cvcIssue) errors.cvc = [cvcIssue]
      const settings = await repos.settings.getFunds()
      const amountIssue = limitProblem(body.amount, settings.limits.card, 'Card deposits')
      if (amountIssue) errors.amount = [amountIssue]
      const [first] = Object.values(errors).flat()
      if (first !== undefined) return { ok: false, statusCode: 422, message: first, errors }

      const expiry = parseExpiry(body.expiry)
      if (!expiry) return refuse(422, 'Enter the expiry as MM/YY', 'expiry')
      const digits = cardDigits(body.card_number)
      const { created, row } = await repos.deposits.startCard({
        userId,
        amountUsd: body.amount,
        brand: brand ?? 'card',
        last4: digits.slice(-4),
        expMonth: expiry.month,
        expYear: expiry.year,
        idempotencyKey,
        now: now(),
      })
      if (!created) {
        const same =
          moneyToCents(row.amountUsd) === moneyToCents(body.amount) &&
          row.cardLast4 === digits.slice(-4) &&
          row.cardExpMonth === expiry.month &&
          row.cardExpYear === expiry.year
        return same ? cardAnswer(row, false) : refuse(422, CASHIER_MESSAGES.KEY_REUSED, 'Idempotency-Key')
      }

      let outcome: Awaited<ReturnType<PaymentProvider['charge']>>
      try {
        outcome = await provider.charge({
          number: digits,
          expMonth: expiry.month,
          expYear: expiry.year,
          cvc: body.cvc.trim(),
          name: body.name,
          amountUsd: body.amount,
          reference: row.reference,
        })
      } catch (error) {
        // The provider's own error may quote the request: only its kind is logged.
        log.error(
          {
            depositId: row.id,
            provider: provider.name,
            err: { name: error instanceof Error ? error.name : 'unknown' },
          },
          'card charge failed',
        )
        const failed = await repos.deposits.settleCharge(
          row.id,
          { status: 'declined', message: CASHIER_MESSAGES.PROVIDER_FAILED },
          now(),
        )
        if (failed) depositChanged(failed)
        return refuse(502, CASHIER_MESSAGES.PROVIDER_FAILED)
      }
      const settled = await repos.deposits.settleCharge(row.id, outcome, now())
      if (!settled) throw new Error(`card deposit ${row.id} was settled by someone else while charging`)
      depositChanged(settled)
      return cardAnswer(settled, true)
    },

    /** POST /funds/deposits/{id}/three-ds: the cardholder's 3-D Secure step, passed or failed. */
    async threeDs(userId: number, id: number, approve: boolean): Promise<Answer<Deposit>> {
      const row = await repos.deposits.findOwned(userId, id)
      if (!row) return refuse(404, CASHIER_MESSAGES.DEPOSIT_NOT_FOUND)
      if (row.status !== 'pending' || row.nextAction !== 'three_ds') {
        return refuse(409, CASHIER_MESSAGES.NOT_WAITING_FOR_THREE_DS)
      }
      const outcome = await provider.confirmAction(row.reference, approve)
      const settled = await repos.deposits.settleThreeDs(id, outcome, now())
      if (!settled) return refuse(409, CASHIER_MESSAGES.NOT_WAITING_FOR_THREE_DS)
      depositChanged(settled)
      if (settled.status === 'completed') {
        return { ok: true, statusCode: 200, message: DEPOSIT_MESSAGES.COMPLETED, data: toDeposit(settled) }
      }
      return refuse(402, settled.failureReason ?? DEPOSIT_MESSAGES.THREE_DS_FAILED)
    },

    async cryptoAddress(userId: number, coinSlug: string, networkId: string) {
      const pair = coinAndNetwork(coinSlug, networkId)
      if (!pair) return refuse(422, CASHIER_MESSAGES.NETWORK_NOT_OFFERED, 'network')
      const { coin, network } = pair
      const address = await repos.deposits.cryptoAddress(userId, coin.slug, network.id, () =>
        deriveDepositAddress(deps.addressSecret, userId, coin.slug, network),
      )
      return {
        ok: true as const,
        data: {
          coin: coin.slug,
          network: network.id,
          address,
          minimum: coin.minimum,
          required_confirmations: REQUIRED_CONFIRMATIONS,
        },
      }
    },

    async wireIntent(userId: number): Promise<{ reference: string; bank: FundsSettings['bank'] }> {
      const [reference, settings] = await Promise.all([
        repos.deposits.createWireIntent(userId, now()),
        repos.settings.getFunds(),
      ])
      return { reference, bank: settings.bank }
    },

    /** POST /funds/deposits/wire: 'I have sent the transfer'; the back office approves it when it arrives. */
    async wireDeposit(userId: number, reference: string, amountUsd: string): Promise<Answer<Deposit>> {
      const settings = await repos.settings.getFunds()
      const amountIssue = limitProblem(amountUsd, settings.limits.wire, 'Bank wires')
      if (amountIssue) return refuse(422, amountIssue, 'amount')
      const result = await repos.deposits.createWireDeposit(userId, reference, amountUsd, now())
      if (result.kind === 'unknown') return refuse(422, DEPOSIT_MESSAGES.UNKNOWN_REFERENCE, 'reference')
      if (result.kind === 'created') {
        depositChanged(result.row)
        publishRequestsChanged(publisher)
      }
      return {
        ok: true,
        statusCode: result.kind === 'created' ? 201 : 200,
        message: DEPOSIT_MESSAGES.WIRE_PENDING,
        data: toDeposit(result.row),
      }
    },

    /** POST /funds/withdrawals: held at once if it fits what can be withdrawn now, then in review. */
    async withdraw(
      userId: number,
      body: z.infer<typeof WithdrawalRequestSchema>,
      idempotencyKey: string,
    ): Promise<Answer<Withdrawal>> {
      const settings = await repos.settings.getFunds()
      const amountIssue = limitProblem(body.amount, settings.limits.withdrawal, 'Withdrawals')
      if (amountIssue) return refuse(422, amountIssue, 'amount')
      // Know your customer before money leaves (decision 0020): an approved identity document, front and back.
      if ((await repos.verification.levelOf(userId, now())) < WITHDRAWAL_MIN_VERIFICATION_LEVEL) {
        return refuse(403, WITHDRAWAL_MESSAGES.NEEDS_VERIFICATION)
      }

      let target: WithdrawalTarget
      let destination: string
      switch (body.method) {
        case 'card': {
          const card = await repos.withdrawals.cardOfDeposit(userId, body.card_deposit_id)
          if (!card) return refuse(422, WITHDRAWAL_MESSAGES.UNKNOWN_CARD, 'card_deposit_id')
          target = { method: 'card', cardDepositId: body.card_deposit_id }
          destination = maskedCard(card.brand, card.last4)
          break
        }
        case 'crypto': {
          const pair = coinAndNetwork(body.coin, body.network)
          if (!pair) return refuse(422, CASHIER_MESSAGES.NETWORK_NOT_OFFERED, 'network')
          if (!isValidAddress(pair.network.format, body.address)) {
            return refuse(422, WITHDRAWAL_MESSAGES.BAD_ADDRESS, 'address')
          }
          target = { method: 'crypto', coin: pair.coin.slug, network: pair.network.id, address: body.address }
          destination = cryptoDestination(pair.coin, pair.network, body.address)
          break
        }
        case 'bank': {
          const iban = body.bank.iban.replace(/\s+/g, '').toUpperCase()
          target = {
            method: 'bank',
            holder: body.bank.holder,
            iban,
            bic: body.bank.bic.toUpperCase(),
            bankName: body.bank.bank_name,
          }
          destination = `Bank ••••${iban.slice(-4)}`
          break
        }
      }

      let over: string | undefined
      const result = await repos.withdrawals.create(
        {
          userId,
          amountUsd: body.amount,
          target,
          destination,
          idempotencyKey,
          requestHash: requestHash(body),
          now: now(),
        },
        (account) => {
          if (account.status !== 'active') return CASHIER_MESSAGES.ACCOUNT_INACTIVE
          const { cents, withdrawable } = withdrawableCents(account)
          if (moneyToCents(body.amount) > cents) {
            over = `${WITHDRAWAL_MESSAGES.OVER_WITHDRAWABLE} You can withdraw at most ${formatDollars(withdrawable)} now.`
            return over
          }
          return undefined
        },
      )
      switch (result.kind) {
        case 'key_reused':
          return refuse(422, CASHIER_MESSAGES.KEY_REUSED, 'Idempotency-Key')
        case 'refused':
          return refuse(422, result.message, over === undefined ? undefined : 'amount')
        case 'replayed':
          return {
            ok: true as const,
            statusCode: 200 as const,
            message: WITHDRAWAL_MESSAGES.REQUESTED,
            data: toWithdrawal(result.row),
          }
        case 'created': {
          const { row } = result
          deps.mailWithdrawalStatus(row)
          publishFundsChange(
            publisher,
            userId,
            { kind: 'withdrawal', id: row.id, status: row.status },
            { balanceChanged: true, now: now() },
          )
          publishRequestsChanged(publisher)
          return {
            ok: true as const,
            statusCode: 201 as const,
            message: WITHDRAWAL_MESSAGES.REQUESTED,
            data: toWithdrawal(row),
          }
        }
      }
    },

    async cancelWithdrawal(userId: number, id: number): Promise<Answer<Withdrawal>> {
      const row = await repos.withdrawals.cancel(userId, id, now())
      if (!row) {
        const existing = await repos.withdrawals.find(id, userId)
        return existing
          ? refuse(409, WITHDRAWAL_MESSAGES.NOT_CANCELLABLE)
          : refuse(404, CASHIER_MESSAGES.WITHDRAWAL_NOT_FOUND)
      }
      deps.mailWithdrawalStatus(row)
      publishFundsChange(
        publisher,
        userId,
        { kind: 'withdrawal', id: row.id, status: row.status },
        { balanceChanged: true, now: now() },
      )
      publishRequestsChanged(publisher)
      return { ok: true, statusCode: 200, message: WITHDRAWAL_MESSAGES.CANCELLED, data: toWithdrawal(row) }
    },

    savings: savingsView,

    /** For the back office's approve and reject, which change a withdrawal outside the cashier. */
    mailWithdrawalStatus: deps.mailWithdrawalStatus,

    /** POST /funds/savings/transfers: in from what can be withdrawn now, out from savings (interest paid first). */
    async savingsTransfer(
      userId: number,
      body: { direction: 'in' | 'out'; amount: string },
      idempotencyKey: string,
    ): Promise<Answer<Savings>> {
      const result = await repos.savings.transfer(
        { userId, direction: body.direction, amountUsd: body.amount, idempotencyKey, now: now() },
        (account) => {
          if (account.status !== 'active') return CASHIER_MESSAGES.ACCOUNT_INACTIVE
          return moneyToCents(body.amount) > withdrawableCents(account).cents
            ? SAVINGS_MESSAGES.OVER_FREE_MARGIN
            : undefined
        },
        { overSavings: SAVINGS_MESSAGES.OVER_SAVINGS },
      )
      if (result.kind === 'key_reused') return refuse(422, CASHIER_MESSAGES.KEY_REUSED, 'Idempotency-Key')
      if (result.kind === 'refused') return refuse(422, result.message, 'amount')
      if (result.kind === 'moved') {
        publishFundsChange(
          publisher,
          userId,
          { kind: 'savings', id: null, status: body.direction },
          { balanceChanged: true, now: now() },
        )
      }
      const message = body.direction === 'in' ? SAVINGS_MESSAGES.MOVED_IN : SAVINGS_MESSAGES.MOVED_OUT
      return {
        ok: true,
        statusCode: result.kind === 'moved' ? 201 : 200,
        message,
        data: await savingsView(userId),
      }
    },

    /** The back office's "Simulate incoming transfer": a pending transfer on the customer's address, audited. */
    async simulateTransfer(
      actor: AuditActor,
      userId: number,
      body: { coin: string; network: string; coin_amount: string },
    ): Promise<Answer<Deposit>> {
      const user = await repos.users.findById(userId)
      if (!user) return refuse(404, CASHIER_MESSAGES.USER_NOT_FOUND)
      if (user.role !== 'customer') return refuse(422, FUNDS_ADMIN_MESSAGES.CUSTOMERS_ONLY)
      const pair = coinAndNetwork(body.coin, body.network)
      if (!pair) return refuse(422, CASHIER_MESSAGES.NETWORK_NOT_OFFERED, 'network')
      const { coin, network } = pair
      const price = await priceUsd(coin)
      if (price === null) return refuse(422, CASHIER_MESSAGES.NO_PRICE)
      const address = await repos.deposits.cryptoAddress(userId, coin.slug, network.id, () =>
        deriveDepositAddress(deps.addressSecret, userId, coin.slug, network),
      )
      const at = now()
      const draft = {
        userId,
        coin: coin.slug,
        network: network.id,
        address,
        coinAmount: body.coin_amount,
        priceUsd: price,
        txHash: randomTxHash(network),
        now: at,
        firstConfirmationAt: new Date(at.getTime() + deps.confirmationIntervalMs),
      }
      const created = await repos.deposits.createCryptoTransfer(draft, (tx, inserted) =>
        recordAudit(tx, actor, {
          action: AUDIT_ACTIONS.CRYPTO_TRANSFER_SIMULATED,
          targetUserId: userId,
          before: null,
          after: {
            deposit_id: inserted.id,
            coin: coin.slug,
            network: network.id,
            coin_amount: body.coin_amount,
            tx_hash: inserted.txHash,
          },
        }),
      )
      // Refused where it starts: a credit the balance column cannot hold would fail every pass of the chain.
      if (created.kind === 'too_large') return refuse(422, CASHIER_MESSAGES.TRANSFER_TOO_LARGE, 'coin_amount')
      const { row } = created
      depositChanged(row)
      return { ok: true, statusCode: 201, message: DEPOSIT_MESSAGES.TRANSFER_SENT, data: toDeposit(row) }
    },

    /** POST /admin/withdrawals/{id}/sent: approved to sent, once, audited; the customer is told. */
    async markSent(actor: AuditActor, id: number, payoutReference: string): Promise<Answer<Withdrawal>> {
      const at = now()
      const row = await repos.withdrawals.markSent(id, payoutReference, at, (tx, sent) =>
        recordAudit(tx, actor, {
          action: AUDIT_ACTIONS.WITHDRAWAL_SENT,
          targetUserId: sent.userId,
          before: { withdrawal_id: sent.id, status: 'approved' },
          after: { withdrawal_id: sent.id, status: 'sent', payout_reference: payoutReference },
        }),
      )
      if (!row) {
        const existing = await repos.withdrawals.find(id)
        return existing
          ? refuse(409, WITHDRAWAL_MESSAGES.NOT_SENDABLE)
          : refuse(404, FUNDS_ADMIN_MESSAGES.WITHDRAWAL_NOT_FOUND)
      }
      deps.mailWithdrawalStatus(row)
      publishFundsChange(
        publisher,
        row.userId,
        { kind: 'withdrawal', id: row.id, status: row.status },
        { balanceChanged: false, now: at },
      )
      publishRequestsChanged(publisher)
      return { ok: true, statusCode: 200, message: WITHDRAWAL_MESSAGES.SENT, data: toWithdrawal(row) }
    },

    /**
     * One pass of the sandbox chain: counts a confirmation of every transfer due, settling those that reach
     * REQUIRED_CONFIRMATIONS. Safe to run on several instances at once. Each transfer stands alone: one that fails
     * has the failure counted and, at ROW_TRIES_BEFORE_SET_ASIDE, is set aside as failed with its reason
     * (set-aside.ts). Answers the confirmations counted.
     */
    async confirmTransfers(limit = 100): Promise<number> {
      const at = now()
      let counted = 0
      await eachRowOnItsOwn(
        await repos.deposits.dueConfirmations(at, limit),
        async (row) => {
          const coin = row.cryptoCoin === null ? undefined : findCoin(row.cryptoCoin)
          if (!coin) return
          const step = await repos.deposits.confirmOnce(row, {
            now: at,
            nextAt: new Date(at.getTime() + deps.confirmationIntervalMs),
            priceUsd: await priceUsd(coin),
            minimum: coin.minimum,
            belowMinimumReason: DEPOSIT_MESSAGES.BELOW_MINIMUM,
          })
          if (!step) return
          counted += 1
          depositChanged(step.row)
        },
        async (row, error) => {
          const failed = await repos.deposits.countConfirmationFailure(
            row.id,
            ROW_TRIES_BEFORE_SET_ASIDE,
            setAsideReason('This transfer', error),
          )
          if (!failed) return
          const setAside = failed.status === 'failed'
          logRowFailure(log, 'the sandbox chain', { depositId: row.id }, error, {
            failures: failed.confirmationFailures,
            setAside,
          })
          if (setAside) depositChanged(failed)
        },
      )
      return counted
    },

    /**
     * The savings job for `at`'s UTC day: accrues the day's interest for every saver (once per day per customer,
     * however often it runs), then credits accruals of past months, each customer on their own: one whose credit
     * fails has it counted and, at ROW_TRIES_BEFORE_SET_ASIDE, those accruals set aside (set-aside.ts). A failed
     * accrual does not hold back the credits either. Answers what it did.
     */
    async runSavings(at: Date = now()): Promise<{ accrued: number; credited: number[] }> {
      const today = dayKey(at)
      const monthStart = `${monthKey(today)}-01`
      const accrued = await accrueSavings(today, at).catch((error: unknown) => {
        log.error(
          { err: loggableError(error) },
          'the savings job: the interest of the day could not be accrued',
        )
        return 0
      })
      const credited: number[] = []
      await eachRowOnItsOwn(
        await repos.savings.dueForCredit(monthStart),
        async (userId) => {
          if ((await repos.savings.creditPastMonths(userId, monthStart, at)) === 0n) return
          credited.push(userId)
          publishFundsChange(
            publisher,
            userId,
            { kind: 'savings', id: null, status: 'interest' },
            { balanceChanged: false, now: at },
          )
        },
        async (userId, error) => {
          const outcome = await repos.savings.countCreditFailure(
            userId,
            monthStart,
            ROW_TRIES_BEFORE_SET_ASIDE,
            setAsideReason('This interest', error),
          )
          logRowFailure(log, 'the savings job', { userId }, error, outcome)
        },
      )
      return { accrued, credited }
    },
  }
}

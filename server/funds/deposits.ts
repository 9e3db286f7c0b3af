// Deposits (decision 0019): cards through the PaymentProvider seam (charged once per Idempotency-Key, credited at
// once or after 3-D Secure), crypto through the sandbox chain (each customer's own derived address; the back office
// may simulate an incoming transfer), bank wires through the request queue. Events leave after the commit.
import {
  AUDIT_ACTIONS,
  DEPOSIT_MESSAGES,
  FUNDS_ADMIN_MESSAGES,
  REQUIRED_CONFIRMATIONS,
  type Deposit,
  type FundsSettings,
} from '../../src/domain/contract'
import {
  cardBrand,
  cardDigits,
  cardNumberProblem,
  cvcProblem,
  expiryProblem,
  parseExpiry,
} from '../../src/domain/funds/card'
import { moneyToCents } from '../lib/money'
import { publishRequestsChanged } from '../realtime/user-events'
import { recordAudit, type AuditActor } from '../repositories/audit'
import { toDeposit, type DepositRow } from '../repositories/deposits'
import {
  CASHIER_MESSAGES,
  limitProblem,
  refuse,
  type Answer,
  type CashierContext,
  type FieldErrors,
} from './cashier-context'
import { deriveDepositAddress, randomTxHash } from './crypto-addresses'
import type { PaymentProvider } from './payment-provider'

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

export function createDeposits(context: CashierContext) {
  const { repos, publisher, provider, now, log, coinAndNetwork, depositChanged, priceUsd } = context

  return {
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
        deriveDepositAddress(context.addressSecret, userId, coin.slug, network),
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
        deriveDepositAddress(context.addressSecret, userId, coin.slug, network),
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
        firstConfirmationAt: new Date(at.getTime() + context.confirmationIntervalMs),
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
  }
}

// Withdrawals (decision 0019): held at once if the amount fits what can be withdrawn now at the trade engine's
// prices (checked under the customer's row lock, repositories/withdrawals.ts), only for a verified customer (decision
// 0020), then in review in the request queue; cancelled by the customer while in review; marked sent by the back
// office once paid out. Every state is mailed to the customer (withdrawal-mail.ts) after its commit.
import type { z } from 'zod'
import {
  AUDIT_ACTIONS,
  FUNDS_ADMIN_MESSAGES,
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_MIN_VERIFICATION_LEVEL,
  type Withdrawal,
  type WithdrawalRequestSchema,
} from '../../src/domain/contract'
import { maskedCard } from '../../src/domain/funds/card'
import { isValidAddress } from '../../src/domain/funds/crypto-address'
import { moneyToCents } from '../lib/money'
import { recordAudit, type AuditActor } from '../repositories/audit'
import { toWithdrawal, type WithdrawalTarget } from '../repositories/withdrawals'
import {
  CASHIER_MESSAGES,
  limitProblem,
  refuse,
  requestHash,
  type Answer,
  type CashierContext,
  type Refusal,
} from './cashier-context'
import { cryptoDestination } from './crypto-addresses'
import { formatDollars } from './format'

type WithdrawalRequest = z.infer<typeof WithdrawalRequestSchema>

export function createWithdrawals(context: CashierContext) {
  const { repos, now, coinAndNetwork, withdrawableCents, withdrawalChanged } = context

  /** Where the money goes, as stored and as the customer reads it; or why it cannot go there. */
  async function targetOf(
    userId: number,
    body: WithdrawalRequest,
  ): Promise<{ target: WithdrawalTarget; destination: string } | Refusal> {
    switch (body.method) {
      case 'card': {
        const card = await repos.withdrawals.cardOfDeposit(userId, body.card_deposit_id)
        if (!card) return refuse(422, WITHDRAWAL_MESSAGES.UNKNOWN_CARD, 'card_deposit_id')
        return {
          target: { method: 'card', cardDepositId: body.card_deposit_id },
          destination: maskedCard(card.brand, card.last4),
        }
      }
      case 'crypto': {
        const pair = coinAndNetwork(body.coin, body.network)
        if (!pair) return refuse(422, CASHIER_MESSAGES.NETWORK_NOT_OFFERED, 'network')
        if (!isValidAddress(pair.network.format, body.address)) {
          return refuse(422, WITHDRAWAL_MESSAGES.BAD_ADDRESS, 'address')
        }
        return {
          target: { method: 'crypto', coin: pair.coin.slug, network: pair.network.id, address: body.address },
          destination: cryptoDestination(pair.coin, pair.network, body.address),
        }
      }
      case 'bank': {
        const iban = body.bank.iban.replace(/\s+/g, '').toUpperCase()
        return {
          target: {
            method: 'bank',
            holder: body.bank.holder,
            iban,
            bic: body.bank.bic.toUpperCase(),
            bankName: body.bank.bank_name,
          },
          destination: `Bank ••••${iban.slice(-4)}`,
        }
      }
    }
  }

  return {
    /** POST /funds/withdrawals: held at once if it fits what can be withdrawn now, then in review. */
    async withdraw(
      userId: number,
      body: WithdrawalRequest,
      idempotencyKey: string,
    ): Promise<Answer<Withdrawal>> {
      const settings = await repos.settings.getFunds()
      const amountIssue = limitProblem(body.amount, settings.limits.withdrawal, 'Withdrawals')
      if (amountIssue) return refuse(422, amountIssue, 'amount')
      // Know your customer before money leaves (decision 0020): an approved identity document, front and back.
      if ((await repos.verification.levelOf(userId, now())) < WITHDRAWAL_MIN_VERIFICATION_LEVEL) {
        return refuse(403, WITHDRAWAL_MESSAGES.NEEDS_VERIFICATION)
      }

      const where = await targetOf(userId, body)
      if ('ok' in where) return where
      const { target, destination } = where

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
          withdrawalChanged(row, true)
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
      withdrawalChanged(row, true)
      return { ok: true, statusCode: 200, message: WITHDRAWAL_MESSAGES.CANCELLED, data: toWithdrawal(row) }
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
      withdrawalChanged(row, false, at)
      return { ok: true, statusCode: 200, message: WITHDRAWAL_MESSAGES.SENT, data: toWithdrawal(row) }
    },
  }
}

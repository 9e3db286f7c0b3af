// Withdrawal status mails (decisions 0019 and 0020). Every state a withdrawal reaches is mailed to its
// customer, after the commit that made it: stuck withdrawals with no word from the broker are what customers
// complain of most, and the mail is the record they keep outside the app. Sending never fails the request that
// changed the state: the outbox mailer and SMTP both log and swallow their own errors, and so does the lookup here.
import type { FastifyBaseLogger } from 'fastify'
import { WITHDRAWAL_STATUS_LABELS } from '../../src/domain/funds/transaction-labels'
import type { Mailer } from '../mail/mailer'
import { withdrawalStatusMail } from '../mail/messages'
import type { Repositories } from '../repositories'
import type { WithdrawalRow } from '../repositories/withdrawals'

/** Mails the customer the withdrawal's state as the row now holds it; returns at once. */
export type WithdrawalStatusMailer = (row: WithdrawalRow) => void

export function createWithdrawalStatusMailer(deps: {
  mailer: Mailer
  repos: Pick<Repositories, 'users'>
  log: FastifyBaseLogger
}): WithdrawalStatusMailer {
  return (row) => {
    const send = async () => {
      const user = await deps.repos.users.findById(row.userId)
      if (!user) return
      await deps.mailer.send(
        withdrawalStatusMail({
          email: user.email,
          firstName: user.firstName,
          userId: user.id,
          status: WITHDRAWAL_STATUS_LABELS[row.status].toLowerCase(),
          amountUsd: row.amountUsd,
          reference: row.status === 'sent' && row.payoutReference ? row.payoutReference : row.reference,
          reason: row.status === 'rejected' ? row.decisionReason : null,
        }),
      )
    }
    send().catch((error: unknown) =>
      deps.log.warn({ err: error, withdrawalId: row.id }, 'withdrawal mail not sent'),
    )
  }
}

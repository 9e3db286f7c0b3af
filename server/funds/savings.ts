// Savings (decision 0019): money moved in from what can be withdrawn now (checked under the customer's row lock,
// repositories/savings.ts), out from savings with the interest paid first; once per Idempotency-Key.
import { SAVINGS_MESSAGES, type Savings } from '../../src/domain/contract'
import { moneyToCents } from '../lib/money'
import { CASHIER_MESSAGES, refuse, type Answer, type CashierContext } from './cashier-context'
import { publishFundsChange } from './events'

export function createSavings(context: CashierContext) {
  const { repos, publisher, now, withdrawableCents, savingsView } = context

  return {
    savings: savingsView,

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
  }
}

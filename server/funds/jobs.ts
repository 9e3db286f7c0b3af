// The cashier's jobs (decision 0019), run by funds/index.ts on the leader: the sandbox chain's confirmations of
// incoming crypto transfers, and the savings job (the day's interest, then past months credited). Each row stands
// alone: one that fails is counted and, at ROW_TRIES_BEFORE_SET_ASIDE, set aside with its reason (set-aside.ts).
import { DEPOSIT_MESSAGES, findCoin } from '../../src/domain/contract'
import { dailyAccrualCents, dayKey, monthKey } from '../../src/domain/funds/savings-accrual'
import { loggableError } from '../lib/loggable-error'
import type { CashierContext } from './cashier-context'
import { publishFundsChange } from './events'
import { eachRowOnItsOwn, logRowFailure, ROW_TRIES_BEFORE_SET_ASIDE, setAsideReason } from './set-aside'

export function createFundsJobs(context: CashierContext) {
  const { repos, publisher, now, log, priceUsd, depositChanged } = context

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

  return {
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
            nextAt: new Date(at.getTime() + context.confirmationIntervalMs),
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

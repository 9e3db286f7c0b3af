// The cashier (decision 0019): decides what the funds routes answer, as the trade engine does for orders. Cards go
// through the PaymentProvider seam, transfers through the sandbox chain, wires through the request queue; every
// refusal is a 4xx with a sentence; withdrawals and moves to savings are checked against "withdrawable now" at the
// trade engine's prices under the customer's row lock (repositories). Events leave after the commit. Built from its
// parts, one module each: deposits.ts, withdrawals.ts, savings.ts and jobs.ts, over cashier-context.ts.
import {
  CRYPTO_COINS,
  REQUIRED_CONFIRMATIONS,
  type FundsOptions,
  type FundsSummary,
} from '../../src/domain/contract'
import { moneyToJson } from '../lib/money'
import { createCashierContext, type CashierDependencies } from './cashier-context'
import { createDeposits } from './deposits'
import { createFundsJobs } from './jobs'
import { createSavings } from './savings'
import { createWithdrawals } from './withdrawals'

export {
  CASHIER_MESSAGES,
  type Answer,
  type CashierDependencies,
  type FieldErrors,
  type Refusal,
} from './cashier-context'

/** More open positions than any account holds in practice (the trade engine's own figure). */
const OPEN_POSITIONS_LIMIT = 1_000

export type Cashier = ReturnType<typeof createCashier>

export function createCashier(deps: CashierDependencies) {
  const context = createCashierContext(deps)
  const { repos, trading, withdrawableCents } = context

  return {
    provider: deps.provider,

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

    ...createDeposits(context),
    ...createWithdrawals(context),
    ...createSavings(context),
    ...createFundsJobs(context),

    /** For the back office's approve and reject, which change a withdrawal outside the cashier. */
    mailWithdrawalStatus: deps.mailWithdrawalStatus,
  }
}

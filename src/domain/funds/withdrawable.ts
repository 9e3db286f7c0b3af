// "Withdrawable now" (decision 0019): what a customer can take out at this moment, and what holds the rest back. The
// server answers the figure in GET /funds/summary at its own prices; the withdrawal page shows the same arithmetic
// with these helpers, so the two never disagree about the rule.
import type { FundsSummary } from '../contract/funds-summary'

export interface WithdrawableInput {
  /** The ledger balance, reserved withdrawals already taken out. */
  balance: number
  /** Balance plus open positions' P/L. */
  equity: number
  /** Margin held by open positions. */
  margin: number
}

const toCentsDown = (amountUsd: number) => Math.floor(Math.round(amountUsd * 1_000_000) / 10_000)

/**
 * max(0, min(balance, equity - margin)), rounded down to the cent: never more than the cash in the balance (an
 * unrealised gain is not cash), never more than the free margin (taking it would eat into the margin held by open
 * positions), and never a cent more than either, so a request for the figure shown is always accepted.
 */
export function withdrawableNow({ balance, equity, margin }: WithdrawableInput): number {
  const limit = Math.max(0, Math.min(balance, equity - margin))
  return toCentsDown(limit) / 100
}

/** What the figure is held back by: the balance itself, or the free margin (open positions losing or using it). */
export function withdrawableLimitedBy(input: WithdrawableInput): 'balance' | 'free_margin' {
  return input.equity - input.margin < input.balance ? 'free_margin' : 'balance'
}

export const WITHDRAWABLE_ROWS = {
  BALANCE: 'balance',
  MARGIN: 'margin',
  RESERVED: 'reserved',
  SAVINGS: 'savings',
} as const
export type WithdrawableRowKey = (typeof WITHDRAWABLE_ROWS)[keyof typeof WITHDRAWABLE_ROWS]

export interface WithdrawableRow {
  key: WithdrawableRowKey
  label: string
  amountUsd: number
  /** For people: why this line matters to the figure. */
  hint: string
}

export interface WithdrawableBreakdown {
  withdrawableUsd: number
  limitedBy: 'balance' | 'free_margin'
  rows: WithdrawableRow[]
}

/** The withdrawal page's breakdown: balance, margin in use, reserved and savings, with the figure they lead to. */
export function withdrawableBreakdown(summary: FundsSummary): WithdrawableBreakdown {
  const input = { balance: summary.balance, equity: summary.equity, margin: summary.margin }
  return {
    withdrawableUsd: withdrawableNow(input),
    limitedBy: withdrawableLimitedBy(input),
    rows: [
      {
        key: 'balance',
        label: 'Balance',
        amountUsd: summary.balance,
        hint: 'Cash on your trading account.',
      },
      {
        key: 'margin',
        label: 'Margin in use',
        amountUsd: summary.margin,
        hint: 'Held by your open positions until they close.',
      },
      {
        key: 'reserved',
        label: 'Reserved',
        amountUsd: summary.reserved,
        hint: 'Set aside for withdrawals under review; already out of the balance.',
      },
      {
        key: 'savings',
        label: 'Savings',
        amountUsd: summary.savings,
        hint: 'Move savings back to your balance to withdraw them.',
      },
    ],
  }
}

/** Whether an amount typed by the customer is more than they can withdraw now, compared in cents. */
export function exceedsWithdrawable(amountUsd: number, withdrawableUsd: number): boolean {
  return Math.round(amountUsd * 100) > Math.round(withdrawableUsd * 100)
}

// Moving money between the trading balance and savings (decision 0019): 'in' takes it from the free margin (never
// from money open positions hold, never an unrealised gain), 'out' brings savings back. The amount is checked against
// the most that can move now, with the server's own words, before anything is sent. In zod/mini, as the contracts the
// savings page loads for its first render (decision 0043).
import * as z from 'zod/mini'
import { SAVINGS_MESSAGES } from '../contract/savings'
import '../contract/zod-messages'
import { AMOUNT_FORMAT_MESSAGE, AMOUNT_POSITIVE_MESSAGE, parseMoneyText } from './withdrawal-form'
import { exceedsWithdrawable } from './withdrawable'

export type SavingsDirection = 'in' | 'out'

export const SAVINGS_AMOUNT_REQUIRED = 'Enter the amount to move'

/** Why this amount cannot move, or null when it can. `maxUsd`: free margin for 'in', the savings for 'out'. */
export function savingsAmountError(
  text: string,
  direction: SavingsDirection,
  maxUsd: number,
  formatUsd: (amountUsd: number) => string,
): string | null {
  if (text.trim() === '') return SAVINGS_AMOUNT_REQUIRED
  const amount = parseMoneyText(text)
  if (amount === null) return AMOUNT_FORMAT_MESSAGE
  if (amount <= 0) return AMOUNT_POSITIVE_MESSAGE
  if (!exceedsWithdrawable(amount, maxUsd)) return null
  const refusal = direction === 'in' ? SAVINGS_MESSAGES.OVER_FREE_MARGIN : SAVINGS_MESSAGES.OVER_SAVINGS
  return maxUsd > 0
    ? `${refusal} You can move at most ${formatUsd(maxUsd)}.`
    : `${refusal} There is nothing to move now.`
}

/** The move dialog's form: its amount by `savingsAmountError`, the wire amount (two decimals at most) out. */
export function savingsTransferFormSchema(
  direction: SavingsDirection,
  maxUsd: number,
  formatUsd: (amountUsd: number) => string,
) {
  return z.object({
    amount: z.pipe(
      z.string().check(
        z.superRefine((text, issues) => {
          const message = savingsAmountError(text, direction, maxUsd, formatUsd)
          if (message) issues.addIssue({ code: 'custom', message })
        }),
      ),
      z.transform((text: string) => String(parseMoneyText(text))),
    ),
  })
}

// Flexible savings (decision 0019): the balance, its rate and accruals, and the moves in from free margin and out.
// In zod/mini: the savings page loads it for its first render, and zod/mini builds schemas at import for less CPU than
// classic zod (decision 0043).
import * as z from 'zod/mini'
import { dataEnvelope } from './common'
import { PositiveMoneySchema } from './funds-common'
import './zod-messages'

/** POST /funds/savings/transfers, with an Idempotency-Key header: 'in' from free margin, 'out' back to it. */
export const SavingsTransferRequestSchema = z.strictObject({
  direction: z.enum(['in', 'out'], { message: "The direction must be 'in' or 'out'" }),
  amount: PositiveMoneySchema,
})
export const SavingsSchema = z.object({
  balance: z.number(),
  apr_percent: z.number(),
  /** Accrued since the last credit, not yet paid (paid monthly, or on a move out). */
  accrued_unpaid: z.number(),
  accrued_this_month: z.number(),
  accruals: z.array(z.object({ day: z.string(), amount: z.number(), credited: z.boolean() })),
})
export type Savings = z.infer<typeof SavingsSchema>
export const SavingsResponseSchema = dataEnvelope(SavingsSchema)
/** POST /funds/savings/transfers answers 201 (200 for a replayed key) with the savings after the move. */
export const SavingsTransferResponseSchema = z.object({ message: z.string(), data: SavingsSchema })
export const SAVINGS_MESSAGES = {
  MOVED_IN: 'Moved to savings.',
  MOVED_OUT: 'Moved back to your trading balance.',
  OVER_FREE_MARGIN: 'The amount is more than your free margin.',
  OVER_SAVINGS: 'The amount is more than your savings.',
} as const

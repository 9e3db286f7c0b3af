// A deposit by card (decision 0019): the card's details and amount, then the simulated 3-D Secure step. In zod/mini:
// the card deposit page loads it for its first render, and zod/mini builds schemas at import for less CPU than classic
// zod (decision 0043).
import * as z from 'zod/mini'
import { TextSchema } from './common'
import { PositiveMoneySchema } from './funds-common'
import './zod-messages'

/**
 * POST /funds/deposits/card, with an Idempotency-Key header. The number and CVC reach the payment provider only:
 * never stored, never logged (the server's logger redacts them).
 */
export const CardDepositRequestSchema = z.strictObject({
  card_number: TextSchema.check(z.trim(), z.maxLength(30)),
  /** MM/YY */
  expiry: TextSchema.check(z.trim(), z.maxLength(7)),
  cvc: TextSchema.check(z.trim(), z.maxLength(4)),
  name: TextSchema.check(z.trim(), z.minLength(1, 'Name on card is required'), z.maxLength(100)),
  amount: PositiveMoneySchema,
})
export type CardDepositRequest = z.input<typeof CardDepositRequestSchema>
/** POST /funds/deposits/{id}/three-ds: the simulated 3-D Secure step, passed or failed. */
export const ThreeDsRequestSchema = z.strictObject({ approve: z.boolean() })

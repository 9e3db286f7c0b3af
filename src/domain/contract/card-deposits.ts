// A deposit by card (decision 0019): the card's details and amount, then the simulated 3-D Secure step.
import { z } from 'zod'
import { TextSchema } from './common'
import { PositiveMoneySchema } from './funds-common'

/**
 * POST /funds/deposits/card, with an Idempotency-Key header. The number and CVC reach the payment provider only:
 * never stored, never logged (the server's logger redacts them).
 */
export const CardDepositRequestSchema = z
  .object({
    card_number: TextSchema.check(z.trim(), z.maxLength(30)),
    /** MM/YY */
    expiry: TextSchema.check(z.trim(), z.maxLength(7)),
    cvc: TextSchema.check(z.trim(), z.maxLength(4)),
    name: TextSchema.check(z.trim(), z.minLength(1, 'Name on card is required'), z.maxLength(100)),
    amount: PositiveMoneySchema,
  })
  .strict()
export type CardDepositRequest = z.input<typeof CardDepositRequestSchema>
/** POST /funds/deposits/{id}/three-ds: the simulated 3-D Secure step, passed or failed. */
export const ThreeDsRequestSchema = z.object({ approve: z.boolean() }).strict()

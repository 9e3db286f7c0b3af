// A deposit by bank wire (decision 0019): a reference for the transfer, then 'I have sent it', which the back office
// approves when the money arrives. In zod/mini: the wire deposit page loads it for its first render, and zod/mini builds
// schemas at import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import { dataEnvelope, TextSchema } from './common'
import { BankDetailsSchema, PositiveMoneySchema } from './funds-common'
import './zod-messages'

/** POST /funds/wire/intents: a unique reference for the transfer about to be made, with the broker's bank details. */
export const WireIntentResponseSchema = dataEnvelope(
  z.object({ reference: z.string(), bank: BankDetailsSchema }),
)
/** POST /funds/deposits/wire: 'I have sent the transfer'. A pending deposit the back office approves. */
export const WireDepositRequestSchema = z.strictObject({
  reference: TextSchema.check(z.trim(), z.minLength(1), z.maxLength(40)),
  amount: PositiveMoneySchema,
})

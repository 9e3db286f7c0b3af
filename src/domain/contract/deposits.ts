// A deposit, by card, crypto or bank wire (decision 0019): its record as the customer and the back office read it,
// the list, and what the cashier says of it. Each method's own requests are in card-deposits.ts, crypto-deposits.ts
// and wire-deposits.ts. In zod/mini: every cashier page loads it for its first render, and zod/mini builds schemas at
// import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import { CoinSlugSchema, NetworkIdSchema } from './funds-common'
import './zod-messages'

export const DEPOSIT_METHODS = ['card', 'crypto', 'wire'] as const
export const DepositMethodSchema = z.enum(DEPOSIT_METHODS)
export type DepositMethod = z.infer<typeof DepositMethodSchema>
/** pending (a wire awaiting the back office, a transfer confirming, a card awaiting 3-D Secure), then one of the rest. */
export const DEPOSIT_STATUSES = ['pending', 'completed', 'failed', 'rejected'] as const
export const DepositStatusSchema = z.enum(DEPOSIT_STATUSES)
export type DepositStatus = z.infer<typeof DepositStatusSchema>

export const CardSummarySchema = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.int(),
  exp_year: z.int(),
})
export type CardSummary = z.infer<typeof CardSummarySchema>

export const DepositSchema = z.object({
  id: z.int(),
  method: DepositMethodSchema,
  status: DepositStatusSchema,
  /** USD credited (or to be credited); for a transfer still confirming, its value at the price it was seen at. */
  amount: z.number(),
  /** Unique per deposit: DEP-…, the wire's WIRE-… reference, or the transfer's hash. */
  reference: z.string(),
  /** Why it failed or was rejected, for people. */
  failure_reason: z.nullable(z.string()),
  /** 'three_ds' while a card waits for its 3-D Secure step. */
  next_action: z.nullable(z.enum(['three_ds'])),
  card: z.nullable(CardSummarySchema),
  crypto: z.nullable(
    z.object({
      coin: CoinSlugSchema,
      network: NetworkIdSchema,
      address: z.string(),
      coin_amount: z.string(),
      tx_hash: z.string(),
      confirmations: z.int(),
      required_confirmations: z.int(),
    }),
  ),
  created_at: z.string(),
  completed_at: z.nullable(z.string()),
})
export type Deposit = z.infer<typeof DepositSchema>
export const DepositResponseSchema = z.object({ message: z.string(), data: DepositSchema })
/** GET /funds/deposits: the caller's deposits, newest first (the history page). */
export const DepositsResponseSchema = z.object({ data: z.array(DepositSchema) })

export const DEPOSIT_MESSAGES = {
  COMPLETED: 'Your deposit was successful.',
  DECLINED: 'Your card was declined.',
  THREE_DS_REQUIRED: 'Your bank asks you to confirm this payment.',
  THREE_DS_FAILED: 'The payment was not confirmed by your bank.',
  WIRE_PENDING: 'Thank you. Your deposit will be credited when the transfer arrives.',
  BELOW_MINIMUM: 'The transfer was below the minimum deposit and was not credited.',
  UNKNOWN_REFERENCE: 'This reference is unknown or has already been used.',
  TRANSFER_SENT: 'The transfer was sent to the customer’s address.',
} as const

// Withdrawals (decision 0019): to a card deposited with, a crypto address or a bank account, their funds reserved
// at request time; the back office approves, rejects or marks them sent. In zod/mini: the withdrawal and savings pages load it for their first render, and zod/mini builds schemas at
// import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import { serialIdNumber, TextSchema } from './common'
import { CoinSlugSchema, NetworkIdSchema, PositiveMoneySchema } from './funds-common'
import './zod-messages'

/**
 * A withdrawal's funds are held from the moment it is stored (in_review), which is its first state; the customer
 * may cancel it while in_review. Then approved, then sent (with the payout's reference); or rejected (with a
 * reason) or cancelled, both releasing the hold.
 */
export const WITHDRAWAL_STATUSES = ['in_review', 'approved', 'sent', 'rejected', 'cancelled'] as const
export const WithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES)
export type WithdrawalStatus = z.infer<typeof WithdrawalStatusSchema>
export const WITHDRAWAL_METHODS = ['card', 'crypto', 'bank'] as const
export const WithdrawalMethodSchema = z.enum(WITHDRAWAL_METHODS)
export type WithdrawalMethod = z.infer<typeof WithdrawalMethodSchema>

export const BankAccountSchema = z.object({
  holder: TextSchema.check(z.trim(), z.minLength(1, 'Account holder is required'), z.maxLength(120)),
  iban: TextSchema.check(
    z.trim(),
    z.minLength(1, 'IBAN or account number is required'),
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9 ]+$/, 'Letters and digits only'),
  ),
  bic: TextSchema.check(z.trim(), z.maxLength(20), z.regex(/^[A-Za-z0-9]*$/, 'Letters and digits only')),
  bank_name: TextSchema.check(z.trim(), z.minLength(1, 'Bank name is required'), z.maxLength(120)),
})

/** POST /funds/withdrawals, with an Idempotency-Key header. */
export const WithdrawalRequestSchema = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('card'),
    amount: PositiveMoneySchema,
    card_deposit_id: serialIdNumber(),
  }),
  z.strictObject({
    method: z.literal('crypto'),
    amount: PositiveMoneySchema,
    coin: CoinSlugSchema,
    network: NetworkIdSchema,
    address: TextSchema.check(z.trim(), z.minLength(1, 'Address is required'), z.maxLength(100)),
  }),
  z.strictObject({
    method: z.literal('bank'),
    amount: PositiveMoneySchema,
    bank: z.strictObject(BankAccountSchema.shape),
  }),
])
export type WithdrawalRequest = z.input<typeof WithdrawalRequestSchema>

export const WithdrawalSchema = z.object({
  id: z.int(),
  status: WithdrawalStatusSchema,
  method: WithdrawalMethodSchema,
  amount: z.number(),
  /** WD-… */
  reference: z.string(),
  /** Where the money goes, for people: 'Visa •••• 4242', 'USDT (TRC20) T9yD…', 'Bank ••••1234'. */
  destination: z.string(),
  /** The reason given by the back office for a rejection. */
  reason: z.nullable(z.string()),
  /** The payout's reference once sent. */
  payout_reference: z.nullable(z.string()),
  created_at: z.string(),
  decided_at: z.nullable(z.string()),
  sent_at: z.nullable(z.string()),
  cancelled_at: z.nullable(z.string()),
})
export type Withdrawal = z.infer<typeof WithdrawalSchema>
export const WithdrawalResponseSchema = z.object({ message: z.string(), data: WithdrawalSchema })
export const WithdrawalsResponseSchema = z.object({ data: z.array(WithdrawalSchema) })
/** POST /admin/withdrawals/{id}/sent: an approved withdrawal was paid out. */
export const WithdrawalSentRequestSchema = z.strictObject({
  payout_reference: TextSchema.check(
    z.trim(),
    z.minLength(1, 'The payout reference is required'),
    z.maxLength(100),
  ),
})

export const WITHDRAWAL_MESSAGES = {
  REQUESTED: 'Your withdrawal request was received. The amount is reserved while we review it.',
  CANCELLED: 'Your withdrawal was cancelled and the amount released.',
  NOT_CANCELLABLE: 'This withdrawal can no longer be cancelled.',
  NOT_SENDABLE: 'Only an approved withdrawal can be marked sent.',
  SENT: 'The withdrawal was marked sent.',
  /** Followed by the amount: 'You can withdraw at most $1,234.56 now.' */
  OVER_WITHDRAWABLE: 'The amount is more than you can withdraw now.',
  UNKNOWN_CARD: 'Withdrawals go back to a card you deposited with.',
  BAD_ADDRESS: 'This is not a valid address on the chosen network.',
  NEEDS_VERIFICATION:
    'Withdrawals need verification level 2: upload both sides of an identity document on the Verification page.',
} as const

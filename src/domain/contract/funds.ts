// The cashier's calls (decision 0019, docs/architecture.md#money-requests-files-and-mail): deposits by card, crypto
// and bank wire, withdrawals with their funds reserved at request time, the transactions list and statements, and
// flexible savings. Defined once for the server and the /main pages. Money is USD with two decimals on the wire as a
// number (the server computes it in numeric(18,2)); amounts sent by the client are strings or numbers with at most
// two decimals (MoneyAmountSchema's rule, positive here).
import { z } from 'zod'
import { CRYPTO_COIN_SLUGS, CRYPTO_NETWORK_IDS } from '../funds/crypto-coins'
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../funds/transaction-kinds'
import {
  BoundedDateSchema,
  dataEnvelope,
  decimalAmount,
  moneyAmount,
  moneyLimit,
  SerialIdSchema,
  serialIdNumber,
  TextSchema,
} from './common'

export const FUNDS_PAGE_SIZE = 25

// ---- what the cashier offers ----------------------------------------------------------------------------------

// The coins and networks (zod-free in ../funds/crypto-coins.ts, so a URL's schema can name them without this module).
export {
  CRYPTO_COIN_SLUGS,
  CRYPTO_COINS,
  CRYPTO_NETWORK_IDS,
  findCoin,
  findNetwork,
  REQUIRED_CONFIRMATIONS,
  type CryptoCoin,
  type CryptoNetwork,
} from '../funds/crypto-coins'

export const CoinSlugSchema = z.enum(CRYPTO_COIN_SLUGS, { message: 'Unknown coin' })
export const NetworkIdSchema = z.enum(CRYPTO_NETWORK_IDS, { message: 'Unknown network' })

export const LimitSchema = z.object({ min: z.number(), max: z.number() })
export type Limit = z.infer<typeof LimitSchema>

/** The broker's bank account for wires (site settings, `funds.bank`). */
export const BankDetailsSchema = z.object({
  beneficiary: z.string(),
  bank_name: z.string(),
  iban: z.string(),
  bic: z.string(),
  bank_address: z.string(),
})
export type BankDetails = z.infer<typeof BankDetailsSchema>

/**
 * The operator's funds settings, stored in site_settings under `funds` (never in the public GET /settings) and
 * changed with PATCH /admin/settings `{ funds: {...} }`.
 */
export const FundsSettingsSchema = z.object({
  bank: BankDetailsSchema,
  limits: z.object({ card: LimitSchema, wire: LimitSchema, withdrawal: LimitSchema }),
  /** Flexible savings' yearly rate in percent, accrued daily (act/365). */
  savings_apr_percent: z.number().min(0).max(100),
})
export type FundsSettings = z.infer<typeof FundsSettingsSchema>
/**
 * One method's bounds in a patch, each what an amount can be (moneyLimit): a larger one once made every deposit
 * fail. The route checks the merged minimum against the merged maximum (LIMITS_INVERTED).
 */
const limitPatch = (what: string) =>
  z
    .object({ min: moneyLimit(`${what} minimum`), max: moneyLimit(`${what} maximum`) })
    .partial()
    .strict()
export const FundsSettingsPatchSchema = z
  .object({
    bank: z
      .object({
        beneficiary: TextSchema.trim().max(200),
        bank_name: TextSchema.trim().max(200),
        iban: TextSchema.trim().max(64),
        bic: TextSchema.trim().max(20),
        bank_address: TextSchema.trim().max(400),
      })
      .partial()
      .strict(),
    limits: z
      .object({
        card: limitPatch('Card deposits'),
        wire: limitPatch('Bank wires'),
        withdrawal: limitPatch('Withdrawals'),
      })
      .partial()
      .strict(),
    savings_apr_percent: z
      .number()
      .min(0, 'The rate cannot be negative')
      .max(100, 'The rate is at most 100 %'),
  })
  .partial()
  .strict()

/** GET /funds/options: everything the cashier pages need to draw their forms. */
export const FundsOptionsSchema = FundsSettingsSchema.extend({
  coins: z.array(
    z.object({
      slug: CoinSlugSchema,
      code: z.string(),
      name: z.string(),
      minimum: z.string(),
      networks: z.array(z.object({ id: NetworkIdSchema, name: z.string() })),
    }),
  ),
  required_confirmations: z.number().int(),
})
export type FundsOptions = z.infer<typeof FundsOptionsSchema>
export const FundsOptionsResponseSchema = dataEnvelope(FundsOptionsSchema)

// ---- amounts ----------------------------------------------------------------------------------------------------

const MORE_THAN_ZERO = 'The amount must be more than zero'

/** "250", "250.5", 250.55: positive, at most two decimals, within numeric(18,2) (common.ts's moneyAmount). */
export const PositiveMoneySchema = moneyAmount().refine((value) => Number(value) > 0, MORE_THAN_ZERO)

/** Coin units: up to 8 decimals (the sandbox chain's transfers), within numeric(28,8). */
export const CoinAmountSchema = decimalAmount({
  wholeDigits: 10,
  decimals: 8,
  message: 'The amount must be a number with at most eight decimals',
}).refine((value) => Number(value) > 0, MORE_THAN_ZERO)

// ---- deposits ---------------------------------------------------------------------------------------------------

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
  exp_month: z.number().int(),
  exp_year: z.number().int(),
})
export type CardSummary = z.infer<typeof CardSummarySchema>

export const DepositSchema = z.object({
  id: z.number().int(),
  method: DepositMethodSchema,
  status: DepositStatusSchema,
  /** USD credited (or to be credited); for a transfer still confirming, its value at the price it was seen at. */
  amount: z.number(),
  /** Unique per deposit: DEP-…, the wire's WIRE-… reference, or the transfer's hash. */
  reference: z.string(),
  /** Why it failed or was rejected, for people. */
  failure_reason: z.string().nullable(),
  /** 'three_ds' while a card waits for its 3-D Secure step. */
  next_action: z.enum(['three_ds']).nullable(),
  card: CardSummarySchema.nullable(),
  crypto: z
    .object({
      coin: CoinSlugSchema,
      network: NetworkIdSchema,
      address: z.string(),
      coin_amount: z.string(),
      tx_hash: z.string(),
      confirmations: z.number().int(),
      required_confirmations: z.number().int(),
    })
    .nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
})
export type Deposit = z.infer<typeof DepositSchema>
export const DepositResponseSchema = z.object({ message: z.string(), data: DepositSchema })
/** GET /funds/deposits: the caller's deposits, newest first (the history page). */
export const DepositsResponseSchema = z.object({ data: z.array(DepositSchema) })

/**
 * POST /funds/deposits/card, with an Idempotency-Key header. The number and CVC reach the payment provider only:
 * never stored, never logged (the server's logger redacts them).
 */
export const CardDepositRequestSchema = z
  .object({
    card_number: TextSchema.trim().max(30),
    /** MM/YY */
    expiry: TextSchema.trim().max(7),
    cvc: TextSchema.trim().max(4),
    name: TextSchema.trim().min(1, 'Name on card is required').max(100),
    amount: PositiveMoneySchema,
  })
  .strict()
export type CardDepositRequest = z.input<typeof CardDepositRequestSchema>
/** POST /funds/deposits/{id}/three-ds: the simulated 3-D Secure step, passed or failed. */
export const ThreeDsRequestSchema = z.object({ approve: z.boolean() }).strict()

/** GET /funds/crypto/{coin}/{network}/address: the caller's stable address for this coin on this network. */
export const CryptoAddressParamsSchema = z.object({ coin: CoinSlugSchema, network: NetworkIdSchema })
export const CryptoAddressSchema = z.object({
  coin: CoinSlugSchema,
  network: NetworkIdSchema,
  address: z.string(),
  minimum: z.string(),
  required_confirmations: z.number().int(),
})
export const CryptoAddressResponseSchema = dataEnvelope(CryptoAddressSchema)

/** POST /funds/wire/intents: a unique reference for the transfer about to be made, with the broker's bank details. */
export const WireIntentResponseSchema = dataEnvelope(
  z.object({ reference: z.string(), bank: BankDetailsSchema }),
)
/** POST /funds/deposits/wire: 'I have sent the transfer'. A pending deposit the back office approves. */
export const WireDepositRequestSchema = z
  .object({ reference: TextSchema.trim().min(1).max(40), amount: PositiveMoneySchema })
  .strict()

/** POST /admin/users/{id}/crypto-transfers: the sandbox chain's "Simulate incoming transfer". */
export const SimulatedTransferRequestSchema = z
  .object({ coin: CoinSlugSchema, network: NetworkIdSchema, coin_amount: CoinAmountSchema })
  .strict()

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

// ---- withdrawals ------------------------------------------------------------------------------------------------

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
  holder: TextSchema.trim().min(1, 'Account holder is required').max(120),
  iban: TextSchema.trim()
    .min(1, 'IBAN or account number is required')
    .max(64)
    .regex(/^[A-Za-z0-9 ]+$/, 'Letters and digits only'),
  bic: TextSchema.trim()
    .max(20)
    .regex(/^[A-Za-z0-9]*$/, 'Letters and digits only'),
  bank_name: TextSchema.trim().min(1, 'Bank name is required').max(120),
})

/** POST /funds/withdrawals, with an Idempotency-Key header. */
export const WithdrawalRequestSchema = z.discriminatedUnion('method', [
  z
    .object({
      method: z.literal('card'),
      amount: PositiveMoneySchema,
      card_deposit_id: serialIdNumber(),
    })
    .strict(),
  z
    .object({
      method: z.literal('crypto'),
      amount: PositiveMoneySchema,
      coin: CoinSlugSchema,
      network: NetworkIdSchema,
      address: TextSchema.trim().min(1, 'Address is required').max(100),
    })
    .strict(),
  z
    .object({ method: z.literal('bank'), amount: PositiveMoneySchema, bank: BankAccountSchema.strict() })
    .strict(),
])
export type WithdrawalRequest = z.input<typeof WithdrawalRequestSchema>

export const WithdrawalSchema = z.object({
  id: z.number().int(),
  status: WithdrawalStatusSchema,
  method: WithdrawalMethodSchema,
  amount: z.number(),
  /** WD-… */
  reference: z.string(),
  /** Where the money goes, for people: 'Visa •••• 4242', 'USDT (TRC20) T9yD…', 'Bank ••••1234'. */
  destination: z.string(),
  /** The reason given by the back office for a rejection. */
  reason: z.string().nullable(),
  /** The payout's reference once sent. */
  payout_reference: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
})
export type Withdrawal = z.infer<typeof WithdrawalSchema>
export const WithdrawalResponseSchema = z.object({ message: z.string(), data: WithdrawalSchema })
export const WithdrawalsResponseSchema = z.object({ data: z.array(WithdrawalSchema) })
/** POST /admin/withdrawals/{id}/sent: an approved withdrawal was paid out. */
export const WithdrawalSentRequestSchema = z
  .object({ payout_reference: TextSchema.trim().min(1, 'The payout reference is required').max(100) })
  .strict()

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

/** GET /funds/summary: "withdrawable now" and what holds money back, at the server's prices. */
export const FundsSummarySchema = z.object({
  balance: z.number(),
  equity: z.number(),
  margin: z.number(),
  free_margin: z.number(),
  /** Held for withdrawals in review or approved (already out of the balance). */
  reserved: z.number(),
  /** Never counted as margin. */
  savings: z.number(),
  withdrawable: z.number(),
})
export type FundsSummary = z.infer<typeof FundsSummarySchema>
export const FundsSummaryResponseSchema = dataEnvelope(FundsSummarySchema)

// ---- transactions and statements ------------------------------------------------------------------------------

// The kinds, statuses and statement columns (zod-free in ../funds/transaction-kinds.ts, for the transactions
// page's URL schema).
export { STATEMENT_COLUMNS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../funds/transaction-kinds'
export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES)
export type TransactionType = z.infer<typeof TransactionTypeSchema>
export const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES)

// A real calendar day within the dates the database takes: 2025-02-30 and year 0 are refused here, not by it.
const DateParamSchema = BoundedDateSchema
export const TransactionsQuerySchema = z.object({
  type: TransactionTypeSchema.optional(),
  status: TransactionStatusSchema.optional(),
  /** Inclusive UTC days. */
  from: DateParamSchema.optional(),
  to: DateParamSchema.optional(),
  page: z.coerce.number({ message: 'The page must be a number' }).int().min(1).max(100_000).optional(),
})
export type TransactionsQuery = z.infer<typeof TransactionsQuerySchema>

/** One money movement as the customer sees it (trade P/L is in the trade history, not here). */
export const TransactionSchema = z.object({
  /** 'deposit:12', 'withdrawal:3', 'ledger:881': unique across the kinds listed together. */
  id: z.string(),
  type: TransactionTypeSchema,
  status: TransactionStatusSchema,
  /** Signed: money in is positive, out negative. */
  amount: z.number(),
  reference: z.string(),
  /** 'Visa •••• 4242', 'BTC (Bitcoin)', 'Bank wire', 'To savings'. */
  description: z.string(),
  created_at: z.string(),
})
export type Transaction = z.infer<typeof TransactionSchema>
export const TransactionsResponseSchema = z.object({
  data: z.array(TransactionSchema),
  meta: z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
})

export const StatementQuerySchema = z.object({
  from: DateParamSchema.optional(),
  to: DateParamSchema.optional(),
})
/** GET /funds/statement: the same rows for the printable statement. */
export const StatementSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  opening_balance: z.number(),
  closing_balance: z.number(),
  rows: z.array(
    z.object({
      date: z.string(),
      type: z.string(),
      reference: z.string(),
      amount: z.number(),
      balance_after: z.number(),
    }),
  ),
})
export type Statement = z.infer<typeof StatementSchema>
export const StatementResponseSchema = dataEnvelope(StatementSchema)

// ---- savings ------------------------------------------------------------------------------------------------------

/** POST /funds/savings/transfers, with an Idempotency-Key header: 'in' from free margin, 'out' back to it. */
export const SavingsTransferRequestSchema = z
  .object({
    direction: z.enum(['in', 'out'], { message: "The direction must be 'in' or 'out'" }),
    amount: PositiveMoneySchema,
  })
  .strict()
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

// ---- realtime ---------------------------------------------------------------------------------------------------

/**
 * On the customer's private-user channel: a deposit, withdrawal or savings move changed (a confirmation counted, a
 * decision made). Open cashier pages refetch; the balance follows user.updated as before.
 */
export const FUNDS_UPDATED_EVENT = 'funds.updated'
export const FundsUpdatedEventSchema = z.object({
  kind: z.enum(['deposit', 'withdrawal', 'savings']),
  id: z.number().int().nullable(),
  status: z.string().nullable(),
})
export type FundsUpdatedEvent = z.infer<typeof FundsUpdatedEventSchema>

export const FundsIdParamsSchema = z.object({ id: SerialIdSchema })

// ---- back office ------------------------------------------------------------------------------------------------

export const FUNDS_ADMIN_MESSAGES = {
  /** A merged limit whose minimum is above its maximum. */
  LIMITS_INVERTED: 'A minimum cannot be more than its maximum.',
  CUSTOMERS_ONLY: 'Only customer accounts have deposits.',
  WITHDRAWAL_NOT_FOUND: 'Withdrawal not found',
} as const

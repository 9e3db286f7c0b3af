// A customer's ledger (decision 0017, decision 0019): the kinds of balance movement and the accounts they move, one
// entry, and the back office's balance adjustment (POST /admin/users/{id}/adjustments). In zod/mini, as the cashier's
// other contracts (decision 0043); the adjustment's reason nests back-office-common's classic ReasonSchema, so the
// pages that load this module still load classic zod until that contract moves too.
import * as z from 'zod/mini'
import { ADJUSTMENT_KINDS } from '../back-office/codes'
import { REASON_REQUIRED, ReasonSchema } from './back-office-common'
import { moneyAmount } from './common'
import './zod-messages'

export const LEDGER_KINDS = [
  'trade_pnl',
  'ea_purchase',
  'negative_balance_protection',
  'adjustment',
  // The cashier (decision 0019): a deposit credited, a withdrawal's hold and its release, savings moves and interest.
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'savings_transfer',
  'savings_interest',
] as const
/** Which balance a ledger row moves: the trading balance (margin) or flexible savings (decision 0019). */
export const LEDGER_ACCOUNTS = ['trading', 'savings'] as const
export const LedgerAccountSchema = z.enum(LEDGER_ACCOUNTS)
export type LedgerAccount = z.infer<typeof LedgerAccountSchema>
// The codes are zod-free in ../back-office/codes.ts, for the back-office pages' URL schemas and labels.
export { ADJUSTMENT_KINDS } from '../back-office/codes'
export const AdjustmentKindSchema = z.enum(ADJUSTMENT_KINDS, {
  message: 'The kind must be deposit, withdrawal, credit or correction',
})
export type AdjustmentKind = z.infer<typeof AdjustmentKindSchema>

/** One movement of a customer's balance, with the balance it left. USD, two decimals. */
export const LedgerEntrySchema = z.object({
  id: z.int(),
  kind: z.string(),
  /** For an adjustment: deposit, withdrawal, credit or correction. */
  adjustment_kind: z.nullable(AdjustmentKindSchema),
  amount: z.number(),
  /** The balance of the row's account after it (the savings balance for a savings row). */
  balance_after: z.number(),
  reason: z.nullable(z.string()),
  trade_id: z.nullable(z.int()),
  /** Absent on servers before decision 0019: read as 'trading'. */
  account: z.optional(LedgerAccountSchema),
  created_at: z.string(),
})
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>

/** "-12.50", "500", 500, 0.1: signed, at most two decimals, never zero, within numeric(18,2). */
export const MoneyAmountSchema = moneyAmount(true).check(
  z.refine((value) => Number(value) !== 0, 'The amount cannot be zero'),
)

/** POST /admin/users/{id}/adjustments, with an Idempotency-Key header. */
export const AdjustmentRequestSchema = z
  .strictObject({
    amount: MoneyAmountSchema,
    kind: AdjustmentKindSchema,
    reason: ReasonSchema.check(z.minLength(1, REASON_REQUIRED)),
  })
  .check(
    z.superRefine((adjustment, context) => {
      const negative = adjustment.amount.startsWith('-')
      if ((adjustment.kind === 'deposit' || adjustment.kind === 'credit') && negative) {
        context.addIssue({ code: 'custom', message: 'A deposit or credit adds money.', path: ['amount'] })
      }
      if (adjustment.kind === 'withdrawal' && !negative) {
        context.addIssue({ code: 'custom', message: 'A withdrawal takes money out.', path: ['amount'] })
      }
    }),
  )
export type AdjustmentRequest = z.input<typeof AdjustmentRequestSchema>
export const ADJUSTMENT_MESSAGES = {
  DONE: 'The balance was adjusted.',
  BELOW_ZERO: 'This adjustment would take the balance below zero.',
} as const
export const AdjustmentResponseSchema = z.object({
  message: z.string(),
  data: z.object({ entry: LedgerEntrySchema, balance: z.number() }),
})

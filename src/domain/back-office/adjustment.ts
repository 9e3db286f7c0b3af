// A balance adjustment as the back office's dialog builds it (decision 0017): the admin types a positive figure for a
// deposit, withdrawal or credit and the kind gives it its sign (a withdrawal goes out negative on the wire, as
// AdjustmentRequestSchema wants); a correction may go either way, so it keeps the sign typed. The balance after
// is shown as the admin types, and a result below zero is refused before the server has to.
import { z } from 'zod'
import { ADJUSTMENT_KINDS, ADJUSTMENT_MESSAGES, type AdjustmentKind } from '../contract/ledger'
import { REASON_REQUIRED } from '../contract/back-office-common'
import { roundToCents } from '../trading/account-maths'

/** How each kind reads to people, in the order the dialog offers them (kept with the other labels). */
export { ADJUSTMENT_KIND_LABELS } from './labels'

export const ADJUSTMENT_FORM_MESSAGES = {
  AMOUNT_REQUIRED: 'Enter an amount.',
  AMOUNT_FORMAT: 'Enter an amount with at most two decimals, e.g. 250 or 1250.50.',
  AMOUNT_POSITIVE: 'Enter a positive amount: the kind decides whether money goes in or out.',
  AMOUNT_ZERO: 'The amount cannot be zero.',
  AMOUNT_TOO_LARGE: 'The amount is too large.',
  BELOW_ZERO: ADJUSTMENT_MESSAGES.BELOW_ZERO,
  REASON_REQUIRED,
  REASON_TOO_LONG: 'The reason must be at most 500 characters',
} as const

/** The kinds whose amount the admin types unsigned; the kind signs it. */
export const kindTakesUnsignedAmount = (kind: AdjustmentKind) => kind !== 'correction'

// At most twelve digits before the point (numeric(18,2)), two after; thousands separators are forgiven.
const AMOUNT_PATTERN = /^([-+])?(\d{1,12})(?:\.(\d{1,2}))?$/

export type ParsedAmount =
  | { ok: true; /** Signed by kind, two decimals: what goes on the wire. */ wire: string; amountUsd: number }
  | { ok: false; message: string }

/**
 * The amount as it goes on the wire for a kind: deposit and credit positive, withdrawal negative, correction as
 * typed. '250' as a withdrawal is '-250.00'; '-12.5' as a correction is '-12.50'. A sign typed for the other
 * kinds is refused rather than guessed at.
 */
export function signedAdjustmentAmount(kind: AdjustmentKind, typed: string): ParsedAmount {
  const text = typed.trim().replace(/,/g, '')
  if (text === '') return { ok: false, message: ADJUSTMENT_FORM_MESSAGES.AMOUNT_REQUIRED }
  const match = AMOUNT_PATTERN.exec(text)
  if (!match) {
    const tooLong = /^[-+]?\d{13,}(\.\d*)?$/.test(text)
    return {
      ok: false,
      message: tooLong ? ADJUSTMENT_FORM_MESSAGES.AMOUNT_TOO_LARGE : ADJUSTMENT_FORM_MESSAGES.AMOUNT_FORMAT,
    }
  }
  const [, sign, whole = '0', fraction = ''] = match
  if (sign && kindTakesUnsignedAmount(kind))
    return { ok: false, message: ADJUSTMENT_FORM_MESSAGES.AMOUNT_POSITIVE }
  const magnitude = `${String(Number(whole))}.${fraction.padEnd(2, '0')}`
  if (Number(magnitude) === 0) return { ok: false, message: ADJUSTMENT_FORM_MESSAGES.AMOUNT_ZERO }
  const negative = kind === 'withdrawal' || (kind === 'correction' && sign === '-')
  const wire = `${negative ? '-' : ''}${magnitude}`
  return { ok: true, wire, amountUsd: Number(wire) }
}

/** The balance the adjustment leaves, to the cent. */
export const balanceAfterAdjustment = (balanceUsd: number, signedAmountUsd: number) =>
  roundToCents(balanceUsd + signedAmountUsd)

/** The dialog's fields as typed. */
export const AdjustBalanceFormSchema = z.object({
  kind: z.enum(ADJUSTMENT_KINDS),
  amount: z.string(),
  reason: z
    .string()
    .trim()
    .min(1, ADJUSTMENT_FORM_MESSAGES.REASON_REQUIRED)
    .max(500, ADJUSTMENT_FORM_MESSAGES.REASON_TOO_LONG),
})
export type AdjustBalanceForm = z.infer<typeof AdjustBalanceFormSchema>

/**
 * The form's rules against the balance it adjusts: the amount must parse for its kind and must not take the
 * balance below zero (the server refuses that too, with the same sentence).
 */
export function adjustBalanceFormSchema(balanceUsd: number) {
  return AdjustBalanceFormSchema.superRefine((form, context) => {
    const parsed = signedAdjustmentAmount(form.kind, form.amount)
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: parsed.message, path: ['amount'] })
      return
    }
    if (balanceAfterAdjustment(balanceUsd, parsed.amountUsd) < 0) {
      context.addIssue({ code: 'custom', message: ADJUSTMENT_FORM_MESSAGES.BELOW_ZERO, path: ['amount'] })
    }
  })
}

/** What the dialog shows under the fields while the admin types: before, and after when the amount parses. */
export function adjustmentPreview(
  balanceUsd: number,
  kind: AdjustmentKind,
  typed: string,
): { beforeUsd: number; afterUsd: number | null; amountUsd: number | null } {
  const parsed = signedAdjustmentAmount(kind, typed)
  if (!parsed.ok) return { beforeUsd: balanceUsd, afterUsd: null, amountUsd: null }
  return {
    beforeUsd: balanceUsd,
    afterUsd: balanceAfterAdjustment(balanceUsd, parsed.amountUsd),
    amountUsd: parsed.amountUsd,
  }
}

// The balance adjustment's pure rules (decision 0017): the admin types a positive figure for a deposit, withdrawal or
// credit and the kind signs it on the wire; a correction keeps the sign typed; the balance after is shown to the
// cent and a result below zero is refused before the server has to.
import { describe, expect, it } from 'vitest'
import { ADJUSTMENT_MESSAGES, AdjustmentRequestSchema } from '../../../src/domain/contract/ledger'
import {
  ADJUSTMENT_FORM_MESSAGES,
  adjustBalanceFormSchema,
  adjustmentPreview,
  balanceAfterAdjustment,
  signedAdjustmentAmount,
} from '../../../src/domain/back-office/adjustment'

describe('signedAdjustmentAmount', () => {
  it('keeps a deposit and a credit positive, with two decimals', () => {
    expect(signedAdjustmentAmount('deposit', '500')).toEqual({ ok: true, wire: '500.00', amountUsd: 500 })
    expect(signedAdjustmentAmount('credit', '75.5')).toEqual({ ok: true, wire: '75.50', amountUsd: 75.5 })
  })

  it('sends a withdrawal typed as 250 as -250.00', () => {
    expect(signedAdjustmentAmount('withdrawal', '250')).toEqual({
      ok: true,
      wire: '-250.00',
      amountUsd: -250,
    })
  })

  it('lets a correction go either way, as typed', () => {
    expect(signedAdjustmentAmount('correction', '-12.5')).toEqual({
      ok: true,
      wire: '-12.50',
      amountUsd: -12.5,
    })
    expect(signedAdjustmentAmount('correction', '+3.07')).toEqual({ ok: true, wire: '3.07', amountUsd: 3.07 })
    expect(signedAdjustmentAmount('correction', '0.99')).toEqual({ ok: true, wire: '0.99', amountUsd: 0.99 })
  })

  it('forgives thousands separators and spaces', () => {
    expect(signedAdjustmentAmount('deposit', ' 1,250.40 ')).toEqual({
      ok: true,
      wire: '1250.40',
      amountUsd: 1250.4,
    })
  })

  it('refuses a sign on a deposit, withdrawal or credit rather than guessing what was meant', () => {
    for (const kind of ['deposit', 'withdrawal', 'credit'] as const) {
      expect(signedAdjustmentAmount(kind, '-100')).toEqual({
        ok: false,
        message: ADJUSTMENT_FORM_MESSAGES.AMOUNT_POSITIVE,
      })
    }
  })

  it('refuses an empty amount, zero, three decimals, letters and more than twelve digits', () => {
    expect(signedAdjustmentAmount('deposit', '')).toMatchObject({
      message: ADJUSTMENT_FORM_MESSAGES.AMOUNT_REQUIRED,
    })
    expect(signedAdjustmentAmount('deposit', '0.00')).toMatchObject({
      message: ADJUSTMENT_FORM_MESSAGES.AMOUNT_ZERO,
    })
    expect(signedAdjustmentAmount('deposit', '10.005')).toMatchObject({
      message: ADJUSTMENT_FORM_MESSAGES.AMOUNT_FORMAT,
    })
    expect(signedAdjustmentAmount('deposit', '12abc')).toMatchObject({
      message: ADJUSTMENT_FORM_MESSAGES.AMOUNT_FORMAT,
    })
    expect(signedAdjustmentAmount('deposit', '1234567890123')).toMatchObject({
      message: ADJUSTMENT_FORM_MESSAGES.AMOUNT_TOO_LARGE,
    })
  })

  it('produces exactly what the server accepts for each kind', () => {
    const cases = [
      ['deposit', '500'],
      ['withdrawal', '250'],
      ['credit', '75.5'],
      ['correction', '-12.5'],
    ] as const
    for (const [kind, typed] of cases) {
      const parsed = signedAdjustmentAmount(kind, typed)
      if (!parsed.ok) throw new Error(parsed.message)
      expect(AdjustmentRequestSchema.safeParse({ amount: parsed.wire, kind, reason: 'Test' }).success).toBe(
        true,
      )
    }
  })
})

describe('balance before and after', () => {
  it('adds to the cent without floating-point dust', () => {
    expect(balanceAfterAdjustment(10_000, 500)).toBe(10_500)
    expect(balanceAfterAdjustment(0.1, 0.2)).toBe(0.3)
    expect(balanceAfterAdjustment(1_234.56, -234.56)).toBe(1_000)
  })

  it('previews before and after as the admin types, and only before while the amount does not parse', () => {
    expect(adjustmentPreview(10_000, 'withdrawal', '2500')).toEqual({
      beforeUsd: 10_000,
      afterUsd: 7_500,
      amountUsd: -2_500,
    })
    expect(adjustmentPreview(10_000, 'deposit', '50')).toEqual({
      beforeUsd: 10_000,
      afterUsd: 10_050,
      amountUsd: 50,
    })
    expect(adjustmentPreview(10_000, 'deposit', '5.')).toEqual({
      beforeUsd: 10_000,
      afterUsd: null,
      amountUsd: null,
    })
  })
})

describe('the adjustment form', () => {
  it('needs a reason', () => {
    const result = adjustBalanceFormSchema(100).safeParse({ kind: 'deposit', amount: '10', reason: '   ' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      ADJUSTMENT_FORM_MESSAGES.REASON_REQUIRED,
    ])
  })

  it('refuses a withdrawal that would take the balance below zero, with the server’s sentence', () => {
    const schema = adjustBalanceFormSchema(300)
    const tooMuch = schema.safeParse({ kind: 'withdrawal', amount: '300.01', reason: 'Wire out' })
    expect(tooMuch.error?.issues).toEqual([
      expect.objectContaining({ path: ['amount'], message: ADJUSTMENT_MESSAGES.BELOW_ZERO }),
    ])
    expect(schema.safeParse({ kind: 'withdrawal', amount: '300', reason: 'Wire out' }).success).toBe(true)
  })
})

// The Settings page's Funds section (decision 0019): the form starts from the stored settings, refuses a minimum
// above its maximum, and saves only what changed as PATCH /admin/settings `{ funds }`.
import { describe, expect, it } from 'vitest'
import {
  FundsSettingsFormSchema,
  fundsSettingsFormValues,
  fundsSettingsPatch,
} from '../../../src/domain/back-office/funds-settings-form'
import type { FundsSettings } from '../../../src/domain/contract/funds-options'

const STORED: FundsSettings = {
  bank: {
    beneficiary: 'Example Markets Ltd',
    bank_name: 'Example Bank plc',
    iban: 'GB33BUKB20201555555555',
    bic: 'BUKBGB22',
    bank_address: '1 Example Street, London',
  },
  limits: {
    card: { min: 10, max: 10_000 },
    wire: { min: 100, max: 100_000 },
    withdrawal: { min: 10, max: 50_000 },
  },
  savings_apr_percent: 4.5,
}

describe('the funds settings form', () => {
  it('sends nothing when nothing changed', () => {
    const values = FundsSettingsFormSchema.parse(fundsSettingsFormValues(STORED))
    expect(fundsSettingsPatch(values, STORED)).toBeNull()
  })

  it('sends only the changed fields, numbers as numbers', () => {
    const form = fundsSettingsFormValues(STORED)
    form.bank.iban = ' DE89370400440532013000 '
    form.limits.withdrawal.max = '25000'
    form.savings_apr_percent = '3.75'
    expect(fundsSettingsPatch(FundsSettingsFormSchema.parse(form), STORED)).toEqual({
      bank: { iban: 'DE89370400440532013000' },
      limits: { withdrawal: { min: 10, max: 25_000 } },
      savings_apr_percent: 3.75,
    })
  })

  it('refuses a minimum above its maximum and a rate over 100 %', () => {
    const form = fundsSettingsFormValues(STORED)
    form.limits.card.min = '20000'
    form.savings_apr_percent = '101'
    const result = FundsSettingsFormSchema.safeParse(form)
    expect(result.success).toBe(false)
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(messages).toEqual([
      ['limits.card.min', 'A minimum cannot be more than its maximum.'],
      ['savings_apr_percent', 'The rate is at most 100 %'],
    ])
  })
})

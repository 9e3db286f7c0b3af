// The back office's Funds settings (decision 0019): the broker's bank details for wires, the minimum and maximum per
// method, and the savings rate, as the inputs hold them (text), checked by the contract's rules, and turned into
// the `funds` patch of PATCH /admin/settings holding only what changed.
import { z } from 'zod'
import { FUNDS_ADMIN_MESSAGES } from '../contract/funds-common'
import { type FundsSettings, type FundsSettingsPatchSchema } from '../contract/funds-options'

export const FUNDS_LIMIT_METHODS = ['card', 'wire', 'withdrawal'] as const
export type FundsLimitMethod = (typeof FUNDS_LIMIT_METHODS)[number]

export const FUNDS_LIMIT_LABELS: Readonly<Record<FundsLimitMethod, string>> = {
  card: 'Card deposits',
  wire: 'Bank wire deposits',
  withdrawal: 'Withdrawals',
}

export const BANK_FIELDS = [
  { name: 'beneficiary', label: 'Beneficiary', max: 200 },
  { name: 'bank_name', label: 'Bank name', max: 200 },
  { name: 'iban', label: 'IBAN', max: 64 },
  { name: 'bic', label: 'BIC / SWIFT', max: 20 },
  { name: 'bank_address', label: 'Bank address', max: 400 },
] as const
export type BankField = (typeof BANK_FIELDS)[number]['name']

const requiredText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `At most ${max} characters`)

const moneyText = z
  .string()
  .trim()
  .min(1, 'Enter an amount in USD')
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'A number in USD with at most two decimals')
  .transform(Number)

const limit = z
  .object({ min: moneyText, max: moneyText })
  .refine((value) => value.min <= value.max, { message: FUNDS_ADMIN_MESSAGES.LIMITS_INVERTED, path: ['min'] })

export const FundsSettingsFormSchema = z.object({
  bank: z.object({
    beneficiary: requiredText('Beneficiary', 200),
    bank_name: requiredText('Bank name', 200),
    iban: requiredText('IBAN', 64),
    bic: z.string().trim().max(20, 'At most 20 characters'),
    bank_address: z.string().trim().max(400, 'At most 400 characters'),
  }),
  limits: z.object({ card: limit, wire: limit, withdrawal: limit }),
  savings_apr_percent: z
    .string()
    .trim()
    .min(1, 'Enter the yearly rate, e.g. 4.5')
    .regex(/^\d{1,3}(\.\d{1,4})?$/, 'A percentage, e.g. 4.5')
    .transform(Number)
    .pipe(z.number().min(0, 'The rate cannot be negative').max(100, 'The rate is at most 100 %')),
})
export type FundsSettingsFormValues = z.input<typeof FundsSettingsFormSchema>
export type FundsSettingsFormOutput = z.output<typeof FundsSettingsFormSchema>

export function fundsSettingsFormValues(settings: FundsSettings): FundsSettingsFormValues {
  const limitText = (method: FundsLimitMethod) => ({
    min: String(settings.limits[method].min),
    max: String(settings.limits[method].max),
  })
  return {
    bank: { ...settings.bank },
    limits: { card: limitText('card'), wire: limitText('wire'), withdrawal: limitText('withdrawal') },
    savings_apr_percent: String(settings.savings_apr_percent),
  }
}

type FundsPatch = z.input<typeof FundsSettingsPatchSchema>

/** Only what differs from `baseline`; null when nothing does. */
export function fundsSettingsPatch(
  values: FundsSettingsFormOutput,
  baseline: FundsSettings,
): FundsPatch | null {
  const patch: FundsPatch = {}
  const bank: NonNullable<FundsPatch['bank']> = {}
  for (const { name } of BANK_FIELDS)
    if (values.bank[name] !== baseline.bank[name]) bank[name] = values.bank[name]
  if (Object.keys(bank).length > 0) patch.bank = bank
  const limits: NonNullable<FundsPatch['limits']> = {}
  for (const method of FUNDS_LIMIT_METHODS) {
    const next = values.limits[method]
    const before = baseline.limits[method]
    if (next.min !== before.min || next.max !== before.max) limits[method] = { min: next.min, max: next.max }
  }
  if (Object.keys(limits).length > 0) patch.limits = limits
  if (values.savings_apr_percent !== baseline.savings_apr_percent)
    patch.savings_apr_percent = values.savings_apr_percent
  return Object.keys(patch).length > 0 ? patch : null
}

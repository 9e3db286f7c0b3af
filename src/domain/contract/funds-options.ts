// What the cashier offers (decision 0019): the operator's funds settings (limits, the broker's bank, the savings
// rate), changed with PATCH /admin/settings, and GET /funds/options, everything the cashier pages need to draw their
// forms.
import { z } from 'zod'
import { dataEnvelope, moneyLimit, TextSchema } from './common'
import { BankDetailsSchema, CoinSlugSchema, NetworkIdSchema } from './funds-common'

export const LimitSchema = z.object({ min: z.number(), max: z.number() })
export type Limit = z.infer<typeof LimitSchema>

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
        beneficiary: TextSchema.check(z.trim(), z.maxLength(200)),
        bank_name: TextSchema.check(z.trim(), z.maxLength(200)),
        iban: TextSchema.check(z.trim(), z.maxLength(64)),
        bic: TextSchema.check(z.trim(), z.maxLength(20)),
        bank_address: TextSchema.check(z.trim(), z.maxLength(400)),
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

// What the cashier offers (decision 0019): the operator's funds settings (limits, the broker's bank, the savings
// rate), changed with PATCH /admin/settings, and GET /funds/options, everything the cashier pages need to draw their
// forms. In zod/mini: the card and wire deposit pages and the withdrawal page load it for their first render, and
// zod/mini builds schemas at import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import { dataEnvelope, moneyLimit, TextSchema } from './common'
import { BankDetailsSchema, CoinSlugSchema, NetworkIdSchema } from './funds-common'
import './zod-messages'

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
  savings_apr_percent: z.number().check(z.minimum(0), z.maximum(100)),
})
export type FundsSettings = z.infer<typeof FundsSettingsSchema>
/**
 * One method's bounds in a patch, each what an amount can be (moneyLimit): a larger one once made every deposit
 * fail. The route checks the merged minimum against the merged maximum (LIMITS_INVERTED).
 */
const limitPatch = (what: string) =>
  z.partial(z.strictObject({ min: moneyLimit(`${what} minimum`), max: moneyLimit(`${what} maximum`) }))
export const FundsSettingsPatchSchema = z.partial(
  z.strictObject({
    bank: z.partial(
      z.strictObject({
        beneficiary: TextSchema.check(z.trim(), z.maxLength(200)),
        bank_name: TextSchema.check(z.trim(), z.maxLength(200)),
        iban: TextSchema.check(z.trim(), z.maxLength(64)),
        bic: TextSchema.check(z.trim(), z.maxLength(20)),
        bank_address: TextSchema.check(z.trim(), z.maxLength(400)),
      }),
    ),
    limits: z.partial(
      z.strictObject({
        card: limitPatch('Card deposits'),
        wire: limitPatch('Bank wires'),
        withdrawal: limitPatch('Withdrawals'),
      }),
    ),
    savings_apr_percent: z
      .number()
      .check(z.minimum(0, 'The rate cannot be negative'), z.maximum(100, 'The rate is at most 100 %')),
  }),
)

/** GET /funds/options: everything the cashier pages need to draw their forms. */
export const FundsOptionsSchema = z.extend(FundsSettingsSchema, {
  coins: z.array(
    z.object({
      slug: CoinSlugSchema,
      code: z.string(),
      name: z.string(),
      minimum: z.string(),
      networks: z.array(z.object({ id: NetworkIdSchema, name: z.string() })),
    }),
  ),
  required_confirmations: z.int(),
})
export type FundsOptions = z.infer<typeof FundsOptionsSchema>
export const FundsOptionsResponseSchema = dataEnvelope(FundsOptionsSchema)

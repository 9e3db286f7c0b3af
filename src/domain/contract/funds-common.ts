// What several of the cashier's contracts share (decision 0019, docs/architecture.md#money-requests-files-and-mail):
// the coins and networks, the broker's bank details, the amounts a client sends, a deposit's or withdrawal's id in a
// path and the back office's funds messages. Money is USD with two decimals on the wire as a number (the server
// computes it in numeric(18,2)); amounts sent by the client are strings or numbers with at most two decimals
// (MoneyAmountSchema's rule, positive here). In zod/mini: every cashier page loads it for its first render, and zod/mini
// builds schemas at import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import { CRYPTO_COIN_SLUGS, CRYPTO_NETWORK_IDS } from '../funds/crypto-coins'
import { decimalAmount, moneyAmount, SerialIdSchema } from './common'
import './zod-messages'

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

/** The broker's bank account for wires (site settings, `funds.bank`). */
export const BankDetailsSchema = z.object({
  beneficiary: z.string(),
  bank_name: z.string(),
  iban: z.string(),
  bic: z.string(),
  bank_address: z.string(),
})
export type BankDetails = z.infer<typeof BankDetailsSchema>

// ---- amounts ----------------------------------------------------------------------------------------------------

const MORE_THAN_ZERO = 'The amount must be more than zero'

/** "250", "250.5", 250.55: positive, at most two decimals, within numeric(18,2) (common.ts's moneyAmount). */
export const PositiveMoneySchema = moneyAmount().check(z.refine((value) => Number(value) > 0, MORE_THAN_ZERO))

/** Coin units: up to 8 decimals (the sandbox chain's transfers), within numeric(28,8). */
export const CoinAmountSchema = decimalAmount({
  wholeDigits: 10,
  decimals: 8,
  message: 'The amount must be a number with at most eight decimals',
}).check(z.refine((value) => Number(value) > 0, MORE_THAN_ZERO))

export const FundsIdParamsSchema = z.object({ id: SerialIdSchema })

export const FUNDS_ADMIN_MESSAGES = {
  /** A merged limit whose minimum is above its maximum. */
  LIMITS_INVERTED: 'A minimum cannot be more than its maximum.',
  CUSTOMERS_ONLY: 'Only customer accounts have deposits.',
  WITHDRAWAL_NOT_FOUND: 'Withdrawal not found',
} as const

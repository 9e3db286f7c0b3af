// A deposit in crypto (decision 0019): the caller's address for a coin on a network, and the sandbox chain's
// simulated incoming transfer the back office sends to it. In zod/mini: the crypto deposit pages load it for their
// first render, and zod/mini builds schemas at import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import { dataEnvelope } from './common'
import { CoinAmountSchema, CoinSlugSchema, NetworkIdSchema } from './funds-common'
import './zod-messages'

/** GET /funds/crypto/{coin}/{network}/address: the caller's stable address for this coin on this network. */
export const CryptoAddressParamsSchema = z.object({ coin: CoinSlugSchema, network: NetworkIdSchema })
export const CryptoAddressSchema = z.object({
  coin: CoinSlugSchema,
  network: NetworkIdSchema,
  address: z.string(),
  minimum: z.string(),
  required_confirmations: z.int(),
})
export const CryptoAddressResponseSchema = dataEnvelope(CryptoAddressSchema)

/** POST /admin/users/{id}/crypto-transfers: the sandbox chain's "Simulate incoming transfer". */
export const SimulatedTransferRequestSchema = z.strictObject({
  coin: CoinSlugSchema,
  network: NetworkIdSchema,
  coin_amount: CoinAmountSchema,
})

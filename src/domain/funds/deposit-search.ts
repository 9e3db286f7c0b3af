// What the deposit pages' URLs may say (decision 0019): the coin a bare /main/deposit opens, and the search
// parameters of /main/deposit/qr-code and /main/deposit/wire-confirmation. Routes read these before the first render
// (a `validateSearch`, a `beforeLoad` redirect): guards, and no contract (../search-params.ts says why).
import { type Infer, object, oneOf, optionalParam } from '../guard'
import { positiveIntParam } from '../search-params'
import {
  CRYPTO_COIN_SLUGS,
  CRYPTO_COINS,
  CRYPTO_NETWORK_IDS,
  findCoin,
  type CryptoCoin,
} from './crypto-coins'

/**
 * The crypto deposit /main/deposit opens on (docs/product/site-and-gates.md#routes: the index redirects to the crypto
 * deposit).
 */
export const DEFAULT_DEPOSIT_COIN: CryptoCoin['slug'] = 'bitcoin'

/**
 * /main/deposit/qr-code's search: whose address to show. A missing or unknown coin falls back to the default coin,
 * a missing network to the coin's first, so an old or hand-made link still shows a code rather than an error.
 */
export const QrCodeSearchSchema = object({
  coin: optionalParam(oneOf(CRYPTO_COIN_SLUGS)),
  network: optionalParam(oneOf(CRYPTO_NETWORK_IDS)),
})
export type QrCodeSearch = Infer<typeof QrCodeSearchSchema>

export function qrCodeTarget(search: QrCodeSearch): { coin: CryptoCoin; networkId: string } {
  const coin = findCoin(search.coin ?? DEFAULT_DEPOSIT_COIN) ?? CRYPTO_COINS[0]!
  const network = coin.networks.find((candidate) => candidate.id === search.network) ?? coin.networks[0]!
  return { coin, networkId: network.id }
}

/** /main/deposit/wire-confirmation's search: the wire deposit just recorded. */
export const WireConfirmationSearchSchema = object({
  deposit: optionalParam(positiveIntParam()),
})
